import { eq } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/client.server";
import { charges, clients } from "~/db/schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { now } from "~/server/clock.server";
import type { EventEnvelope } from "~/server/jobs/events-queue.server";
import { defineJob, enqueue, type JobContext } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { onEvent } from "~/modules/events/events.server";
import { configuredProvider } from "~/server/payments/index.server";
import { ProviderError, type PaymentProvider, type ProviderCharge } from "~/server/payments/provider";
import type { BillingResult } from "./billing.server";
import { BILLING_MESSAGES } from "./billing.messages";
import { queueIssuedMailAfterProvider } from "./mails.server";
import { PROVIDER_CANCEL_REASON } from "./webhook.server";

/** Seconds before the first retry; pg-boss doubles it on each retry (retryBackoff). */
export const PROVIDER_RETRY_DELAY_SECONDS = 60;
export const PROVIDER_RETRY_LIMIT = 8;

export type SyncOutcome = "created" | "skipped" | "failed-retry" | "failed-final";

/**
 * Creates one charge at the provider (issue 31), outside any request. Idempotent: a charge that
 * already has a provider id is skipped, and the Asaas adapter finds a payment it created before a
 * lost answer by our charge id. A failure is written on the charge with the next attempt's time
 * (shown in Financeiro) and rethrown when retryable, so pg-boss retries with backoff.
 */
export async function sendChargeToProvider(
  provider: PaymentProvider,
  chargeId: string,
  attempt: Pick<JobContext, "retryCount" | "isLastAttempt"> = { retryCount: 0, isLastAttempt: false },
): Promise<SyncOutcome> {
  const db = getDb();
  const [row] = await db
    .select({ charge: charges, client: clients })
    .from(charges)
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(eq(charges.id, chargeId));
  if (!row) return "skipped";
  const { charge, client } = row;
  if (charge.providerId || (charge.status !== "pendente" && charge.status !== "vencida")) return "skipped";
  let created: ProviderCharge;
  try {
    const { providerCustomerId } = await provider.createCustomer({
      externalReference: client.id,
      name: client.businessName || client.name,
      email: client.email,
      document: client.document,
      phone: client.phone,
    });
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
    await db.transaction(async (tx) => {
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
    });
    if (!final) throw err;
    return "failed-final";
  }
  // The provider's answer and the e-mail that carries its link are recorded together.
  await db.transaction(async (tx) => {
    await tx
      .update(charges)
      .set({
        provider: provider.name,
        providerId: created.providerId,
        providerPaymentUrl: created.paymentUrl,
        providerPixPayload: created.pixPayload,
        providerError: null,
        providerNextAttemptAt: null,
        updatedAt: now(),
      })
      .where(eq(charges.id, charge.id));
    await queueIssuedMailAfterProvider(tx, charge.id);
  });
  return "created";
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
    await sendChargeToProvider(provider, chargeId, job);
  },
});

/**
 * "Reenviar ao provedor" (issue 31 item 1): an open charge the provider does not have yet is sent
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
    const [row] = await tx
      .select({ charge: charges, clientName: clients.name })
      .from(charges)
      .innerJoin(clients, eq(clients.id, charges.clientId))
      .where(eq(charges.id, chargeId))
      .for("update", { of: charges });
    if (!row) return { ok: false, message: BILLING_MESSAGES.notFound };
    const { charge } = row;
    if (charge.status !== "pendente" && charge.status !== "vencida")
      return { ok: false, message: BILLING_MESSAGES.providerOnlyOpen };
    if (charge.providerId) return { ok: false, message: BILLING_MESSAGES.providerAlreadyCreated };
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

/** The provider's payment of a charge, when the configured provider has it (else null). */
async function atProvider(chargeId: string) {
  const provider = configuredProvider();
  if (!provider || !isId(chargeId)) return null;
  const [charge] = await getDb().select().from(charges).where(eq(charges.id, chargeId));
  if (!charge?.providerId || charge.provider !== provider.name) return null;
  return { provider, charge, providerId: charge.providerId };
}

/** Rethrows what a retry may fix; logs (and gives up on) what it never will. */
function retryOrLog(err: unknown, what: string, chargeId: string) {
  if (!(err instanceof ProviderError) || err.retryable) throw err;
  log.warn({ err, chargeId }, what);
}

/**
 * An admin's "Cancelar cobrança" cancels the provider's payment too, so the client can no longer
 * pay it there. Not when the provider itself reported the deletion (nothing left to cancel).
 */
export const cancelAtProviderJob = onEvent(["charge.cancelled"], {
  name: "billing.provider-cancel",
  retryLimit: PROVIDER_RETRY_LIMIT,
  retryDelay: PROVIDER_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  handler: async ({ payload }) => {
    const found = await atProvider(payload.chargeId);
    if (!found || found.charge.status !== "cancelada") return;
    if (found.charge.cancelReason === PROVIDER_CANCEL_REASON) return;
    try {
      await found.provider.cancel(found.providerId);
    } catch (err) {
      retryOrLog(err, "billing: the provider refused to cancel a charge", found.charge.id);
    }
  },
});

/** "Alterar valor" (a discount): the provider's payment gets the new amount and its new PIX. */
export const updateAtProviderJob = onEvent(["charge.amount_changed"], {
  name: "billing.provider-update",
  retryLimit: PROVIDER_RETRY_LIMIT,
  retryDelay: PROVIDER_RETRY_DELAY_SECONDS,
  retryBackoff: true,
  handler: async ({ payload }) => {
    const found = await atProvider(payload.chargeId);
    if (!found || (found.charge.status !== "pendente" && found.charge.status !== "vencida")) return;
    try {
      const updated = await found.provider.updateCharge(found.providerId, {
        amountCents: found.charge.amountCents,
        dueDate: found.charge.dueDate,
      });
      await getDb()
        .update(charges)
        .set({
          providerPaymentUrl: updated.paymentUrl ?? found.charge.providerPaymentUrl,
          providerPixPayload: updated.pixPayload,
          updatedAt: now(),
        })
        .where(eq(charges.id, found.charge.id));
    } catch (err) {
      retryOrLog(err, "billing: the provider refused a charge's new amount", found.charge.id);
    }
  },
});
