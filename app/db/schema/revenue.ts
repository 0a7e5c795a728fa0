import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { plans } from "./catalog";
import { clients, subscriptions } from "./clients";
import { personalData } from "../personal-data";
import type { MrrMovement, SubscriptionEventKind } from "../../modules/revenue/revenue.constants";

/**
 * The subscription history (decision 023): one dated row per change that moves
 * recurring revenue, written in the transaction of the change. `mrr_before`/`mrr_after` are the
 * subscription's monthly value (integer cents) around the change, so a client's MRR on a day is
 * the sum of `mrr_after − mrr_before` of its events up to that day: revenue figures never depend
 * on today's plan prices or on rows that were later deleted (the subscription id is set null).
 */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    kind: text("kind").$type<SubscriptionEventKind>().notNull(),
    /** The São Paulo date the change takes effect (a cancellation at period end is dated then). */
    effectiveOn: date("effective_on", { mode: "string" }).notNull(),
    mrrBeforeCents: integer("mrr_before_cents").notNull(),
    mrrAfterCents: integer("mrr_after_cents").notNull(),
    planBeforeId: uuid("plan_before_id").references(() => plans.id, { onDelete: "set null" }),
    planAfterId: uuid("plan_after_id").references(() => plans.id, { onDelete: "set null" }),
    renewalType: text("renewal_type"),
    /** The subscription's version this event records (null for events written before versions existed). */
    subscriptionVersion: integer("subscription_version"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "subscription_events_kind_check",
      sql`${t.kind} in ('inicio', 'troca_plano', 'troca_renovacao', 'suspensao', 'reativacao', 'cancelamento', 'fim', 'renovacao')`,
    ),
    check("subscription_events_mrr_check", sql`${t.mrrBeforeCents} >= 0 and ${t.mrrAfterCents} >= 0`),
    index("subscription_events_effective_idx").on(t.effectiveOn, t.clientId),
    index("subscription_events_client_idx").on(t.clientId, t.effectiveOn),
    index("subscription_events_subscription_idx").on(t.subscriptionId),
  ],
);

export const subscriptionEventsPersonalData = personalData({
  table: subscriptionEvents,
  owners: { clientId: "client" },
  personal: {},
  notPersonal: ["kind", "renewalType"],
});

/*
 * The MRR movements, kept by a statement trigger on subscription_events (migration 0022, decision
 * 031) in the transaction of every event: when a client's events change, that client's movements
 * are classified again from all its events (ChartMogul's rules, as revenue.server.ts documents)
 * and the two totals below move by the difference. /admin/revenue then sums a few thousand rows
 * instead of a million events. No foreign key to clients: the trigger must still see a deleted
 * client's old rows to take them out of the totals.
 */

/** Per client and day: the movements its events made that day. */
export const revenueClientDays = pgTable(
  "revenue_client_days",
  {
    clientId: uuid("client_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    movement: text("movement").$type<MrrMovement>().notNull(),
    /** Sum of the events' changes, always positive (the movement says the sign). */
    cents: bigint("cents", { mode: "number" }).notNull(),
    events: integer("events").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.day, t.movement] }),
    index("revenue_client_days_day_idx").on(t.movement, t.day),
  ],
);

/** Per day and movement, over all clients: MRR and paying clients on any date are sums of these. */
export const revenueDays = pgTable(
  "revenue_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    movement: text("movement").$type<MrrMovement>().notNull(),
    cents: bigint("cents", { mode: "number" }).notNull(),
    events: integer("events").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.movement] })],
);

/** Per month and movement: the waterfall's amounts and how many distinct clients made them. */
export const revenueMonthsTable = pgTable(
  "revenue_months",
  {
    month: date("month", { mode: "string" }).notNull(),
    movement: text("movement").$type<MrrMovement>().notNull(),
    cents: bigint("cents", { mode: "number" }).notNull(),
    clients: integer("clients").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.movement] })],
);

export const revenueClientDaysPersonalData = personalData({
  table: revenueClientDays,
  owners: { clientId: "client" },
  personal: {},
  notPersonal: ["movement"],
});
export const revenueDaysPersonalData = personalData({
  table: revenueDays,
  personal: {},
  notPersonal: ["movement"],
});
export const revenueMonthsPersonalData = personalData({
  table: revenueMonthsTable,
  personal: {},
  notPersonal: ["movement"],
});
