import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { charges, providerEvents } from "~/db/schema";
import { isId } from "~/lib/ids";
import { now, today as clockToday } from "~/server/clock.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { FORM_MAX_BYTES } from "~/server/http/body-limit.server";
import { readBounded } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { countWebhookReceived, type WebhookInOutcome } from "~/server/metrics/metrics.server";
import type { PaymentProvider, ProviderChargeStatus, ProviderEvent } from "~/server/payments/provider";
import { recordAudit } from "~/modules/audit/audit.server";
import { emit } from "~/modules/events/events.server";
import type { ChargeStatus } from "./billing.constants";
import { recordPayment } from "./billing.server";

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

/** The reason written on a charge the provider reports deleted (PAYMENT_DELETED). */
export const PROVIDER_CANCEL_REASON = "Cancelada no provedor de pagamento.";

/** What applying an event did, as the events page shows it. */
export type EventOutcome = string;

async function findCharge(event: ProviderEvent) {
  // Out of order (a RECEIVED before its CREATED, or before our job stored the provider id): our
  // charge id travels as externalReference, so the charge is found either way.
  const conds = [];
  if (event.providerPaymentId) conds.push(eq(charges.providerId, event.providerPaymentId));
  if (event.externalReference && isId(event.externalReference))
    conds.push(eq(charges.id, event.externalReference));
  if (!conds.length) return null;
  const rows = await getDb()
    .select()
    .from(charges)
    .where(conds.length === 1 ? conds[0] : sql`(${conds[0]} or ${conds[1]})`)
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Applies one stored event. Idempotent by the charge's status: a payment already recorded is not
 * recorded again (recordPayment refuses a paid charge, and the subscription extends once by
 * `extended_at`), and a processed event is skipped.
 */
export async function applyProviderEvent(
  provider: Pick<PaymentProvider, "name" | "parseWebhook">,
  rowId: string,
): Promise<EventOutcome> {
  const db = getDb();
  const [row] = await db.select().from(providerEvents).where(eq(providerEvents.id, rowId));
  if (!row) return "evento inexistente";
  if (row.processedAt) return row.outcome ?? "já processado";
  const event = provider.parseWebhook(row.payload);
  const outcome = event ? await applyParsed(provider.name, event) : "evento ilegível";
  await db
    .update(providerEvents)
    .set({ processedAt: now(), outcome })
    .where(and(eq(providerEvents.id, rowId), sql`${providerEvents.processedAt} is null`));
  return outcome;
}

async function applyParsed(providerName: string, event: ProviderEvent): Promise<EventOutcome> {
  if (event.kind === "ignored") return "ignorado (tipo não tratado)";
  const charge = await findCharge(event);
  if (!charge) return "cobrança não encontrada";
  const db = getDb();
  // Link the charge to the provider's payment when the event tells us its id first.
  if (!charge.providerId && event.providerPaymentId) {
    await db
      .update(charges)
      .set({ provider: providerName, providerId: event.providerPaymentId, updatedAt: now() })
      .where(and(eq(charges.id, charge.id), sql`${charges.providerId} is null`));
  }
  switch (event.kind) {
    case "created":
      return "cobrança vinculada";
    case "paid": {
      if (charge.status === "paga") return "já estava paga";
      const today = clockToday();
      const paidOn = event.paidOn && event.paidOn <= today ? event.paidOn : today;
      // The same function as the admin's "Registrar pagamento": one extension, same audit/event.
      const res = await recordPayment({
        chargeId: charge.id,
        input: { paidOn, method: event.method ?? "pix", amountCents: charge.amountCents },
        actor: providerActor(providerName),
      });
      return res.ok ? "paga" : `não aplicado: ${res.message}`;
    }
    case "overdue":
      return providerStatusChange(providerName, charge.id, {
        to: "vencida",
        from: ["pendente"],
        set: {},
        audit: "charge.overdue",
        event: "charge.overdue",
      });
    case "refunded":
      // The period already served is not shortened (extended_at stays set, so paying again does
      // not extend twice); the charge is open as a debt again. The money went back: the payment's
      // facts leave the charge (they stay in the stored event and the payment's audit entry).
      return providerStatusChange(providerName, charge.id, {
        to: "estornada",
        from: ["paga", "pendente", "vencida"],
        set: {
          paidOn: null,
          amountPaidCents: null,
          paymentMethod: null,
          paymentRecordedAt: null,
          refundedAt: now(),
        },
        audit: "charge.refunded",
        event: "charge.refunded",
      });
    case "deleted":
      return providerStatusChange(providerName, charge.id, {
        to: "cancelada",
        from: ["pendente", "vencida"],
        set: { cancelReason: PROVIDER_CANCEL_REASON, cancelledAt: now() },
        audit: "charge.cancelled",
        event: "charge.cancelled",
      });
  }
}

/**
 * A status the provider reports, in one transaction with its audit entry (made by the provider)
 * and its outgoing event; nothing when the charge is no longer in a state it moves from.
 */
async function providerStatusChange(
  providerName: string,
  chargeId: string,
  change: {
    to: "vencida" | "estornada" | "cancelada";
    from: ChargeStatus[];
    set: Partial<typeof charges.$inferInsert>;
    audit: string;
    event: "charge.overdue" | "charge.refunded" | "charge.cancelled";
  },
): Promise<EventOutcome> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ status: charges.status, number: charges.number })
      .from(charges)
      .where(eq(charges.id, chargeId))
      .for("update");
    if (!before || !change.from.includes(before.status)) return `sem mudança (${before?.status ?? "?"})`;
    await tx
      .update(charges)
      .set({ ...change.set, status: change.to, updatedAt: now() })
      .where(eq(charges.id, chargeId));
    await recordAudit(tx, {
      actor: providerActor(providerName),
      action: change.audit,
      entityType: "charge",
      entityId: chargeId,
      entityLabel: before.number,
      changes: { status: [before.status, change.to] },
    });
    await emit(tx, change.event, { chargeId });
    return change.to;
  });
}

const providerActor = (name: string) => ({ id: `provider:${name}`, name: name === "asaas" ? "Asaas" : name });

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

/** How a provider's reported status is applied: the same as the webhook event of that status. */
const KIND_OF_STATUS: Record<ProviderChargeStatus, ProviderEvent["kind"] | null> = {
  pendente: null,
  paga: "paid",
  vencida: "overdue",
  estornada: "refunded",
  cancelada: "deleted",
};

/** The outcomes of applyParsed that changed the charge's status. */
const APPLIED = new Set<EventOutcome>(["paga", "vencida", "estornada", "cancelada"]);

/** At most this many charges are asked about per run (Asaas limits requests per minute). */
export const RECONCILE_BATCH = 500;

export interface ReconcileResult {
  checked: number;
  changed: number;
  failed: number;
}

/**
 * Reconciliation (issue 31 item 3): asks the provider for the status of every charge still open
 * here that the provider has, and applies what changed through the webhook's own path (one
 * payment, one extension, the same audit and events). This catches events lost while our endpoint
 * was down: Asaas pauses its queue after repeated failures. Oldest due date first; a charge the
 * provider cannot answer about is left for the next run.
 */
export async function reconcileProviderCharges(
  provider: Pick<PaymentProvider, "name" | "getStatus">,
  { limit = RECONCILE_BATCH }: { limit?: number } = {},
): Promise<ReconcileResult> {
  const open = await getDb()
    .select({ id: charges.id, providerId: charges.providerId, status: charges.status })
    .from(charges)
    .where(
      and(
        eq(charges.provider, provider.name),
        sql`${charges.providerId} is not null`,
        inArray(charges.status, ["pendente", "vencida"]),
      ),
    )
    .orderBy(charges.dueDate, charges.id)
    .limit(limit);
  const result: ReconcileResult = { checked: 0, changed: 0, failed: 0 };
  for (const c of open) {
    result.checked += 1;
    let status;
    try {
      status = await provider.getStatus(c.providerId!);
    } catch (err) {
      result.failed += 1;
      log.warn({ err, chargeId: c.id }, "billing: reconciliation could not read a charge");
      continue;
    }
    const kind = status && KIND_OF_STATUS[status.status];
    if (!status || !kind || (kind === "overdue" && c.status === "vencida")) continue;
    const outcome = await applyParsed(provider.name, {
      eventId: `reconciliacao:${c.id}`,
      type: `RECONCILIACAO_${status.raw}`,
      kind,
      providerPaymentId: c.providerId,
      externalReference: c.id,
      paidOn: status.paidOn,
      amountPaidCents: status.amountPaidCents,
      method: status.method,
    });
    if (APPLIED.has(outcome)) result.changed += 1;
  }
  return result;
}

/** Daily, before the reminders: whatever the provider knows that its webhooks did not tell us. */
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
  return getDb()
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
    .leftJoin(charges, sql`${charges.id}::text = ${providerEvents.payload}->'payment'->>'externalReference'`)
    .orderBy(sql`${providerEvents.receivedAt} desc`, sql`${providerEvents.id} desc`)
    .limit(limit);
}
