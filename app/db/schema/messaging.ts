import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clients } from "./clients";
import { mailMessages } from "./ops";
import { personalData } from "../personal-data";
import type {
  WhatsAppConsentSource,
  WhatsAppWithdrawalSource,
} from "../../modules/whatsapp/whatsapp.constants";

// The WhatsApp channel (decision 044). Its messages are rows of the one message log
// (mail_messages, channel 'whatsapp'); these tables hold what only this channel has: the
// client's consent, each message's status history, the webhook's events and the templates'
// review status.

/**
 * A client's opt-in for WhatsApp: which number, the exact text shown, who recorded it and where
 * it came from; and, once withdrawn, when and how. At most one open consent per client (the
 * database says so); a new number withdraws the old one (`substituido`). No open consent, no
 * message (modules/whatsapp/send.server.ts).
 */
export const whatsappConsents = pgTable(
  "whatsapp_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The number consented, in international digits (55 + DDD + number). */
    phone: text("phone").notNull(),
    /** The text the person was shown, word for word. */
    consentText: text("consent_text").notNull(),
    source: text("source").$type<WhatsAppConsentSource>().notNull(),
    /** An admin's account of a consent given elsewhere (required for source 'admin'). */
    sourceNote: text("source_note"),
    /** The account that recorded it: the client's own login, or the admin's; null for an inbound. */
    recordedById: text("recorded_by_id").references(() => user.id, { onDelete: "set null" }),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawalSource: text("withdrawal_source").$type<WhatsAppWithdrawalSource>(),
    withdrawnById: text("withdrawn_by_id").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check(
      "whatsapp_consents_source_check",
      sql`${t.source} in ('area_do_cliente', 'admin', 'mensagem_recebida')`,
    ),
    check(
      "whatsapp_consents_withdrawal_check",
      sql`(${t.withdrawnAt} is null) = (${t.withdrawalSource} is null)
        and (${t.withdrawalSource} is null
          or ${t.withdrawalSource} in ('area_do_cliente', 'admin', 'mensagem_recebida', 'substituido'))`,
    ),
    check(
      "whatsapp_consents_admin_note_check",
      sql`${t.source} <> 'admin' or length(trim(coalesce(${t.sourceNote}, ''))) > 0`,
    ),
    check("whatsapp_consents_phone_check", sql`${t.phone} ~ '^[0-9]{12,13}$'`),
    uniqueIndex("whatsapp_consents_open_unique")
      .on(t.clientId)
      .where(sql`${t.withdrawnAt} is null`),
    index("whatsapp_consents_phone_open_idx")
      .on(t.phone)
      .where(sql`${t.withdrawnAt} is null`),
    index("whatsapp_consents_client_idx").on(t.clientId, t.givenAt),
  ],
);

/**
 * Erasing a client deletes their consents: the number and the record of it go with them, and
 * with no consent nothing can be sent to a number that no longer belongs to anyone we know.
 */
export const whatsappConsentsPersonalData = personalData({
  table: whatsappConsents,
  owners: { clientId: "client" },
  personal: {
    phone: "phone",
    sourceNote: "text",
    // The text names the number it was given for.
    consentText: "text",
  },
  notPersonal: ["source", "recordedById", "withdrawalSource", "withdrawnById"],
  erase: "delete",
  exportAs: { key: "whatsappConsents", label: "Consentimentos de WhatsApp" },
});

/**
 * A WhatsApp message's status history: each status the provider reported, once (a repeated
 * webhook adds nothing), with the provider's time and error. The message's own status
 * (mail_messages.status) is the furthest one reached.
 */
export const messageStatusEvents = pgTable(
  "message_status_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    /** The provider's status: sent, delivered, read, failed. */
    status: text("status").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("message_status_events_status_check", sql`${t.status} in ('sent', 'delivered', 'read', 'failed')`),
    uniqueIndex("message_status_events_unique").on(t.messageId, t.status),
  ],
);

/** Statuses and Meta's error titles ("Message undeliverable") name no person. */
export const messageStatusEventsPersonalData = personalData({
  table: messageStatusEvents,
  personal: {},
  notPersonal: ["status", "errorTitle"],
});

/**
 * Every event the WhatsApp webhook carried, once per event id (deliveries are at least once),
 * applied by a job. Stored reduced to what is applied: no profile name, no message text (an
 * inbound keeps only whether it was a stop word); `phone` is the sender of an inbound message,
 * kept only until the event is applied (then null), so no number stays behind.
 */
export const whatsappEvents = pgTable(
  "whatsapp_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: text("event_id").notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    phone: text("phone"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  (t) => [
    check("whatsapp_events_kind_check", sql`${t.kind} in ('status', 'inbound', 'template_status')`),
    uniqueIndex("whatsapp_events_event_unique").on(t.eventId),
    index("whatsapp_events_received_idx").on(t.receivedAt),
  ],
);

export const whatsappEventsPersonalData = personalData({
  table: whatsappEvents,
  personal: { phone: "phone" },
  // The payload holds the provider's message id, a status, a time, error codes, or a template's
  // name and review status: nothing that identifies a person.
  notPersonal: ["eventId", "kind", "payload", "outcome"],
});

/** Each template's review status as the webhook last reported it (Configurações → WhatsApp). */
export const whatsappTemplateStatuses = pgTable(
  "whatsapp_template_statuses",
  {
    name: text("name").notNull(),
    language: text("language").notNull(),
    templateId: text("template_id").notNull(),
    status: text("status").notNull(),
    reason: text("reason"),
    /** The time of the event that set it: an older event arriving late changes nothing. */
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("whatsapp_template_statuses_pk").on(t.name, t.language)],
);

export const whatsappTemplateStatusesPersonalData = personalData({
  table: whatsappTemplateStatuses,
  personal: {},
  notPersonal: ["name", "language", "templateId", "status", "reason"],
});
