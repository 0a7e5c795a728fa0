// One thing: one charge and its provider payment made to agree. Reading what the provider says
// and pushing what changed here share the lock, the checks and the outcomes, so they stay together.
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, paymentDivergences } from "~/db/schema";
import { isId } from "~/lib/ids";
import type { Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { log } from "~/server/logging/logger.server";
import { ProviderError, type PaymentProvider, type ProviderPayment } from "~/server/payments/provider";
import { auditChange, lockCharge, type LockedCharge } from "./charge-lock.server";
import { canMoveCharge } from "./charge-state";
import { recordDivergence } from "./divergences.server";
import { applyReceivedMoney } from "./payments.server";
import {
  cancelLockedCharge,
  PROVIDER_CANCEL_REASON,
  refundPartialPayment,
  reversePaidCharge,
} from "./reversals.server";

/**
 * Our charge and the provider's payment made to agree, in both directions (DESIGN §10):
 * - what the provider says happened (paid, paid in part or more, refunded, charged back,
 *   deleted, overdue) is applied here through the same functions an admin's action uses;
 * - what happened here (a payment recorded by hand, a cancellation, a new amount) is done there.
 * A webhook only says which payment to look at: the payment is read from the provider, under the
 * charge's lock, and checked against the charge (its provider id, and our charge id as the
 * provider's externalReference) before anything moves. Reading under the lock means two workers
 * applying two events of one payment apply what the provider says last, never a stale read.
 * Every outcome is a short pt-BR phrase, stored on the event and logged.
 * One thing, in both directions: the two directions share the lock, the checks and the outcomes,
 * and pushing is decided by what was just read (the daily run is provider-reconcile.server.ts).
 */

export type SyncOutcome = string;

interface SyncContext {
  /** The provider's event that asked for this (logged with every refusal). */
  eventId?: string;
  today?: string;
}

const providerActor = (name: string): Actor => ({
  id: `provider:${name}`,
  name: name === "asaas" ? "Asaas" : name,
});

const isReceived = (p: ProviderPayment) => p.state === "recebido" || p.state === "recebido_em_dinheiro";

/** Logs a move the state machine or the checks refused, with the event that asked for it. */
function refused(ctx: SyncContext, chargeId: string, outcome: string, extra: object = {}): SyncOutcome {
  log.warn({ eventId: ctx.eventId, chargeId, outcome, ...extra }, "billing: provider payment not applied");
  return outcome;
}

/** The charge a provider's payment belongs to: the one linked to it, else its externalReference. */
async function chargeIdFor(providerName: string, payment: ProviderPayment): Promise<string | null> {
  const [linked] = await getDb()
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.provider, providerName), eq(charges.providerId, payment.id)));
  if (linked) return linked.id;
  return payment.externalReference && isId(payment.externalReference) ? payment.externalReference : null;
}

/**
 * A provider's notice about payment `providerPaymentId`: read it, find its charge, and apply it
 * (read again under the charge's lock). A provider that cannot be reached throws, so the job
 * retries; a payment the provider does not know moves nothing.
 */
export async function syncProviderPayment(
  provider: PaymentProvider,
  providerPaymentId: string,
  ctx: SyncContext = {},
): Promise<SyncOutcome> {
  const first = await provider.getPayment(providerPaymentId);
  if (!first) return refused(ctx, "", "pagamento inexistente no provedor", { providerPaymentId });
  const chargeId = await chargeIdFor(provider.name, first);
  if (!chargeId) return refused(ctx, "", "cobrança não encontrada", { providerPaymentId });
  return getDb().transaction(async (tx) => {
    const found = await lockCharge(tx, chargeId);
    if (!found) return refused(ctx, chargeId, "cobrança não encontrada", { providerPaymentId });
    const payment = await provider.getPayment(providerPaymentId);
    if (!payment) return refused(ctx, chargeId, "pagamento inexistente no provedor", { providerPaymentId });
    return applyToCharge(tx, provider, found, payment, ctx);
  });
}

/**
 * The same from our side: charge `chargeId` changed here (paid by hand, cancelled, a new amount),
 * or the daily reconciliation asks. Nothing when the provider does not have the charge.
 */
export async function syncCharge(
  provider: PaymentProvider,
  chargeId: string,
  ctx: SyncContext = {},
): Promise<SyncOutcome> {
  return getDb().transaction(async (tx) => {
    const found = await lockCharge(tx, chargeId);
    if (!found) return "cobrança não encontrada";
    const { charge } = found;
    if (!charge.providerId || charge.provider !== provider.name) return "cobrança fora do provedor";
    const payment = await provider.getPayment(charge.providerId);
    if (!payment) return refused(ctx, chargeId, "pagamento inexistente no provedor");
    return applyToCharge(tx, provider, found, payment, ctx);
  });
}

async function applyToCharge(
  tx: DbOrTx,
  provider: PaymentProvider,
  found: LockedCharge,
  payment: ProviderPayment,
  ctx: SyncContext,
): Promise<SyncOutcome> {
  const { charge } = found;
  const actor = providerActor(provider.name);
  const today = ctx.today ?? clockToday();
  if (payment.externalReference !== charge.id)
    return refused(ctx, charge.id, "referência externa não confere", { providerPaymentId: payment.id });
  const linked = charge.provider === provider.name && charge.providerId === payment.id;
  if (!linked) {
    if (charge.providerId) {
      // A second payment at the provider naming this charge (made in its panel, say): never the
      // charge's payment. Money received through it is shown for review, not applied.
      if (isReceived(payment))
        await recordDivergence(tx, found, {
          kind: "pagamento_nao_vinculado",
          provider: provider.name,
          providerPaymentId: payment.id,
          expectedCents: charge.amountCents,
          receivedCents: payment.valueCents,
          actor,
        });
      return refused(ctx, charge.id, "pagamento não vinculado a esta cobrança", {
        providerPaymentId: payment.id,
      });
    }
    // Not linked yet (the provider answered before our job stored its id): the provider's own
    // record names this charge, so this is its payment.
    await tx
      .update(charges)
      .set({ provider: provider.name, providerId: payment.id, updatedAt: now() })
      .where(eq(charges.id, charge.id));
    found = { ...found, charge: { ...charge, provider: provider.name, providerId: payment.id } };
  }
  const money = {
    paidOn: payment.paidOn && payment.paidOn <= today ? payment.paidOn : today,
    method: payment.method ?? "pix",
    totalCents: payment.valueCents,
    source: "provedor" as const,
    provider: provider.name,
    providerPaymentId: payment.id,
  };
  const c = found.charge;
  switch (payment.state) {
    case "aberto":
    case "vencido": {
      const pushed = await pushToProvider(tx, provider, found, payment, ctx);
      if (pushed) return pushed;
      if (payment.state === "vencido" && c.status === "pendente") return markOverdue(tx, found, actor);
      return "sem mudança";
    }
    case "recebido":
    case "recebido_em_dinheiro":
      return applyReceived(tx, found, payment, money, actor, today, ctx);
    case "estornado":
    case "contestado": {
      const to = payment.state === "estornado" ? "estornada" : "contestada";
      if (c.status === "paga" && c.paymentSource === "manual") {
        // The charge's money is what an admin recorded; what went back at the provider was a
        // second payment of it (the client paid there too): that divergence is settled.
        await closeDivergence(tx, c.id, "duplicidade", payment.id);
        return refused(ctx, c.id, "sem mudança (paga à parte; pagamento em duplicidade devolvido)");
      }
      if (c.status === "paga") {
        await reversePaidCharge(tx, found, to, { actor, today });
        return to;
      }
      if (c.status === "pendente" || c.status === "vencida") {
        if (c.paidAmountCents) {
          await refundPartialPayment(tx, found, { actor });
          return "pagamento parcial estornado";
        }
        // Paid and then refunded or charged back, while we heard of neither: both happened, in
        // that order.
        return payThenReverse(tx, found, money, to, actor, today, ctx);
      }
      if (c.status === "cancelada") await closeDivergence(tx, c.id, "cobranca_cancelada", payment.id);
      return refused(ctx, c.id, `sem mudança (${c.status})`, { providerState: payment.state });
    }
    case "removido": {
      if ((c.status === "pendente" || c.status === "vencida") && !c.paidAmountCents) {
        await cancelLockedCharge(tx, found, { reason: PROVIDER_CANCEL_REASON, actor, today });
        return "cancelada";
      }
      return refused(ctx, c.id, `sem mudança (${c.status})`, { providerState: payment.state });
    }
  }
}

type Money = Parameters<typeof applyReceivedMoney>[2];

/** Money the provider received for the charge, applied as the charge's status allows. */
async function applyReceived(
  tx: DbOrTx,
  found: LockedCharge,
  payment: ProviderPayment,
  money: Money,
  actor: Actor,
  today: string,
  ctx: SyncContext,
): Promise<SyncOutcome> {
  const c = found.charge;
  switch (c.status) {
    case "pendente":
    case "vencida":
    case "contestada":
      return (await applyReceivedMoney(tx, found, money, { actor, today })).outcome;
    case "estornada":
      // This very payment was refunded: a reading that says received is older than the refund.
      return refused(ctx, c.id, "sem mudança (estornada)", { providerState: payment.state });
    case "paga": {
      if (c.paymentSource === "provedor" || payment.state === "recebido_em_dinheiro") return "já estava paga";
      // Paid by hand here; the provider's payment was paid too, unless its money is the part this
      // charge had already received through it before the rest was recorded by hand.
      if (await hadPartFrom(tx, c.id, payment.id)) return "já estava paga";
      await recordDivergence(tx, found, {
        kind: "duplicidade",
        provider: money.provider ?? null,
        providerPaymentId: payment.id,
        expectedCents: c.amountCents,
        receivedCents: payment.valueCents,
        actor,
      });
      return "paga duas vezes (divergência)";
    }
    case "cancelada":
      await recordDivergence(tx, found, {
        kind: "cobranca_cancelada",
        provider: money.provider ?? null,
        providerPaymentId: payment.id,
        expectedCents: 0,
        receivedCents: payment.valueCents,
        actor,
      });
      return refused(ctx, c.id, "pagamento de cobrança cancelada (divergência)", {
        providerPaymentId: payment.id,
      });
  }
}

/** Received and then refunded or charged back, both before we heard: applied in that order. */
async function payThenReverse(
  tx: DbOrTx,
  found: LockedCharge,
  money: Money,
  to: "estornada" | "contestada",
  actor: Actor,
  today: string,
  ctx: SyncContext,
): Promise<SyncOutcome> {
  // A part paid and already gone back leaves nothing to record: the charge is as it was.
  if (money.totalCents < found.charge.amountCents)
    return refused(ctx, found.charge.id, `sem mudança (${to} de pagamento parcial)`);
  const { charge } = await applyReceivedMoney(tx, found, money, { actor, today });
  await reversePaidCharge(tx, { ...found, charge }, to, { actor, today });
  return to;
}

async function markOverdue(tx: DbOrTx, found: LockedCharge, actor: Actor): Promise<SyncOutcome> {
  if (!canMoveCharge(found.charge.status, "vencida")) return "sem mudança";
  await tx
    .update(charges)
    .set({ status: "vencida", updatedAt: now() })
    .where(eq(charges.id, found.charge.id));
  await auditChange(tx, found, actor, "charge.overdue", { status: [found.charge.status, "vencida"] });
  await emit(tx, "charge.overdue", { chargeId: found.charge.id });
  return "vencida";
}

/** Whether part of this charge's money came through that provider payment (its "pago a menos"). */
async function hadPartFrom(tx: DbOrTx, chargeId: string, providerPaymentId: string) {
  const [row] = await tx
    .select({ id: paymentDivergences.id })
    .from(paymentDivergences)
    .where(
      and(
        eq(paymentDivergences.chargeId, chargeId),
        eq(paymentDivergences.kind, "parcial"),
        eq(paymentDivergences.providerPaymentId, providerPaymentId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Money set aside as a divergence went back to the client at the provider: settled. */
async function closeDivergence(
  tx: DbOrTx,
  chargeId: string,
  kind: "duplicidade" | "cobranca_cancelada",
  providerPaymentId: string,
) {
  await tx
    .update(paymentDivergences)
    .set({ resolvedAt: now(), resolution: "devolvido" })
    .where(
      and(
        eq(paymentDivergences.chargeId, chargeId),
        eq(paymentDivergences.kind, kind),
        eq(paymentDivergences.providerPaymentId, providerPaymentId),
        sql`${paymentDivergences.resolvedAt} is null`,
      ),
    );
}

/**
 * What changed here and the provider's open payment does not know yet: paid by hand (marked
 * received there, or cancelled there if it refuses), cancelled (cancelled there), a new amount
 * (updated there, with its new PIX). A refusal that no retry will change is written on the charge;
 * anything else throws, and the job retries. Null when there is nothing to do.
 */
async function pushToProvider(
  tx: DbOrTx,
  provider: PaymentProvider,
  found: LockedCharge,
  payment: ProviderPayment,
  ctx: SyncContext,
): Promise<SyncOutcome | null> {
  const c = found.charge;
  const wrote = (fields: Partial<typeof charges.$inferInsert>) =>
    tx
      .update(charges)
      .set({ ...fields, updatedAt: now() })
      .where(eq(charges.id, c.id));
  const refusedBy = async (err: unknown, what: string) => {
    if (!(err instanceof ProviderError) || err.retryable) throw err;
    await wrote({ providerError: err.message.slice(0, 500), providerNextAttemptAt: null });
    return refused(ctx, c.id, `${what}: recusado pelo provedor`, { error: err.message });
  };
  if (c.status === "paga" && c.paymentSource === "manual") {
    try {
      await provider.receiveInCash(payment.id, { paidOn: c.paidOn!, amountCents: c.paidAmountCents! });
      await wrote({ providerError: null });
      return "baixa registrada no provedor";
    } catch (err) {
      if (!(err instanceof ProviderError) || err.retryable) throw err;
      // The provider will not mark it received: the payment is cancelled there instead, so it
      // cannot be paid a second time.
      try {
        await provider.cancel(payment.id);
        await wrote({ providerError: null });
        return "cancelada no provedor (baixa recusada)";
      } catch (cancelErr) {
        return refusedBy(cancelErr, "baixa no provedor");
      }
    }
  }
  if (c.status === "cancelada" && c.cancelReason !== PROVIDER_CANCEL_REASON) {
    try {
      await provider.cancel(payment.id);
      return "cancelada no provedor";
    } catch (err) {
      return refusedBy(err, "cancelamento no provedor");
    }
  }
  if ((c.status === "pendente" || c.status === "vencida") && c.providerAmountCents !== c.amountCents) {
    try {
      const updated = await provider.updateCharge(payment.id, {
        amountCents: c.amountCents,
        dueDate: c.dueDate,
      });
      await wrote({
        providerAmountCents: c.amountCents,
        providerPaymentUrl: updated.paymentUrl ?? c.providerPaymentUrl,
        providerPixPayload: updated.pixPayload,
        providerError: null,
      });
      return "valor atualizado no provedor";
    } catch (err) {
      return refusedBy(err, "novo valor no provedor");
    }
  }
  return null;
}
