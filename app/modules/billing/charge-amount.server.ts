import { eq } from "drizzle-orm";
import { charges } from "~/db/schema";
import type { Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now } from "~/server/clock.server";
import { BILLING_MESSAGES } from "./billing.messages";
import { auditChange, changeCharge, type BillingResult, type Charge } from "./charge-lock.server";

/** A discount: the open charge's amount lowered (never above the sum of its lines), audited. */
export async function changeChargeAmount({
  chargeId,
  amountCents,
  actor = null,
}: {
  chargeId: string;
  amountCents: number;
  actor?: Actor | null;
}): Promise<BillingResult<Charge>> {
  return changeCharge(chargeId, async (tx, found) => {
    const { charge } = found;
    if (charge.status !== "pendente" && charge.status !== "vencida")
      return { ok: false, message: BILLING_MESSAGES.onlyOpenCanBeEdited };
    // Zero would leave a charge nobody pays and a PIX code without an amount: cancelling says so.
    if (!Number.isInteger(amountCents) || amountCents <= 0)
      return { ok: false, message: BILLING_MESSAGES.amountNotPositive };
    if (amountCents > charge.subtotalCents)
      return { ok: false, message: BILLING_MESSAGES.amountAboveSubtotal(charge.subtotalCents) };
    if (amountCents === charge.amountCents) return { ok: false, message: BILLING_MESSAGES.amountUnchanged };
    // A part already received stays below the amount: the charge stays open for the rest.
    if (charge.paidAmountCents && amountCents <= charge.paidAmountCents)
      return { ok: false, message: BILLING_MESSAGES.amountNotAbovePaid(charge.paidAmountCents) };
    const [changed] = await tx
      .update(charges)
      .set({ amountCents, discountCents: charge.subtotalCents - amountCents, updatedAt: now() })
      .where(eq(charges.id, charge.id))
      .returning();
    await auditChange(tx, found, actor, "charge.amount_changed", {
      valor: [charge.amountCents, changed.amountCents],
      desconto: [charge.discountCents, changed.discountCents],
    });
    await emit(tx, "charge.amount_changed", { chargeId: charge.id });
    return { ok: true, value: changed };
  });
}
