import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/client.server";
import { charges, clients } from "~/db/schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { now } from "~/server/clock.server";
import type { EventEnvelope } from "~/server/jobs/events-queue.server";
import { defineJob, enqueue, type JobContext } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { onEvent } from "~/modules/events/index.server";
import { configuredProvider, lockProviderCustomer, providerCustomer } from "~/server/payments/index.server";
import { ProviderError, type PaymentProvider, type ProviderCharge } from "~/server/payments/provider";
import { lockCharge, type BillingResult } from "./charge-lock.server";
import { BILLING_MESSAGES } from "./billing.messages";
import { queueIssuedMailAfterProvider } from "./mails.server";
import { syncCharge } from "./provider-payment.server";
import { REFUND_AT_PROVIDER_JOB } from "./reversals.server";

/** Seconds before the first retry; pg-boss doubles it on each retry (retryBackoff). */
export const PROVIDER_RETRY_DELAY_SECONDS = 60;
export const PROVIDER_RETRY_LIMIT = 8;

export type SyncOutcome = "created" | "skipped" | "failed-retry" | "failed-final";

/**
 * Creates one charge at the provider, outside any request. Single-flight per charge: the charge's
 * row is locked for the whole call, so the issuing job and "Reenviar ao provedor" (on any
 * instance) never both create it; the second finds the provider id and skips. A call whose answer
 * was lost is safe too: the Asaas adapter first looks for a payment by our charge id
 * (externalReference). A failure is written on the charge with the next attempt's time (shown in
 * Financeiro) and rethrown when retryable, so pg-boss retries with backoff.
 */
export async function sendChargeToProvider(
  provider: PaymentProvider,
  chargeId: string,
  attempt: Pick<JobContext, "retryCount" | "isLastAttempt"> = { retryCount: 0, isLastAttempt: false },
): Promise<SyncOutcome> {
  const result = await getDb().transaction(async (tx): Promise<SyncOutcome | { retry: unknown }> => {
    const [row] = await tx
      .select({ charge: charges, client: clients })
      .from(charges)
      .innerJoin(clients, eq(clients.id, charges.clientId))
      .where(eq(charges.id, chargeId))
      .for("update", { of: charges });
    if (!row) return "skipped";
    const { charge, client } = row;
    if (charge.providerId || (charge.status !== "pendente" && charge.status !== "vencida")) return "skipped";
    let created: ProviderCharge;
    try {
      await lockProviderCustomer(tx, client.id);
      const { providerCustomerId } = await provider.createCustomer(providerCustomer(client));
      created = await provider.createCharge({
        externalReference: charge.id,
        providerCustomerId,
        amountCents: charge.amountCents,
        dueDate: charge.dueDate,
        description: `Cobrança ${charge.number}`,
        chargeNumber: charge.number,
      });
    } catch (err) {
      const retryable = !(err instanceof ProviderError) || err.retryable;
      const final = !retryable || attempt.isLastAttempt;
      const delay = PROVIDER_RETRY_DELAY_SECONDS * 2 ** attempt.retryCount;
      await tx
        .update(charges)
        .set({
          providerError: (err as Error).message.slice(0, 500),
          providerNextAttemptAt: final ? null : new Date(now().getTime() + delay * 1000),
          updatedAt: now(),
        })
        .where(eq(charges.id, charge.id));
      // No more automatic attempts: the client still gets the charge, with the static PIX.
      if (final) await queueIssuedMailAfterProvider(tx, charge.id);
      return final ? "failed-final" : { retry: err };
    }
    // The provider's answer and the e-mail that carries its link are recorded together.
    await tx
      .update(charges)
      .set({
        provider: provider.name,
        providerId: created.providerId,
        providerAmountCents: charge.amountCents,
        providerPaymentUrl: created.paymentUrl,
        providerPixPayload: created.pixPayload,
        providerError: null,
        providerNextAttemptAt: null,
        updatedAt: now(),
      })
      .where(eq(charges.id, charge.id));
    await queueIssuedMailAfterProvider(tx, charge.id);
    return "created";
  });
  if (typeof result === "object") throw result.retry;
  return result;
}

/** Every new charge goes to the provider when one is configured (the event is in the issuing transaction). */
export const sendChargeToProviderJob = defineJob<EventEnvelope<"charge.created", { chargeId: string }>>({
  name: "billing.send-to-provider",
  on: ["charge.created"],
  retryLimit: PROVIDER_RETRY_LIMIT,
  retryDelay: PROVIDER_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  handler: async ({ payload }, job) => {
    const provider = configuredProvider();
    if (!provider) return;
    await sendChargeToProvider(provider, payload.chargeId, job);
  },
});

/** "Reenviar ao provedor": the same work as the job above, asked for by an admin. */
export const resendChargeToProviderJob = defineJob<{ chargeId: string }>({
  name: "billing.resend-to-provider",
  retryLimit: PROVIDER_RETRY_LIMIT,
  retryDelay: PROVIDER_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  handler: async ({ chargeId }, job) => {
    const provider = configuredProvider();
    if (!provider) return;
    // Not there yet: created. There with an old amount: brought up to date.
    const outcome = await sendChargeToProvider(provider, chargeId, job);
    if (outcome === "skipped") await syncCharge(provider, chargeId);
  },
});

/**
 * "Reenviar ao provedor": an open charge the provider does not have yet is sent
 * again at once, in a job (never in the request), audited. Creating it twice is harmless: the
 * job skips a charge that has a provider id, and the adapter finds a payment by our charge id.
 */
export async function resendChargeToProvider({
  chargeId,
  actor = null,
  provider = configuredProvider(),
}: {
  chargeId: string;
  actor?: Actor | null;
  provider?: PaymentProvider | null;
}): Promise<BillingResult<null>> {
  if (!provider) return { ok: false, message: BILLING_MESSAGES.providerNotConfigured };
  if (!isId(chargeId)) return { ok: false, message: BILLING_MESSAGES.notFound };
  return getDb().transaction(async (tx) => {
    const row = await lockCharge(tx, chargeId);
    if (!row) return { ok: false, message: BILLING_MESSAGES.notFound };
    const { charge } = row;
    if (charge.status !== "pendente" && charge.status !== "vencida")
      return { ok: false, message: BILLING_MESSAGES.providerOnlyOpen };
    // A charge the provider has is sent again only when its amount there is out of date.
    if (charge.providerId && charge.providerAmountCents === charge.amountCents)
      return { ok: false, message: BILLING_MESSAGES.providerAlreadyCreated };
    await enqueue(tx, resendChargeToProviderJob, { chargeId }, { id: randomUUID() });
    await recordAudit(tx, {
      actor,
      action: "charge.provider_resent",
      entityType: "charge",
      entityId: chargeId,
      entityLabel: `${charge.number} · ${row.clientName}`,
      changes: { provedor: [charge.providerError, "reenvio solicitado"] },
    });
    return { ok: true, value: null };
  });
}

/**
 * A change made here that the provider's payment must follow: paid by hand (marked received
 * there), cancelled (cancelled there), a new amount (updated there, with its new PIX). The work is
 * the same sync a webhook runs, from our side (provider-payment.server.ts). A payment the provider
 * itself confirmed needs nothing.
 */
export const syncAfterChangeJob = onEvent(["charge.paid", "charge.cancelled", "charge.amount_changed"], {
  name: "billing.provider-follow",
  retryLimit: PROVIDER_RETRY_LIMIT,
  retryDelay: PROVIDER_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  handler: async ({ payload }) => {
    const provider = configuredProvider();
    if (!provider || !isId(payload.chargeId)) return;
    const [charge] = await getDb()
      .select({
        provider: charges.provider,
        providerId: charges.providerId,
        source: charges.paymentSource,
        status: charges.status,
      })
      .from(charges)
      .where(eq(charges.id, payload.chargeId));
    if (!charge?.providerId || charge.provider !== provider.name) return;
    if (charge.status === "paga" && charge.source === "provedor") return;
    const outcome = await syncCharge(provider, payload.chargeId);
    log.info({ chargeId: payload.chargeId, outcome }, "billing: provider follows a change");
  },
});

/**
 * "Estornar pagamento" of a charge paid at the provider: the provider refunds, then the same sync
 * as a webhook reads the payment back and records the refund (and its consequences) once the
 * provider says it is done. A refusal (already refunded, say) is written on the charge.
 */
export const refundAtProviderJob = defineJob<{ chargeId: string }>({
  name: REFUND_AT_PROVIDER_JOB,
  retryLimit: PROVIDER_RETRY_LIMIT,
  retryDelay: PROVIDER_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  handler: async ({ chargeId }) => {
    const provider = configuredProvider();
    if (!provider || !isId(chargeId)) return;
    const [charge] = await getDb().select().from(charges).where(eq(charges.id, chargeId));
    if (!charge?.providerId || charge.provider !== provider.name || charge.status !== "paga") return;
    try {
      await provider.refund(charge.providerId);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.retryable) throw err;
      await getDb()
        .update(charges)
        .set({ providerError: err.message.slice(0, 500), updatedAt: now() })
        .where(eq(charges.id, chargeId));
      log.warn({ err, chargeId }, "billing: the provider refused a refund");
      return;
    }
    const outcome = await syncCharge(provider, chargeId);
    log.info({ chargeId, outcome }, "billing: refund asked of the provider");
  },
});
