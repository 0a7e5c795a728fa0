import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { charges, providerEvents } from "~/db/schema";
import { now } from "~/server/clock.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { FORM_MAX_BYTES } from "~/server/http/body-limit.server";
import { readBounded } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { countWebhookReceived, type WebhookInOutcome } from "~/server/metrics/metrics.server";
import type { PaymentProvider } from "~/server/payments/provider";
import { reconcileProviderCharges } from "./provider-reconcile.server";
import { syncProviderPayment } from "./provider-payment.server";
import { syncProviderInvoice } from "~/modules/invoices/index.server";

/**
 * The webhook's body limit: Asaas events are a few kB; anything far bigger is not one. The same
 * as a form's, which the request guard applies from Content-Length before the route runs.
 */
const MAX_EVENT_BYTES = FORM_MAX_BYTES;

export type WebhookAnswer = { status: 200 | 400 | 401 | 413; body: { ok: boolean; message?: string } };

/**
 * Receives one webhook: checks the token (401, nothing stored), stores the event raw once per id
 * (a repeat is answered 200 and ignored) and leaves the work to a job, so the answer is quick.
 */
export async function receiveProviderWebhook(
  provider: PaymentProvider,
  request: Request,
): Promise<WebhookAnswer> {
  const counted = (outcome: WebhookInOutcome, answer: WebhookAnswer) => {
    countWebhookReceived(provider.name, outcome);
    return answer;
  };
  if (!provider.verifyWebhook(request.headers))
    return counted("refused", { status: 401, body: { ok: false } });
  let text: string;
  try {
    // Byte by byte up to the limit: a chunked body has no length to check first.
    text = (await readBounded(request, { maxBytes: MAX_EVENT_BYTES, maxFields: Infinity })).toString("utf8");
  } catch (refusal) {
    const status = (refusal as { init?: { status?: number } }).init?.status === 413 ? 413 : 400;
    return counted("invalid", { status, body: { ok: false } });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return counted("invalid", { status: 400, body: { ok: false, message: "JSON inválido." } });
  }
  const event = provider.parseWebhook(body);
  if (!event)
    return counted("invalid", { status: 400, body: { ok: false, message: "Evento sem id ou tipo." } });
  const stored = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(providerEvents)
      .values({ provider: provider.name, eventId: event.eventId, type: event.type, payload: body as object })
      .onConflictDoNothing()
      .returning({ id: providerEvents.id });
    // The job is enqueued with the row, in the same transaction: stored means it will be applied.
    if (row) await enqueue(tx, applyProviderEventJob, { id: row.id }, { id: row.id });
    return Boolean(row);
  });
  return counted(stored ? "accepted" : "duplicate", { status: 200, body: { ok: true } });
}

/** What applying an event did, as the events page shows it. */
export type EventOutcome = string;

/**
 * Applies one stored event: the payment it names is read back from the provider and applied
 * (provider-payment.server.ts). A processed event is skipped; applying the same payment's state
 * again changes nothing, so a repeated or late event is harmless. A provider that cannot be
 * reached throws, and the job retries.
 */
export async function applyProviderEvent(provider: PaymentProvider, rowId: string): Promise<EventOutcome> {
  const db = getDb();
  const [row] = await db.select().from(providerEvents).where(eq(providerEvents.id, rowId));
  if (!row) return "evento inexistente";
  if (row.processedAt) return row.outcome ?? "já processado";
  const event = provider.parseWebhook(row.payload);
  const outcome = !event
    ? "evento ilegível"
    : event.kind === "invoice" && event.providerInvoiceId
      ? await syncProviderInvoice(provider, event.providerInvoiceId)
      : event.kind === "ignored" || !event.providerPaymentId
        ? "ignorado (tipo não tratado)"
        : await syncProviderPayment(provider, event.providerPaymentId, { eventId: event.eventId });
  await db
    .update(providerEvents)
    .set({ processedAt: now(), outcome })
    .where(and(eq(providerEvents.id, rowId), sql`${providerEvents.processedAt} is null`));
  return outcome;
}

export const applyProviderEventJob = defineJob<{ id: string }>({
  name: "billing.apply-provider-event",
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  handler: async ({ id }) => {
    const { configuredProvider } = await import("~/server/payments/index.server");
    const provider = configuredProvider();
    if (!provider) {
      log.warn({ id }, "billing: provider event stored but no provider configured");
      return;
    }
    const outcome = await applyProviderEvent(provider, id);
    log.info({ id, outcome }, "billing: provider event applied");
  },
});

/** Daily, before the reminders: both ledgers brought into agreement (provider-reconcile.server.ts). */
export const reconcileProviderJob = defineJob<object>({
  name: "billing.reconcile-provider",
  schedule: { cron: "0 5 * * *" },
  expireInSeconds: 3600,
  handler: async () => {
    const { configuredProvider } = await import("~/server/payments/index.server");
    const provider = configuredProvider();
    if (!provider) return;
    const result = await reconcileProviderCharges(provider);
    log.info(result, "billing: provider charges reconciled");
  },
});

/** The received events, newest first, for Configurações → Financeiro → Provedor de pagamento. */
export async function listProviderEvents({ limit = 100 }: { limit?: number } = {}) {
  return (
    getDb()
      .select({
        id: providerEvents.id,
        eventId: providerEvents.eventId,
        type: providerEvents.type,
        receivedAt: providerEvents.receivedAt,
        processedAt: providerEvents.processedAt,
        outcome: providerEvents.outcome,
        chargeId: charges.id,
        chargeNumber: charges.number,
      })
      .from(providerEvents)
      // The charge the payment is linked to, not the one the event claims (a notice proves nothing).
      .leftJoin(
        charges,
        sql`${charges.provider} = ${providerEvents.provider}
          and ${charges.providerId} = ${providerEvents.payload}->'payment'->>'id'`,
      )
      .orderBy(sql`${providerEvents.receivedAt} desc`, sql`${providerEvents.id} desc`)
      .limit(limit)
  );
}
