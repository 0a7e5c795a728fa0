import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { representatives } from "./partners";
import { personalData } from "../personal-data";

/**
 * Configurações → Privacidade (LGPD), one row: who the controller is and the texts of
 * /privacidade and /termos (sanitized HTML; empty: the default text built from the first two).
 */
export const privacySettings = pgTable(
  "privacy_settings",
  {
    id: integer("id").primaryKey().default(1),
    companyName: text("company_name"),
    contactEmail: text("contact_email"),
    privacyPolicy: text("privacy_policy"),
    termsOfUse: text("terms_of_use"),
    /** Retention: lost leads are anonymised this many months after their last change. */
    leadRetentionMonths: integer("lead_retention_months").notNull().default(24),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("privacy_settings_single_row", sql`${t.id} = 1`),
    check("privacy_settings_retention_check", sql`${t.leadRetentionMonths} between 1 and 120`),
  ],
);

/**
 * A representative's request to delete their account (LGPD art. 18, from /representante/conta).
 * The admins are told by e-mail and see the pending ones on /admin/privacy; anonymising the
 * representative there completes it. At most one pending request per representative.
 */
export const accountDeletionRequests = pgTable(
  "account_deletion_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    representativeId: uuid("representative_id")
      .notNull()
      .references(() => representatives.id, { onDelete: "cascade" }),
    status: text("status").$type<"pendente" | "concluido">().notNull().default("pendente"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("account_deletion_requests_status_check", sql`${t.status} in ('pendente', 'concluido')`),
    uniqueIndex("account_deletion_requests_one_pending_idx")
      .on(t.representativeId)
      .where(sql`${t.status} = 'pendente'`),
    index("account_deletion_requests_status_idx").on(t.status, t.requestedAt),
  ],
);

// Personal data (decision 019): the controller's own texts; requests hold only ids.
export const privacySettingsPersonalData = personalData({
  table: privacySettings,
  personal: {},
  notPersonal: ["companyName", "contactEmail", "privacyPolicy", "termsOfUse"],
});
export const accountDeletionRequestsPersonalData = personalData({
  table: accountDeletionRequests,
  owners: { representativeId: "representative" },
  personal: {},
  notPersonal: ["status", "resolvedBy"],
});
