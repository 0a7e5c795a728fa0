import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { plans } from "./catalog";
import { clients } from "./clients";
import { leads } from "./leads";

import type { MaterialType } from "../../modules/materials/materials.constants";
import type { ReferralCancelCause, StoredReferralStatus } from "../../modules/referrals/referrals.constants";
import type { PayoutMethod } from "../../modules/payouts/payouts.constants";
import type { PixKeyType } from "../../modules/representatives/profile.constants";

export { MATERIAL_TYPES, type MaterialType } from "../../modules/materials/materials.constants";
export {
  PIPELINE_CAUSES,
  PIPELINE_REASON_FIELD,
  type PipelineCause,
  REFERRAL_CANCELLED,
  REFERRAL_CANCEL_CAUSES,
  type ReferralCancelCause,
  REFERRAL_STATUSES,
  STORED_REFERRAL_STATUSES,
  type ReferralStatus,
  type StoredReferralStatus,
} from "../../modules/referrals/referrals.constants";
import { personalData } from "../personal-data";
export { PAYOUT_METHODS, type PayoutMethod } from "../../modules/payouts/payouts.constants";

export const representatives = pgTable(
  "representatives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    // Deleting the login user removes the representative row with it.
    // Payout details, all optional: phone/WhatsApp as 10–11 digits
    // (normalizePhone), the PIX key with its type, and the CPF/CNPJ as digits.
    phone: text("phone"),
    pixKeyType: text("pix_key_type").$type<PixKeyType>(),
    pixKey: text("pix_key"),
    document: text("document"),
    // The code of the referral link `{BASE_URL}/?ref={code}`: 8 lowercase hex
    // characters drawn by the database, so every insert (sign-up, demo data, tests) gets one.
    referralCode: text("referral_code")
      .notNull()
      .unique("representatives_referral_code_unique")
      .default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 8)`),
    authId: text("auth_id")
      .notNull()
      .unique("representatives_auth_id_unique")
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "representatives_pix_key_type_check",
      sql`${t.pixKeyType} is null or ${t.pixKeyType} in ('cpf', 'cnpj', 'email', 'telefone', 'aleatoria')`,
    ),
    index("representatives_name_idx").on(t.name, t.id),
    index("representatives_created_idx").on(t.createdAt),
    index("representatives_name_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.name}) gin_trgm_ops`,
    ),
    index("representatives_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Kept (representative set null) when a representative is deleted: the sale history stays.
    representativeId: uuid("representative_id").references(() => representatives.id, {
      onDelete: "set null",
    }),
    businessName: text("business_name").notNull(),
    contactName: text("contact_name").notNull(),
    contactPhone: text("contact_phone").notNull(),
    planId: uuid("plan_id").references(() => plans.id, { onDelete: "set null" }),
    status: text("status").$type<StoredReferralStatus>().notNull().default("analise"),
    // Why it is `cancelada`, null in any other status: its representative cancelled it,
    // or its lead was marked lost ("Retomar" on the lead brings back only the latter).
    cancelCause: text("cancel_cause").$type<ReferralCancelCause>(),
    // Snapshot taken when the referral is created: the plan's name and commission then.
    // Completion earns exactly this; later plan changes (rename, new amount, deletion) do not
    // touch it. Null only for rows that predate the snapshot and had no plan (rule's default).
    planName: text("plan_name"),
    commissionCents: integer("commission_cents"),
    // When it last became `concluido` (the commission's date in the statement); null otherwise.
    completedAt: timestamp("completed_at", { withTimezone: true }),
    // The lead this referral came from, when a visitor sent the contact form after opening the
    // representative's link; null for the wizard's referrals.
    leadId: uuid("lead_id").references(() => leads.id, { onDelete: "set null" }),
    // The client the referral became: set when its lead is converted. The automatic
    // moves (first charge paid, onboarding published) find the referral through it.
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "referrals_status_check",
      sql`${t.status} in ('analise', 'aguardando_pagamento', 'producao', 'concluido', 'cancelada')`,
    ),
    check(
      "referrals_cancel_cause_check",
      sql`${t.cancelCause} is null or ${t.cancelCause} in ('representante', 'lead_perdido')`,
    ),
    index("referrals_rep_created_idx").on(t.representativeId, t.createdAt),
    index("referrals_created_idx").on(t.createdAt, t.id),
    // The list filters by status and sorts status A→Z, newest first within a status.
    index("referrals_status_created_idx").on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("referrals_plan_idx").on(t.planId),
    // The admin list sorts names case-insensitively (lower()); ties fall back to newest first.
    index("referrals_business_name_lower_idx").on(sql`lower(${t.businessName})`, t.createdAt, t.id),
    index("referrals_contact_name_lower_idx").on(sql`lower(${t.contactName})`, t.createdAt, t.id),
    index("referrals_business_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.businessName}) gin_trgm_ops`,
    ),
    // Duplicate protection: the open referrals with a phone's digits, and the
    // admin list's "possible duplicate" flag (same business name, ignoring case and accents).
    index("referrals_phone_digits_idx").on(sql`regexp_replace(${t.contactPhone}, '\\D', '', 'g')`),
    index("referrals_business_folded_idx").on(sql`lower(immutable_unaccent(btrim(${t.businessName})))`),
    index("referrals_lead_idx").on(t.leadId),
    index("referrals_client_idx").on(t.clientId),
    index("referrals_phone_trgm_idx").using("gin", sql`${t.contactPhone} gin_trgm_ops`),
    index("referrals_contact_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.contactName}) gin_trgm_ops`,
    ),
  ],
);

/**
 * A payment to a representative: it pays the commissions listed in payout_items.
 * Never edited: a mistake is cancelled (cancelled_at) and recorded again.
 */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    representativeId: uuid("representative_id").references(() => representatives.id, {
      onDelete: "set null",
    }),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    method: text("method").$type<PayoutMethod>().notNull(),
    reference: text("reference"),
    amountCents: integer("amount_cents").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    check("payouts_method_check", sql`${t.method} in ('pix', 'transferencia')`),
    check("payouts_amount_check", sql`${t.amountCents} >= 0`),
    index("payouts_rep_created_idx").on(t.representativeId, t.createdAt),
  ],
);

/**
 * The commissions a payout pays, with the amount paid. `active` turns false when the payout is
 * cancelled; the partial unique index lets a commission be in at most one active payout, so two
 * admins paying it at once pay it once (the second insert fails).
 */
export const payoutItems = pgTable(
  "payout_items",
  {
    payoutId: uuid("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "restrict" }),
    amountCents: integer("amount_cents").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    index("payout_items_payout_idx").on(t.payoutId),
    uniqueIndex("payout_items_active_referral_unique")
      .on(t.referralId)
      .where(sql`${t.active}`),
  ],
);

/**
 * A commission taken back after it was paid: the referral left `concluido` (its first
 * charge refunded, say) while its commission was in an active payout. The negative amount is
 * netted from the representative's next payout (`netted_payout_id`) and shown in the statement,
 * as Tolt and Dub do. `source_payout_id` is the payout that had paid the commission: cancelling
 * that payout (the money never went) voids the adjustment.
 */
export const commissionAdjustments = pgTable(
  "commission_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    representativeId: uuid("representative_id").references(() => representatives.id, {
      onDelete: "set null",
    }),
    referralId: uuid("referral_id")
      .notNull()
      .references(() => referrals.id, { onDelete: "restrict" }),
    sourcePayoutId: uuid("source_payout_id").references(() => payouts.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    nettedPayoutId: uuid("netted_payout_id").references(() => payouts.id, { onDelete: "set null" }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("commission_adjustments_negative", sql`${t.amountCents} < 0`),
    index("commission_adjustments_rep_idx").on(t.representativeId, t.createdAt),
    index("commission_adjustments_netted_idx").on(t.nettedPayoutId),
  ],
);

export const representativeMaterials = pgTable(
  "representative_materials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    materialType: text("material_type").$type<MaterialType>().notNull().default("link"),
    driveUrl: text("drive_url"),
    textContent: text("text_content"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("materials_type_check", sql`${t.materialType} in ('link', 'text')`),
    index("materials_created_idx").on(t.createdAt),
  ],
);

// Personal data (decision 019; app/db/personal-data.ts).
export const representativesPersonalData = personalData({
  table: representatives,
  subject: "representative",
  auditEntity: "representative",
  owners: { authId: "user" },
  personal: {
    name: "name",
    email: "email",
    phone: "phone",
    // The payout details: the PIX key may be an e-mail, a phone or a CPF.
    pixKeyType: "trace",
    pixKey: "trace",
    document: "trace",
  },
  notPersonal: ["referralCode", "authId"],
  exportAs: { key: "representatives", label: "Representantes" },
});
// A referral is its contact's (found by the lead it came from, or by phone); the representative
// who made it sees it in their export but anonymising them leaves it alone.
export const referralsPersonalData = personalData({
  table: referrals,
  subject: "referral",
  auditEntity: "referral",
  owners: { leadId: "lead" },
  related: { representativeId: "representative" },
  personal: { businessName: "name", contactName: "name", contactPhone: "phone" },
  notPersonal: ["status", "planName", "cancelCause"],
  // A lost lead's reason, copied to its referral's cancellation: the admin's note goes.
  auditFields: ["motivoPerda"],
  exportAs: { key: "referrals", label: "Indicações" },
});
export const payoutsPersonalData = personalData({
  table: payouts,
  auditEntity: "payout",
  owners: { representativeId: "representative" },
  personal: {},
  notPersonal: ["method", "reference", "createdBy", "cancelledBy"],
});
export const commissionAdjustmentsPersonalData = personalData({
  table: commissionAdjustments,
  owners: { representativeId: "representative" },
  personal: {},
  notPersonal: ["reason"],
});
export const representativeMaterialsPersonalData = personalData({
  table: representativeMaterials,
  personal: {},
  notPersonal: ["title", "description", "materialType", "driveUrl", "textContent"],
});
