import { sql } from "drizzle-orm";
import {
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { charges } from "./billing";
import { clients } from "./clients";
import { personalData } from "../personal-data";

import type { OnboardingSource, OnboardingStatus } from "../../modules/onboarding/onboarding.constants";
import type {
  ClientStep,
  FileStep,
  TextSubmission,
  UploadMime,
} from "../../modules/onboarding/client-steps.constants";

/** PostgreSQL `bytea` (PGlite too), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * An onboarding (implantação): the 3–5 business-day promise made to a client once their
 * payment is confirmed. One per client (unique), opened by the first paid charge or by an admin.
 * Dates are São Paulo calendar days; the due date and target are computed when it opens from the
 * settings then (changing the settings later does not move promises already made).
 */
export const onboardings = pgTable(
  "onboardings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    source: text("source").$type<OnboardingSource>().notNull(),
    /** The paid charge that opened it (automatic); null when opened by hand. */
    chargeId: uuid("charge_id").references(() => charges.id, { onDelete: "set null" }),
    /** The São Paulo date the payment was confirmed: the business-day clock starts here. */
    openedOn: date("opened_on", { mode: "string" }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    openedById: text("opened_by_id"),
    openedByName: text("opened_by_name"),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    targetDate: date("target_date", { mode: "string" }).notNull(),
    /** From this day on at most 1 business day is left ("em risco"): the business day before the due date. */
    atRiskOn: date("at_risk_on", { mode: "string" }).notNull(),
    status: text("status").$type<OnboardingStatus>().notNull().default("a_fazer"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    publishedOn: date("published_on", { mode: "string" }),
    publishedById: text("published_by_id"),
    publishedByName: text("published_by_name"),
    /** Business days from opened_on to published_on (decision 029). */
    businessDaysTaken: integer("business_days_taken"),
    /** The menu's public address, asked by "Publicar" (https; decision 042). */
    menuUrl: text("menu_url"),
    /** The restaurant's app in the stores, when it has one (https). */
    androidUrl: text("android_url"),
    iosUrl: text("ios_url"),
    /** Checklist steps still open when it was published (0: all done); null until published. */
    openStepsAtPublish: integer("open_steps_at_publish"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("onboardings_status_check", sql`${t.status} in ('a_fazer', 'em_andamento', 'publicado')`),
    check("onboardings_source_check", sql`${t.source} in ('automatica', 'manual')`),
    check(
      "onboardings_published_check",
      sql`(${t.status} = 'publicado') = (${t.publishedAt} is not null)
        and (${t.publishedAt} is null or (${t.publishedOn} is not null and ${t.businessDaysTaken} >= 0))`,
    ),
    check(
      "onboardings_dates_check",
      sql`${t.targetDate} >= ${t.openedOn} and ${t.dueDate} >= ${t.targetDate} and ${t.atRiskOn} <= ${t.dueDate}`,
    ),
    uniqueIndex("onboardings_client_unique").on(t.clientId),
    // The board: by column and due date; the promise figures: by publication date.
    index("onboardings_status_due_idx").on(t.status, t.dueDate, t.id),
    index("onboardings_published_idx")
      .on(t.publishedOn)
      .where(sql`${t.publishedOn} is not null`),
  ],
);

/** The checklist of an onboarding, copied from the template when it opens. */
export const onboardingItems = pgTable(
  "onboarding_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    onboardingId: uuid("onboarding_id")
      .notNull()
      .references(() => onboardings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    label: text("label").notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneById: text("done_by_id"),
    doneByName: text("done_by_name"),
    /** The client's step this item is (decision 041): ticked by the client's submission. */
    clientStep: text("client_step").$type<ClientStep>(),
  },
  (t) => [
    check("onboarding_items_label_check", sql`length(btrim(${t.label})) > 0`),
    check(
      "onboarding_items_client_step_check",
      sql`${t.clientStep} is null or ${t.clientStep} in ('cardapio', 'logo', 'horarios', 'entrega', 'pix')`,
    ),
    uniqueIndex("onboarding_items_position_unique").on(t.onboardingId, t.position),
    uniqueIndex("onboarding_items_client_step_unique").on(t.onboardingId, t.clientStep),
  ],
);

/**
 * Files the restaurant sends for its menu (decision 041): in the database, so every instance
 * serves them and PGlite keeps them in its one directory. The type is the one read from the
 * content, never the name's; a client's total is bounded (checked with the client row locked).
 */
export const onboardingFiles = pgTable(
  "onboarding_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    step: text("step").$type<FileStep>().notNull(),
    name: text("name").notNull(),
    mime: text("mime").$type<UploadMime>().notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    content: bytea("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("onboarding_files_step_check", sql`${t.step} in ('cardapio', 'logo')`),
    check(
      "onboarding_files_mime_check",
      sql`${t.mime} in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')`,
    ),
    check(
      "onboarding_files_size_check",
      sql`${t.sizeBytes} between 1 and 10485760 and ${t.sizeBytes} = octet_length(${t.content})`,
    ),
    index("onboarding_files_client_idx").on(t.clientId, t.createdAt),
  ],
);

/** What the restaurant typed for its menu: hours, delivery areas and fees, its PIX key, a note. */
export const onboardingAnswers = pgTable(
  "onboarding_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TextSubmission>().notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("onboarding_answers_kind_check", sql`${t.kind} in ('horarios', 'entrega', 'pix', 'observacao')`),
    uniqueIndex("onboarding_answers_client_kind_unique").on(t.clientId, t.kind),
  ],
);

/** Configurações → Implantação, one row: the promise in business days and the checklist template. */
export const onboardingSettings = pgTable(
  "onboarding_settings",
  {
    id: integer("id").primaryKey().default(1),
    dueDays: integer("due_days").notNull().default(5),
    targetDays: integer("target_days").notNull().default(3),
    checklist: text("checklist").array().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("onboarding_settings_single_row", sql`${t.id} = 1`),
    check(
      "onboarding_settings_days_check",
      sql`${t.targetDays} between 1 and 30 and ${t.dueDays} between 1 and 30 and ${t.targetDays} <= ${t.dueDays}`,
    ),
  ],
);

/**
 * Alerts of a broken promise sent once (decision 029): the row is the "sent" mark, inserted in the
 * transaction that queues the e-mails, so a job run twice finds it and sends nothing.
 */
export const promiseAlerts = pgTable(
  "promise_alerts",
  {
    kind: text("kind").notNull(),
    subjectId: uuid("subject_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.subjectId] }),
    check("promise_alerts_kind_check", sql`${t.kind} in ('implantacao.atrasada', 'lead.sem_contato')`),
  ],
);

export const onboardingsPersonalData = personalData({
  table: onboardings,
  owners: { clientId: "client" },
  personal: {
    openedByName: { kind: "name", owner: "openedById", ownerKind: "user" },
    publishedByName: { kind: "name", owner: "publishedById", ownerKind: "user" },
  },
  notPersonal: ["source", "status", "openedById", "publishedById", "menuUrl", "androidUrl", "iosUrl"],
  exportAs: { key: "onboardings", label: "Implantações" },
});
export const onboardingItemsPersonalData = personalData({
  table: onboardingItems,
  personal: { doneByName: { kind: "name", owner: "doneById", ownerKind: "user" } },
  notPersonal: ["label", "doneById", "clientStep"],
});
// Anonymising a client deletes what it sent (its menu, logo, hours, PIX key): the files are not
// in the export (their bytes are not data about the person beyond what the export says).
export const onboardingFilesPersonalData = personalData({
  table: onboardingFiles,
  owners: { clientId: "client" },
  personal: { name: "trace" },
  notPersonal: ["step", "mime", "sha256"],
  erase: "delete",
});
export const onboardingAnswersPersonalData = personalData({
  table: onboardingAnswers,
  owners: { clientId: "client" },
  personal: { value: "text" },
  notPersonal: ["kind"],
  erase: "delete",
  exportAs: { key: "onboardingAnswers", label: "Informações enviadas para o cardápio" },
});
export const onboardingSettingsPersonalData = personalData({
  table: onboardingSettings,
  personal: {},
  notPersonal: ["checklist"],
});
export const promiseAlertsPersonalData = personalData({
  table: promiseAlerts,
  personal: {},
  notPersonal: ["kind"],
});
