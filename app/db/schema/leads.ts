import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients";

import type { FunnelStage, OpenStage } from "../../modules/leads/leads.constants";
import { personalData } from "../personal-data";

export { FUNNEL_STAGES, type FunnelStage } from "../../modules/leads/leads.constants";

// SPEC's `contatos`: a contact request that becomes a lead in the funnel.
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    business: text("business").notNull(),
    // Readable value (plan name, or a text for unsure/representative), never the raw select value.
    plan: text("plan").notNull(),
    message: text("message"),
    isRepresentative: boolean("is_representative").notNull().default(false),
    statusFunil: text("status_funil").$type<FunnelStage>().notNull().default("novo"),
    status: text("status").$type<FunnelStage>().notNull().default("novo"),
    // Set in the same transaction that creates the client on conversion.
    convertedClientId: uuid("converted_client_id").references(() => clients.id, {
      onDelete: "set null",
    }),
    // Attribution (beyond the spec): where the visitor came from.
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    gclid: text("gclid"),
    fbclid: text("fbclid"),
    referrer: text("referrer"),
    landingPage: text("landing_page"),
    // Why the lead was lost: one of the reasons of funnel_settings then, and an
    // optional free text ("Outro: …"). Cleared when the lead is taken back ('Retomar').
    lostReason: text("lost_reason"),
    lostNote: text("lost_note"),
    // Follow-up: when to contact the lead next (open leads only).
    nextContactAt: timestamp("next_contact_at", { withTimezone: true }),
    // The privacy notice shown next to the form (LGPD): when, and which text (a hash
    // of the policy the visitor could open). Null for leads typed in by the team.
    privacyNoticeAt: timestamp("privacy_notice_at", { withTimezone: true }),
    privacyNoticeVersion: text("privacy_notice_version"),
    /**
     * When the visitor ticked the contact form's WhatsApp box (LEAD_WHATSAPP_CONSENT_TEXT, next to
     * the number they typed): the team may then answer through the WhatsApp API. Decision 044.
     */
    whatsappConsentAt: timestamp("whatsapp_consent_at", { withTimezone: true }),
    // The representative whose referral link the visitor opened, kept even when
    // no referral was created for them (the establishment was already referred or a client).
    referredById: uuid("referred_by_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "leads_status_funil_check",
      sql`${t.statusFunil} in ('novo', 'contatado', 'qualificado', 'negociando', 'convertido', 'perdido')`,
    ),
    // status mirrors status_funil (SPEC §4); the database refuses them apart.
    check("leads_status_mirror_check", sql`${t.status} = ${t.statusFunil}`),
    index("leads_stage_created_idx").on(t.statusFunil, t.createdAt, t.id),
    index("leads_created_idx").on(t.createdAt),
    // Follow-ups due (dashboard): open leads with a date.
    index("leads_next_contact_idx")
      .on(t.nextContactAt)
      .where(sql`${t.nextContactAt} is not null and ${t.statusFunil} not in ('convertido', 'perdido')`),
    // Lost leads by reason (funnel and dashboard).
    index("leads_lost_reason_idx")
      .on(t.lostReason)
      .where(sql`${t.statusFunil} = 'perdido'`),
    index("leads_email_idx").on(t.email),
    index("leads_name_unaccent_trgm_idx").using("gin", sql`immutable_unaccent(${t.name}) gin_trgm_ops`),
    index("leads_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("leads_business_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.business}) gin_trgm_ops`,
    ),
    // The funnel search also matches the phone as typed and by its digits ("11 9999" finds
    // "(11) 9999-…"); without these an OR with the phone made every search a sequential scan.
    index("leads_phone_trgm_idx").using("gin", sql`${t.phone} gin_trgm_ops`),
    index("leads_phone_digits_trgm_idx").using(
      "gin",
      sql`regexp_replace(${t.phone}, '\\D', '', 'g') gin_trgm_ops`,
    ),
  ],
);

// Notes an admin adds on the lead page. On conversion they are copied to the client's
// notes, and a note added to a converted lead goes to its client as well.
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    note: text("note").notNull(),
    /** The admin who wrote it and their name then (kept when the user is renamed or removed). */
    authorId: text("author_id"),
    authorName: text("author_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_notes_nonempty", sql`length(btrim(${t.note})) > 0`),
    index("lead_notes_lead_idx").on(t.leadId, t.createdAt),
  ],
);

// The funnel's settings, one row (id = 1), apart from the SEO settings row so the
// settings pages of other work can grow without touching it. No row: the defaults in
// app/modules/leads/funnel-settings.server.ts.
export const funnelSettings = pgTable(
  "funnel_settings",
  {
    id: integer("id").primaryKey().default(1),
    lostReasons: text("lost_reasons").array().notNull(),
    lostReasonRequired: boolean("lost_reason_required").notNull().default(false),
    // Days without a change after which an open lead's card says "parado há N dias" (like
    // Pipedrive's rotting), per open stage. Missing stages use IDLE_DAYS_DEFAULTS.
    idleDays: jsonb("idle_days").$type<Partial<Record<OpenStage, number>>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("funnel_settings_single_row", sql`${t.id} = 1`)],
);

// Personal data (decision 019; app/db/personal-data.ts). UTM values name campaigns,
// not people; click ids, the referrer and the landing page can point at one visitor.
export const leadsPersonalData = personalData({
  table: leads,
  subject: "lead",
  auditEntity: "lead",
  owners: { convertedClientId: "client" },
  personal: {
    name: "name",
    email: "email",
    phone: "phone",
    business: "name",
    message: "text",
    lostNote: "text",
    gclid: "trace",
    fbclid: "trace",
    referrer: "trace",
    landingPage: "trace",
  },
  notPersonal: [
    "plan",
    "statusFunil",
    "status",
    "utmSource",
    "utmMedium",
    "utmCampaign",
    "utmTerm",
    "utmContent",
    "lostReason",
    "privacyNoticeVersion",
  ],
  // "Outro: Ana desistiu": the lost reason with the admin's note, as the timeline shows it.
  auditFields: ["motivoPerda", "note"],
  exportAs: { key: "leads", label: "Leads" },
});
export const leadNotesPersonalData = personalData({
  table: leadNotes,
  owners: { leadId: "lead" },
  personal: { note: "text", authorName: { kind: "name", owner: "authorId", ownerKind: "user" } },
  notPersonal: ["authorId"],
  exportAs: { key: "leadNotes", label: "Anotações de leads" },
});
export const funnelSettingsPersonalData = personalData({
  table: funnelSettings,
  personal: {},
  notPersonal: ["lostReasons", "idleDays"],
});
