// Issuing a paid charge's tax invoice (NFS-e) at the provider, and following it there (decision
// 045). The note's row is unique per charge: the issuing job, a retry, a second delivery of the
// event and "Emitir novamente" all meet on it. Every change of state is read back from the
// provider (a webhook is a notice), applied under the row's lock, and its event emitted once.
import { and, eq, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, invoices } from "~/db/schema";
import { isId } from "~/lib/ids";
import { emit } from "~/modules/events/index.server";
import { now, today } from "~/server/clock.server";
import type { JobContext } from "~/server/jobs/queue.server";
import { ProviderError, type PaymentProvider, type ProviderInvoice } from "~/server/payments/provider";
import { lockProviderCustomer, providerCustomer } from "~/server/payments/index.server";
import type { InvoiceStatus } from "./invoices.constants";
import { getInvoiceSettings, invoiceProvider } from "./settings.server";
import { chargeFacts, INVOICE_REASONS, invoiceRequest, missingFiscalData } from "./request.server";

export type Invoice = typeof invoices.$inferSelect;

export { INVOICE_REASONS } from "./request.server";

const EVENT_OF: Partial<Record<InvoiceStatus, "invoice.issued" | "invoice.failed" | "invoice.cancelled">> = {
  emitida: "invoice.issued",
  erro: "invoice.failed",
  cancelada: "invoice.cancelled",
};

/** Moves a locked note to `status`; its event is emitted only when the status really changes. */
async function moveInvoice(
  tx: DbOrTx,
  row: Invoice,
  status: InvoiceStatus,
  set: Partial<typeof invoices.$inferInsert> = {},
): Promise<boolean> {
  const changed = row.status !== status;
  await tx
    .update(invoices)
    .set({ ...set, status, updatedAt: now() })
    .where(eq(invoices.id, row.id));
  const event = EVENT_OF[status];
  if (changed && event) await emit(tx, event, { invoiceId: row.id, chargeId: row.chargeId });
  return changed;
}

/**
 * Applies the note as the provider reports it to its locked row. A cancelled note stays cancelled
 * (a late notice of its authorisation, read back, cannot bring it back); a cancellation asked for
 * leaves the note standing until the city answers.
 */
export async function applyProviderInvoice(tx: DbOrTx, row: Invoice, pi: ProviderInvoice): Promise<string> {
  if (row.status === "cancelada") return "nota já cancelada";
  const facts = {
    providerStatus: pi.raw,
    number: pi.number ?? row.number,
    validationCode: pi.validationCode ?? row.validationCode,
    pdfUrl: pi.pdfUrl ?? row.pdfUrl,
    xmlUrl: pi.xmlUrl ?? row.xmlUrl,
  };
  switch (pi.state) {
    case "agendada":
      return (await moveInvoice(tx, row, "agendada", { ...facts, errorReason: null }))
        ? "nota fiscal agendada"
        : "sem mudança";
    case "emitida":
      return (await moveInvoice(tx, row, "emitida", {
        ...facts,
        errorReason: null,
        issuedAt: row.issuedAt ?? now(),
      }))
        ? "nota fiscal emitida"
        : "sem mudança";
    case "erro":
      return (await moveInvoice(tx, row, "erro", {
        ...facts,
        errorReason: (pi.statusDescription ?? INVOICE_REASONS.refused).slice(0, 1000),
      }))
        ? "nota fiscal com erro"
        : "sem mudança";
    case "cancelando":
      await tx
        .update(invoices)
        .set({ ...facts, cancelRequestedAt: row.cancelRequestedAt ?? now(), updatedAt: now() })
        .where(eq(invoices.id, row.id));
      return "cancelamento em processamento";
    case "cancelada":
      await moveInvoice(tx, row, "cancelada", { ...facts, cancelledAt: now() });
      return "nota fiscal cancelada";
    case "cancelamento_negado":
      return (await moveInvoice(tx, row, "cancelamento_negado", {
        ...facts,
        errorReason: (pi.statusDescription ?? INVOICE_REASONS.cancellationDenied).slice(0, 1000),
      }))
        ? "cancelamento negado"
        : "sem mudança";
  }
}

export type IssueOutcome = "issued" | "skipped" | "failed" | "retry";

/**
 * Issues a paid charge's note: single-flight per charge (its row locked during the call, as
 * sending a charge is). Nothing is issued without the fiscal settings, for a charge no longer
 * paid, or twice: a note already at the provider is left alone. A client without CPF/CNPJ or a
 * complete address gets
 * the note in `erro` with the reason; a refusal by the provider too. A provider that cannot be
 * reached throws (the job retries) until the last attempt, which records the error.
 */
export async function issueChargeInvoice(
  provider: PaymentProvider,
  chargeId: string,
  attempt: Pick<JobContext, "isLastAttempt"> = { isLastAttempt: false },
): Promise<IssueOutcome> {
  const issuer = invoiceProvider(provider);
  if (!issuer?.issueInvoice) return "skipped";
  const result = await getDb().transaction(async (tx): Promise<IssueOutcome | { retry: unknown }> => {
    const settings = await getInvoiceSettings(tx);
    if (!settings?.enabled) return "skipped";
    const facts = await chargeFacts(tx, chargeId);
    if (!facts || facts.charge.status !== "paga") return "skipped";
    const on = today();
    const request = invoiceRequest(settings, facts, on);
    await tx
      .insert(invoices)
      .values({
        chargeId,
        status: "agendada",
        valueCents: request.valueCents,
        serviceDescription: request.serviceDescription,
        serviceCode: request.municipalServiceCode,
        effectiveDate: request.effectiveDate,
      })
      .onConflictDoNothing({ target: invoices.chargeId });
    const [row] = await tx.select().from(invoices).where(eq(invoices.chargeId, chargeId)).for("update");
    if (row.providerId || row.status !== "agendada") return "skipped";
    // What a retried or re-asked note says is what the charge and the settings say now.
    const pending = {
      valueCents: request.valueCents,
      serviceDescription: request.serviceDescription,
      serviceCode: request.municipalServiceCode,
      effectiveDate: request.effectiveDate,
    };
    const missing = missingFiscalData(facts.client);
    if (missing) {
      await moveInvoice(tx, row, "erro", { ...pending, errorReason: missing });
      return "failed";
    }
    if (!facts.charge.providerId || facts.charge.provider !== provider.name) {
      await moveInvoice(tx, row, "erro", { ...pending, errorReason: INVOICE_REASONS.noProviderPayment });
      return "failed";
    }
    let pi: ProviderInvoice;
    try {
      // The note is issued to the provider's copy of the client: bring it up to date first (its
      // CPF/CNPJ or address may have been given after its first charge went there).
      await lockProviderCustomer(tx, facts.client.id);
      await provider.createCustomer({ ...providerCustomer(facts.client), update: true });
      pi = await issuer.issueInvoice!(request);
    } catch (err) {
      const retryable = !(err instanceof ProviderError) || err.retryable;
      if (retryable && !attempt.isLastAttempt) return { retry: err };
      await moveInvoice(tx, row, "erro", { ...pending, errorReason: (err as Error).message.slice(0, 1000) });
      return "failed";
    }
    await tx
      .update(invoices)
      .set({ ...pending, provider: provider.name, providerId: pi.id, updatedAt: now() })
      .where(eq(invoices.id, row.id));
    const outcome = await applyProviderInvoice(tx, { ...row, ...pending, providerId: pi.id }, pi);
    return outcome === "nota fiscal com erro" ? "failed" : "issued";
  });
  if (typeof result === "object") throw result.retry;
  return result;
}

/**
 * An INVOICE_* notice: the note is read back from the provider and applied to its row (found by
 * the provider's id, or by our charge id for a note whose creation answer was lost). Applying the
 * same state again changes nothing, so repeated and late notices are harmless.
 */
export async function syncProviderInvoice(
  provider: PaymentProvider,
  providerInvoiceId: string,
): Promise<string> {
  const issuer = invoiceProvider(provider);
  if (!issuer?.getInvoice) return "ignorado (provedor sem notas fiscais)";
  const pi = await issuer.getInvoice(providerInvoiceId);
  if (!pi) return "nota fiscal desconhecida no provedor";
  return getDb().transaction(async (tx) => {
    let [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.provider, provider.name), eq(invoices.providerId, pi.id)))
      .for("update");
    if (!row && pi.externalReference && isId(pi.externalReference)) {
      [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.chargeId, pi.externalReference), isNull(invoices.providerId)))
        .for("update");
      if (row) {
        await tx
          .update(invoices)
          .set({ provider: provider.name, providerId: pi.id, updatedAt: now() })
          .where(eq(invoices.id, row.id));
        row = { ...row, provider: provider.name, providerId: pi.id };
      }
    }
    if (!row) return "nota fiscal não vinculada a uma cobrança";
    return applyProviderInvoice(tx, row, pi);
  });
}

/**
 * A charge that no longer counts as paid (refunded, charged back, cancelled) cancels its note. A
 * note never issued is simply closed; one at the provider is cancelled there, and a refusal (the
 * city's deadline to cancel has passed, for instance) is recorded as `cancelamento_negado`.
 */
export async function cancelChargeInvoice(
  provider: PaymentProvider | null,
  chargeId: string,
): Promise<string> {
  const result = await getDb().transaction(async (tx): Promise<string | { retry: unknown }> => {
    await tx.select({ id: charges.id }).from(charges).where(eq(charges.id, chargeId)).for("update");
    const [row] = await tx.select().from(invoices).where(eq(invoices.chargeId, chargeId)).for("update");
    if (!row || row.status === "cancelada") return "sem nota";
    if (!row.providerId) {
      await tx
        .update(invoices)
        .set({ status: "cancelada", cancelledAt: now(), updatedAt: now() })
        .where(eq(invoices.id, row.id));
      return "nota não emitida encerrada";
    }
    const issuer = invoiceProvider(provider);
    if (!issuer?.cancelInvoice || issuer.name !== row.provider) return "sem provedor";
    try {
      const pi = await issuer.cancelInvoice(row.providerId);
      return applyProviderInvoice(tx, row, pi);
    } catch (err) {
      if (!(err instanceof ProviderError) || err.retryable) return { retry: err };
      await moveInvoice(tx, row, "cancelamento_negado", {
        cancelRequestedAt: now(),
        errorReason: err.message.slice(0, 1000),
      });
      return "cancelamento negado";
    }
  });
  if (typeof result === "object") throw result.retry;
  return result;
}
