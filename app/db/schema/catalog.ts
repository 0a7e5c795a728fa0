import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { personalData } from "../personal-data";

export const plans = pgTable(
  "plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    setupFeeCents: integer("setup_fee_cents").notNull().default(0),
    description: text("description"),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPopular: boolean("is_popular").notNull().default(false),
    // What a representative earns for a completed referral of this plan. Filled by the
    // migration with the spec's rule; a referral snapshots it when created.
    commissionCents: integer("commission_cents").notNull().default(10000),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("plans_price_check", sql`${t.priceCents} >= 0`),
    check("plans_setup_fee_check", sql`${t.setupFeeCents} >= 0`),
    check("plans_commission_check", sql`${t.commissionCents} >= 0`),
    index("plans_price_idx").on(t.priceCents),
  ],
);

// Personal data (decision 019): none.
export const plansPersonalData = personalData({
  table: plans,
  personal: {},
  notPersonal: ["name", "description", "features"],
});
