import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Configurações → Privacidade (LGPD, issue 16), one row: who the controller is and the texts of
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
