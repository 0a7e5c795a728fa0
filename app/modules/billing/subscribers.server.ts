import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { charges } from "~/db/schema";
import { subscriber } from "~/modules/events/index.server";
import { issueFirstCharge } from "./billing.server";
import { prorateChangedPlan, repriceUnstartedCharges } from "./plan-change.server";
import { reactivateIfSettled } from "./suspension.server";

async function chargeOf(tx: DbOrTx, chargeId: string) {
  const [row] = await tx
    .select({ id: charges.id, number: charges.number, subscriptionId: charges.subscriptionId })
    .from(charges)
    .where(eq(charges.id, chargeId));
  return row;
}

/**
 * Billing's reactions to other changes: a subscription that starts is charged its first period;
 * a charge paid, refunded, charged back or cancelled no longer holds its subscription suspended
 * when nothing else does; a plan changed now reprices the charge of a period not started yet and
 * charges (upgrade) or credits (downgrade) the days left of the running one.
 */
export const BILLING_SUBSCRIBERS = [
  subscriber("subscription.started", "billing.first-charge", (tx, { subscriptionId }, { actor, today }) =>
    issueFirstCharge(tx, { subscriptionId, actor, ...(today ? { today } : {}) }),
  ),
  subscriber(
    "subscription.plan_changed",
    "billing.reprice-next-period",
    (tx, { subscriptionId }, { actor, today }) =>
      repriceUnstartedCharges(tx, { subscriptionId, actor, ...(today ? { today } : {}) }),
  ),
  // After the repricing, so a credit is taken off the next period's charge at its new price.
  subscriber("subscription.plan_changed", "billing.prorate-plan-change", (tx, payload, { actor, today }) =>
    prorateChangedPlan(tx, { ...payload, actor, ...(today ? { today } : {}) }),
  ),
  subscriber("charge.paid", "billing.lift-suspension", async (tx, { chargeId }, { actor, today }) =>
    reactivateIfSettled(tx, { charge: await chargeOf(tx, chargeId), actor, ...(today ? { today } : {}) }),
  ),
  subscriber(
    "charge.reversed",
    "billing.suspension-after-reversal",
    async (tx, { chargeId }, { actor, today }) =>
      reactivateIfSettled(tx, { charge: await chargeOf(tx, chargeId), actor, ...(today ? { today } : {}) }),
  ),
];
