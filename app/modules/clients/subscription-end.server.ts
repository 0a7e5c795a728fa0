import { and, inArray, isNotNull, lte } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { recordAudit } from "~/modules/audit/index.server";
import { today as clockToday } from "~/server/clock.server";
import { clientName } from "./notes.server";
import { lockClientSubscription } from "./subscription-changes.server";
import { changeSubscription, subscriptionMrrCents } from "./subscription-history.server";

/**
 * Subscriptions cancelled "ao fim do período" end when that day comes (the nightly overdue job):
 * status cancelada, in the history as "fim" (their revenue already ended with the cancellation's
 * event, dated that day), audited as the system's. Idempotent: an ended one is not found again.
 */
export async function endCancelledSubscriptions({
  today = clockToday(),
}: { today?: string } = {}): Promise<number> {
  const due = await getDb()
    .select({ id: subscriptions.id, clientId: subscriptions.clientId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, ["ativa", "suspensa"]),
        isNotNull(subscriptions.cancelAt),
        lte(subscriptions.cancelAt, today),
      ),
    );
  let ended = 0;
  for (const row of due)
    await getDb().transaction(async (tx) => {
      const sub = await lockClientSubscription(tx, row.clientId, row.id);
      if (!sub?.cancelAt || sub.cancelAt > today || (sub.status !== "ativa" && sub.status !== "suspensa"))
        return;
      const before = await subscriptionMrrCents(tx, sub.id);
      await changeSubscription(
        tx,
        sub,
        { status: "cancelada", pendingPlanId: null },
        {
          kind: "fim",
          effectiveOn: sub.cancelAt,
          mrrBeforeCents: before,
          mrrAfterCents: 0,
          planBeforeId: sub.planId,
        },
      );
      await recordAudit(tx, {
        actor: null,
        action: "subscription.ended",
        entityType: "client",
        entityId: sub.clientId,
        entityLabel: await clientName(tx, sub.clientId),
        changes: { status: [sub.status, "cancelada"], fim: [null, sub.cancelAt] },
      });
      ended += 1;
    });
  return ended;
}
