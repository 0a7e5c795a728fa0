import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { charges, subscriptions } from "~/db/schema";
import { addDays } from "~/lib/dates";
import type { Actor } from "~/modules/audit/index.server";
import { changeSubscription, subscriptionMrrCents } from "~/modules/clients/index.server";
import { emit } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import type { PaymentMethod, PaymentSource } from "./billing.constants";
import { BILLING_MESSAGES } from "./billing.messages";
import {
  auditChange,
  changeCharge,
  type BillingResult,
  type Charge,
  type LockedCharge,
} from "./charge-lock.server";
import { assertChargeMove } from "./charge-state";
import { recordDivergence, settlePartialDivergences } from "./divergences.server";

/**
 * Money received for a charge: the one place a charge becomes paga, or keeps the part it received
 * (DESIGN §10: the amount really paid is a fact of its own; a difference is shown for review,
 * never rounded into "paga"). Both the admin's "Registrar pagamento" and a payment read back from
 * the provider come here, so a payment has the same consequences whoever recorded it.
 */

export interface ReceivedMoney {
  /** The day of the payment (the last one, when the charge is paid in parts). */
  paidOn: string;
  method: PaymentMethod;
  /** Everything the charge has received so far, this payment included. */
  totalCents: number;
  source: PaymentSource;
  /** The provider's payment it came through, for the divergence it may raise. */
  provider?: string | null;
  providerPaymentId?: string | null;
}

export type ReceivedOutcome = "paga" | "parcial" | "sem mudança";

/**
 * Applies money to a locked, payable charge. Less than its amount: the charge stays open with the
 * part recorded and a "pago a menos" divergence. The amount or more: paga (the subscription
 * extended once, and `charge.paid` for what follows: the referral, the onboarding, a suspension
 * lifted), with a "pago a mais" divergence for any excess.
 */
export async function applyReceivedMoney(
  tx: DbOrTx,
  found: LockedCharge,
  money: ReceivedMoney,
  { actor, today = clockToday() }: { actor: Actor | null; today?: string },
): Promise<{ outcome: ReceivedOutcome; charge: Charge }> {
  const { charge } = found;
  const facts = {
    paidOn: money.paidOn,
    paidAmountCents: money.totalCents,
    paymentMethod: money.method,
    paymentSource: money.source,
    paymentRecordedAt: now(),
    updatedAt: now(),
  };
  const divergence = { provider: money.provider ?? null, providerPaymentId: money.providerPaymentId ?? null };
  if (money.totalCents < charge.amountCents) {
    // Only an open charge keeps a part paid; a refunded or charged-back one is told to the admins.
    const keepsPart = charge.status === "pendente" || charge.status === "vencida";
    if (keepsPart && charge.paidAmountCents === money.totalCents) return { outcome: "sem mudança", charge };
    let updated = charge;
    if (keepsPart) {
      [updated] = await tx.update(charges).set(facts).where(eq(charges.id, charge.id)).returning();
      await auditChange(tx, found, actor, "charge.partially_paid", {
        pagoEm: [charge.paidOn, money.paidOn],
        valorPago: [charge.paidAmountCents, money.totalCents],
        formaPagamento: [charge.paymentMethod, money.method],
      });
    }
    await recordDivergence(tx, found, {
      kind: "parcial",
      ...divergence,
      expectedCents: charge.amountCents,
      receivedCents: money.totalCents,
      actor,
    });
    return { outcome: "parcial", charge: updated };
  }
  assertChargeMove(charge.status, "paga");
  const [paid] = await tx
    .update(charges)
    .set({ ...facts, status: "paga" })
    .where(eq(charges.id, charge.id))
    .returning();
  const extension = await extendSubscriptionOnce(tx, paid);
  await auditChange(tx, found, actor, "charge.paid", {
    status: [charge.status, "paga"],
    pagoEm: [charge.paidOn, money.paidOn],
    valorPago: [charge.paidAmountCents, money.totalCents],
    formaPagamento: [charge.paymentMethod, money.method],
    ...(extension ? { endDate: [extension.from, extension.to] } : {}),
  });
  // Its consequences (the referral, the onboarding, a suspension lifted) subscribe to it.
  await emit(tx, "charge.paid", { chargeId: charge.id, clientId: charge.clientId }, { actor, today });
  await settlePartialDivergences(tx, charge.id, "quitada");
  if (money.totalCents > charge.amountCents)
    await recordDivergence(tx, found, {
      kind: "excedente",
      ...divergence,
      expectedCents: charge.amountCents,
      receivedCents: money.totalCents,
      actor,
    });
  return { outcome: "paga", charge: paid };
}

/** Moves the subscription's end to the paid period's end, once per charge; null when nothing moved. */
async function extendSubscriptionOnce(
  tx: DbOrTx,
  charge: Charge,
): Promise<{ from: string; to: string } | null> {
  if (!charge.extendsSubscription || !charge.subscriptionId || !charge.periodEnd) return null;
  // `extended_at` is claimed by the one update that extends: a period refunded and paid again, or a
  // payment reported twice, finds it set and extends nothing more.
  const claimed = await tx
    .update(charges)
    .set({ extendedAt: now() })
    .where(and(eq(charges.id, charge.id), sql`${charges.extendedAt} is null`))
    .returning({ id: charges.id });
  if (!claimed.length) return null;
  const target = addDays(charge.periodEnd, 1);
  const [before] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, charge.subscriptionId))
    .for("update");
  if (!before || before.endDate >= target) return null;
  // A paid period moves dates, not revenue: the history says so with an event that keeps MRR.
  const mrr = await subscriptionMrrCents(tx, before.id);
  await changeSubscription(
    tx,
    before,
    { endDate: target },
    {
      kind: "renovacao",
      effectiveOn: clockToday(),
      mrrBeforeCents: mrr,
      mrrAfterCents: mrr,
      planBeforeId: before.planId,
      planAfterId: before.planId,
    },
  );
  return { from: before.endDate, to: target };
}

export interface PaymentInput {
  paidOn: string;
  method: PaymentMethod;
  amountCents: number;
}

/**
 * "Registrar pagamento": money an admin received (PIX to the company's key, cash, transfer). It
 * must be what is still owed (a discount is an edit of the amount first). Refused, changing
 * nothing, for a cancelled, paid or refunded charge. When the provider has the charge, a job marks
 * it received there too (provider-payment.server.ts), so the client cannot pay it twice.
 */
export async function recordPayment({
  chargeId,
  input,
  actor = null,
  today = clockToday(),
}: {
  chargeId: string;
  input: PaymentInput;
  actor?: Actor | null;
  today?: string;
}): Promise<BillingResult<Charge>> {
  return changeCharge(chargeId, async (tx, found) => {
    const { charge } = found;
    if (charge.status === "cancelada") return { ok: false, message: BILLING_MESSAGES.cancelledCannotBePaid };
    if (charge.status === "paga") return { ok: false, message: BILLING_MESSAGES.alreadyPaid };
    if (charge.status === "estornada") return { ok: false, message: BILLING_MESSAGES.refundedCannotBePaid };
    const received = charge.paidAmountCents ?? 0;
    const owed = charge.amountCents - received;
    if (input.amountCents !== owed)
      return {
        ok: false,
        message: received
          ? BILLING_MESSAGES.remainderMismatch(input.amountCents, owed, received)
          : BILLING_MESSAGES.amountMismatch(input.amountCents, charge.amountCents),
      };
    if (input.paidOn > today) return { ok: false, message: BILLING_MESSAGES.paidInFuture };
    const { charge: paid } = await applyReceivedMoney(
      tx,
      found,
      {
        paidOn: input.paidOn,
        method: input.method,
        totalCents: received + input.amountCents,
        source: "manual",
      },
      { actor, today },
    );
    return { ok: true, value: paid };
  });
}
