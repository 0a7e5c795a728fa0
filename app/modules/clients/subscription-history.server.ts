import { eq, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { clients, plans, subscriptionEvents, subscriptions } from "~/db/schema";
import type { Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now } from "~/server/clock.server";
import { subscriptionEndDate } from "./clients.schema";

/**
 * The one door through which a subscription is created or changed. Each change writes
 * the row and its history event in the caller's transaction, with the same version number; the
 * database refuses a change of plan, status, dates, renewal or billing that comes without its
 * event (migration 0031), so Receita, which is built from the history, sees every change.
 */

/** The ledger's kinds of change (Receita's MRR movements are computed from them). */
type SubscriptionEventKind = (typeof subscriptionEvents.$inferInsert)["kind"];
type Subscription = typeof subscriptions.$inferSelect;
type SubscriptionSet = Partial<
  Pick<
    typeof subscriptions.$inferInsert,
    "planId" | "status" | "startDate" | "endDate" | "cancelAt" | "renewalType" | "noBilling" | "pendingPlanId"
  >
>;

export interface SubscriptionEventInput {
  kind: SubscriptionEventKind;
  /** São Paulo date the change takes effect ("YYYY-MM-DD"). */
  effectiveOn: string;
  mrrBeforeCents: number;
  mrrAfterCents: number;
  planBeforeId?: string | null;
  planAfterId?: string | null;
}

/** A subscription's monthly value: the plan's monthly price, or 0 when it is "sem cobrança". */
export function monthlyValueCents(planPriceCents: number, noBilling: boolean): number {
  return noBilling ? 0 : planPriceCents;
}

/** A subscription's monthly value now: the net of its history (0 once it has ended). */
export async function subscriptionMrrCents(tx: DbOrTx, subscriptionId: string): Promise<number> {
  const [row] = await queryRows<{ mrr: string | null }>(
    tx,
    sql`select sum(mrr_after_cents - mrr_before_cents) as mrr
          from subscription_events where subscription_id = ${subscriptionId}`,
  );
  return Number(row?.mrr ?? 0);
}

async function planPriceCents(tx: DbOrTx, planId: string): Promise<number> {
  const [plan] = await tx.select({ priceCents: plans.priceCents }).from(plans).where(eq(plans.id, planId));
  return plan?.priceCents ?? 0;
}

export interface StartSubscriptionInput {
  clientId: string;
  planId: string;
  startDate: string;
  renewalType: Subscription["renewalType"];
  noBilling?: boolean;
}

/**
 * A new subscription, ativa from `startDate` for one renewal period: the row, the client's plan
 * (it follows the newest subscription), the "inicio" event at the plan's monthly price, and
 * `subscription.started`, whose subscribers issue the first charge. Every way a client gets a
 * subscription (a client saved with a plan, "Adicionar assinatura", a lead's conversion) is this.
 */
export async function startSubscription(
  tx: DbOrTx,
  input: StartSubscriptionInput,
  ctx: { actor?: Actor | null; today?: string } = {},
): Promise<Subscription> {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      clientId: input.clientId,
      planId: input.planId,
      startDate: input.startDate,
      endDate: subscriptionEndDate(input.startDate, input.renewalType),
      renewalType: input.renewalType,
      status: "ativa",
      noBilling: input.noBilling ?? false,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning();
  await tx.update(clients).set({ planId: row.planId, updatedAt: now() }).where(eq(clients.id, row.clientId));
  await insertEvent(tx, row, {
    kind: "inicio",
    effectiveOn: row.startDate,
    mrrBeforeCents: 0,
    mrrAfterCents: monthlyValueCents(await planPriceCents(tx, row.planId), row.noBilling),
    planAfterId: row.planId,
  });
  await emit(
    tx,
    "subscription.started",
    { subscriptionId: row.id, clientId: row.clientId },
    { actor: ctx.actor ?? null, today: ctx.today },
  );
  return row;
}

/**
 * Changes a subscription and records why, as one: the row takes the next version and the event
 * carries it. `sub` is the row as the caller read it (locked, when the caller decides on it).
 * Returns the changed row.
 */
export async function changeSubscription(
  tx: DbOrTx,
  sub: Pick<Subscription, "id" | "clientId" | "renewalType">,
  set: SubscriptionSet,
  event: SubscriptionEventInput,
): Promise<Subscription> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...set, version: sql`${subscriptions.version} + 1`, updatedAt: now() })
    .where(eq(subscriptions.id, sub.id))
    .returning();
  await insertEvent(tx, row, event);
  return row;
}

async function insertEvent(tx: DbOrTx, sub: Subscription, event: SubscriptionEventInput): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    clientId: sub.clientId,
    subscriptionId: sub.id,
    subscriptionVersion: sub.version,
    kind: event.kind,
    effectiveOn: event.effectiveOn,
    mrrBeforeCents: event.mrrBeforeCents,
    mrrAfterCents: event.mrrAfterCents,
    planBeforeId: event.planBeforeId ?? null,
    planAfterId: event.planAfterId ?? null,
    renewalType: sub.renewalType,
  });
}

/**
 * The end of a subscription's revenue when its row is deleted: the event outlives the row (its
 * subscription id is set null by the delete), so Receita keeps its past months.
 */
export async function recordSubscriptionDeleted(
  tx: DbOrTx,
  gone: Pick<Subscription, "id" | "clientId" | "planId" | "renewalType">,
  { mrrBeforeCents, effectiveOn }: { mrrBeforeCents: number; effectiveOn: string },
): Promise<void> {
  if (mrrBeforeCents <= 0) return;
  await tx.insert(subscriptionEvents).values({
    clientId: gone.clientId,
    subscriptionId: null,
    kind: "fim",
    effectiveOn,
    mrrBeforeCents,
    mrrAfterCents: 0,
    planBeforeId: gone.planId,
    renewalType: gone.renewalType,
  });
}

/**
 * The history of a subscription written as it already was, not started by the product: the
 * demo business's (inserted by the server's dev-data, which imports no module). Its start at the
 * plan's price and, for one that has ended, its end: what happened, nothing invented.
 */
export async function recordExistingSubscription(
  tx: DbOrTx,
  sub: Subscription,
  { endedOn }: { endedOn: string | null },
): Promise<void> {
  const value = monthlyValueCents(await planPriceCents(tx, sub.planId), sub.noBilling);
  await insertEvent(tx, sub, {
    kind: "inicio",
    effectiveOn: sub.startDate,
    mrrBeforeCents: 0,
    mrrAfterCents: value,
    planAfterId: sub.planId,
  });
  if (endedOn && value > 0)
    await insertEvent(tx, sub, {
      kind: "fim",
      effectiveOn: endedOn,
      mrrBeforeCents: value,
      mrrAfterCents: 0,
      planBeforeId: sub.planId,
    });
}
