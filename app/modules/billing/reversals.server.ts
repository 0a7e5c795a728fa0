import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { charges } from "~/db/schema";
import type { Actor } from "~/modules/audit/index.server";
import { emit, type ChargeReversalKind } from "~/modules/events/index.server";
import { v5 as uuidv5 } from "uuid";
import { now, today as clockToday } from "~/server/clock.server";
import { enqueue } from "~/server/jobs/queue.server";
import { BILLING_MESSAGES } from "./billing.messages";
import {
  auditChange,
  changeCharge,
  type BillingResult,
  type Charge,
  type LockedCharge,
} from "./charge-lock.server";
import { assertChargeMove } from "./charge-state";
import { settlePartialDivergences } from "./divergences.server";

/**
 * A charge stops counting as paid or as owed: refunded, charged back, cancelled by an admin or
 * deleted at the provider. Every path announces `charge.reversed`, so a refund arriving by webhook
 * does what an admin's cancellation does (DESIGN §10: a reversal is a reversal, wherever it comes
 * from).
 */

/** The reason written on a charge the provider reports deleted. */
export const PROVIDER_CANCEL_REASON = "Cancelada no provedor de pagamento.";

/**
 * A reversal announced, in its transaction: its subscribers move the referral back when the client
 * has no paid charge left (the commission reversed, or a clawback recorded if already paid out) and
 * decide the subscription's suspension again without this charge. A refund by webhook and an
 * admin's cancellation reach the same subscribers this way.
 */
function announceReversal(
  tx: DbOrTx,
  charge: Charge,
  kind: ChargeReversalKind,
  { actor, today = clockToday() }: { actor: Actor | null; today?: string },
) {
  return emit(
    tx,
    "charge.reversed",
    { chargeId: charge.id, clientId: charge.clientId, kind },
    { actor, today },
  );
}

/**
 * The money of a paid charge left: given back by the business (estornada, not chased any more) or
 * taken back by the card network (contestada, owed again and chased). The payment's facts leave
 * the charge (the audit entry keeps them); the period already served is not shortened.
 */
export async function reversePaidCharge(
  tx: DbOrTx,
  found: LockedCharge,
  to: "estornada" | "contestada",
  { actor, today }: { actor: Actor | null; today?: string },
): Promise<Charge> {
  const { charge } = found;
  assertChargeMove(charge.status, to);
  const [reversed] = await tx
    .update(charges)
    .set({
      status: to,
      paidOn: null,
      paidAmountCents: null,
      paymentMethod: null,
      paymentSource: null,
      paymentRecordedAt: null,
      refundedAt: now(),
      updatedAt: now(),
    })
    .where(eq(charges.id, charge.id))
    .returning();
  const action = to === "estornada" ? "charge.refunded" : "charge.charged_back";
  await auditChange(tx, found, actor, action, {
    status: [charge.status, to],
    valorPago: [charge.paidAmountCents, null],
  });
  await emit(tx, action, { chargeId: charge.id });
  await announceReversal(tx, reversed, to === "estornada" ? "estorno" : "contestacao", { actor, today });
  return reversed;
}

/**
 * The part an open charge had received went back (refunded, or taken back by a chargeback): it
 * owes its whole amount again.
 */
export async function refundPartialPayment(
  tx: DbOrTx,
  found: LockedCharge,
  { actor }: { actor: Actor | null },
): Promise<Charge> {
  const { charge } = found;
  const [updated] = await tx
    .update(charges)
    .set({
      paidOn: null,
      paidAmountCents: null,
      paymentMethod: null,
      paymentSource: null,
      paymentRecordedAt: null,
      updatedAt: now(),
    })
    .where(eq(charges.id, charge.id))
    .returning();
  await auditChange(tx, found, actor, "charge.partial_refunded", {
    valorPago: [charge.paidAmountCents, null],
  });
  await settlePartialDivergences(tx, charge.id, "devolvido");
  return updated;
}

/** Cancels a locked charge that holds no money (an admin's choice, or the provider's deletion). */
export async function cancelLockedCharge(
  tx: DbOrTx,
  found: LockedCharge,
  { reason, actor, today }: { reason: string; actor: Actor | null; today?: string },
): Promise<Charge> {
  const { charge } = found;
  assertChargeMove(charge.status, "cancelada");
  const [cancelled] = await tx
    .update(charges)
    .set({ status: "cancelada", cancelReason: reason, cancelledAt: now(), updatedAt: now() })
    .where(eq(charges.id, charge.id))
    .returning();
  await auditChange(tx, found, actor, "charge.cancelled", {
    status: [charge.status, "cancelada"],
    motivo: [null, reason],
  });
  await emit(tx, "charge.cancelled", { chargeId: charge.id });
  await announceReversal(tx, cancelled, reason === PROVIDER_CANCEL_REASON ? "remocao" : "cancelamento", {
    actor,
    today,
  });
  return cancelled;
}

/**
 * "Cancelar cobrança": an open, overdue or charged-back (the debt forgiven) charge becomes
 * cancelada with the admin's reason. A charge holding money (paid, or paid in part) is not
 * cancelled: that money must be given back or applied first.
 */
export async function cancelCharge({
  chargeId,
  reason,
  actor = null,
}: {
  chargeId: string;
  reason: string;
  actor?: Actor | null;
}): Promise<BillingResult<Charge>> {
  return changeCharge(chargeId, async (tx, found) => {
    const { charge } = found;
    if (charge.status === "paga") return { ok: false, message: BILLING_MESSAGES.paidCannotBeCancelled };
    if (charge.status === "cancelada") return { ok: false, message: BILLING_MESSAGES.alreadyCancelled };
    if (charge.status === "estornada")
      return { ok: false, message: BILLING_MESSAGES.refundedCannotBeCancelled };
    if (charge.paidAmountCents)
      return { ok: false, message: BILLING_MESSAGES.partialCannotBeCancelled(charge.paidAmountCents) };
    return { ok: true, value: await cancelLockedCharge(tx, found, { reason, actor }) };
  });
}

/**
 * "Estornar pagamento": the money of a paid charge is given back. Paid at the provider, the refund
 * is asked of the provider (a job; the charge becomes estornada when the provider confirms it, read
 * back like any payment); paid by hand, the admin gave it back and the charge is estornada now.
 * Either way the reversal's subscribers follow (charge.reversed).
 */
export async function refundCharge({
  chargeId,
  actor = null,
  providerName = null,
}: {
  chargeId: string;
  actor?: Actor | null;
  /** The configured provider's name (null without one): who refunds a payment it received. */
  providerName?: string | null;
}): Promise<BillingResult<"estornada" | "solicitado">> {
  return changeCharge(chargeId, async (tx, found) => {
    const { charge } = found;
    if (charge.status !== "paga") return { ok: false, message: BILLING_MESSAGES.onlyPaidCanBeRefunded };
    const atProvider =
      charge.paymentSource === "provedor" && charge.providerId && charge.provider === providerName;
    if (atProvider) {
      // Keyed by the charge: asking twice queues one refund.
      await enqueue(
        tx,
        REFUND_AT_PROVIDER_JOB,
        { chargeId },
        { id: uuidv5(`estorno:${chargeId}`, REFUND_NAMESPACE) },
      );
      await auditChange(tx, found, actor, "charge.refund_requested", {
        estorno: [null, "pedido ao provedor"],
      });
      return { ok: true, value: "solicitado" };
    }
    await reversePaidCharge(tx, found, "estornada", { actor });
    return { ok: true, value: "estornada" };
  });
}

/** The job that asks the provider to refund (provider-sync.server.ts defines its handler). */
export const REFUND_AT_PROVIDER_JOB = "billing.provider-refund";
/** Any fixed UUID: the refund job's id is derived from the charge's under it. */
const REFUND_NAMESPACE = "0f6b2d6e-4c1a-4a39-9b7e-2e5d8c3a1f90";
