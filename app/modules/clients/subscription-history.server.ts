import { sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { subscriptionEvents } from "~/db/schema";

/** The ledger's kinds of change (Receita's MRR movements are computed from them). */
type SubscriptionEventKind = (typeof subscriptionEvents.$inferInsert)["kind"];

export interface SubscriptionEventInput {
  clientId: string;
  subscriptionId: string | null;
  kind: SubscriptionEventKind;
  /** São Paulo date the change takes effect ("YYYY-MM-DD"). */
  effectiveOn: string;
  mrrBeforeCents: number;
  mrrAfterCents: number;
  planBeforeId?: string | null;
  planAfterId?: string | null;
  renewalType?: string | null;
}

/**
 * Records one change of a subscription's recurring revenue. Called inside the transaction of
 * the change itself (creating, changing, cancelling a subscription), so the history can never
 * disagree with the subscriptions table (decision 023).
 */
export async function recordSubscriptionEvent(tx: DbOrTx, event: SubscriptionEventInput): Promise<void> {
  await tx.insert(subscriptionEvents).values({
    clientId: event.clientId,
    subscriptionId: event.subscriptionId,
    kind: event.kind,
    effectiveOn: event.effectiveOn,
    mrrBeforeCents: event.mrrBeforeCents,
    mrrAfterCents: event.mrrAfterCents,
    planBeforeId: event.planBeforeId ?? null,
    planAfterId: event.planAfterId ?? null,
    renewalType: event.renewalType ?? null,
  });
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
