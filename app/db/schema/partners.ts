import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { plans } from "./catalog";

import type { MaterialType } from "../../modules/materials/materials.constants";
import type { ReferralStatus } from "../../modules/referrals/referrals.constants";

export { MATERIAL_TYPES, type MaterialType } from "../../modules/materials/materials.constants";
export { REFERRAL_STATUSES, type ReferralStatus } from "../../modules/referrals/referrals.constants";

export const representatives = pgTable(
  "representatives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    // Deleting the login user removes the representative row with it.
    authId: text("auth_id")
      .notNull()
      .unique("representatives_auth_id_unique")
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
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
    status: text("status").$type<ReferralStatus>().notNull().default("analise"),
    // Commission fixed when the referral is completed, from the plan at that moment.
    commissionCents: integer("commission_cents"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "referrals_status_check",
      sql`${t.status} in ('analise', 'aguardando_pagamento', 'producao', 'concluido')`,
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
    index("referrals_phone_trgm_idx").using("gin", sql`${t.contactPhone} gin_trgm_ops`),
    index("referrals_contact_unaccent_trgm_idx").using(
      "gin",
      sql`immutable_unaccent(${t.contactName}) gin_trgm_ops`,
    ),
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
