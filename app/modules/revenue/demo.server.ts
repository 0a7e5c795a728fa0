import { asc } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { recordExistingSubscription } from "~/modules/clients/index.server";

/**
 * The demo business's subscription history: each subscription's start at its plan's price and,
 * for the ended ones, their end (no earlier than today). Nothing else happened to them, so
 * nothing else is written: an invented plan change or absence once made Receita contradict the
 * charges the same clients paid (issue 44).
 */
export async function seedDemoRevenue(tx: DbOrTx, today: string): Promise<void> {
  const subs = await tx
    .select()
    .from(subscriptions)
    .orderBy(asc(subscriptions.startDate), asc(subscriptions.id));
  for (const s of subs) {
    const ended = s.status !== "ativa" && s.status !== "suspensa";
    await recordExistingSubscription(tx, s, {
      endedOn: ended ? (s.endDate < today ? s.endDate : today) : null,
    });
  }
}
