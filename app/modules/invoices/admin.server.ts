import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { charges, clients, invoices } from "~/db/schema";
import { addMonths } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { enqueue } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { now } from "~/server/clock.server";
import { ProviderError } from "~/server/payments/provider";
import type { InvoiceStatus } from "./invoices.constants";
import { applyProviderInvoice } from "./issue.server";
import { reissueInvoiceJob } from "./jobs.server";
import { invoiceProvider } from "./settings.server";

export const REISSUE_MESSAGES = {
  notFound: "Nota fiscal não encontrada.",
  notInError: "Só uma nota fiscal com erro pode ser emitida novamente.",
  queued: "Nota fiscal enviada para emissão.",
  asked: "Emissão pedida de novo ao provedor.",
  noProvider: "Nenhum provedor de pagamento que emita notas fiscais está configurado.",
  failed: "Não foi possível pedir a emissão ao provedor. Tente de novo em instantes.",
} as const;

export type ReissueResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * "Emitir novamente" of a note in `erro`, once: the row is locked and must still be in error, so
 * a double click or two admins at once issue one note. A note that never reached the provider
 * (a client without CPF/CNPJ, since corrected) goes back to the issuing job; one the city refused
 * is asked for again at the provider (`authorize`) and its answer applied.
 */
export async function reissueInvoice({
  id,
  actor,
}: {
  id: string;
  actor: Actor | null;
}): Promise<ReissueResult> {
  if (!isId(id)) return { ok: false, message: REISSUE_MESSAGES.notFound };
  const provider = invoiceProvider();
  if (!provider) return { ok: false, message: REISSUE_MESSAGES.noProvider };
  return getDb()
    .transaction(async (tx) => {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
      if (!row) return { ok: false, message: REISSUE_MESSAGES.notFound };
      if (row.status !== "erro") return { ok: false, message: REISSUE_MESSAGES.notInError };
      const [charge] = await tx
        .select({ number: charges.number })
        .from(charges)
        .where(eq(charges.id, row.chargeId));
      await recordAudit(tx, {
        actor,
        action: "invoice.reissued",
        entityType: "invoice",
        entityId: row.id,
        entityLabel: `Nota fiscal da cobrança ${charge?.number ?? ""}`.trim(),
      });
      if (!row.providerId) {
        await tx
          .update(invoices)
          .set({ status: "agendada", errorReason: null, updatedAt: now() })
          .where(eq(invoices.id, row.id));
        await enqueue(tx, reissueInvoiceJob, { chargeId: row.chargeId });
        return { ok: true, message: REISSUE_MESSAGES.queued };
      }
      try {
        const pi = await provider.authorizeInvoice!(row.providerId);
        await applyProviderInvoice(tx, row, pi);
        return { ok: true, message: REISSUE_MESSAGES.asked };
      } catch (err) {
        log.warn({ err, invoiceId: row.id }, "invoices: authorize failed");
        // Nothing was asked: the audit entry goes with the rest.
        throw new ReissueRefused(
          err instanceof ProviderError && !err.retryable ? err.message : REISSUE_MESSAGES.failed,
        );
      }
    })
    .catch((err: unknown) => {
      if (err instanceof ReissueRefused) return { ok: false as const, message: err.message };
      throw err;
    });
}

class ReissueRefused extends Error {}

export interface InvoiceFilters {
  status?: InvoiceStatus;
  /** YYYY-MM: the month of the note's date. */
  month?: string;
}

/** "Notas fiscais" in Financeiro: newest first, with the charge and client they belong to. */
export async function listInvoices(filters: InvoiceFilters = {}, { limit = 200 } = {}) {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(invoices.status, filters.status));
  if (filters.month) {
    const from = `${filters.month}-01`;
    where.push(gte(invoices.effectiveDate, from), lt(invoices.effectiveDate, addMonths(from, 1)));
  }
  const cond = where.length ? and(...where) : undefined;
  const rows = await getDb()
    .select({
      id: invoices.id,
      status: invoices.status,
      number: invoices.number,
      validationCode: invoices.validationCode,
      valueCents: invoices.valueCents,
      effectiveDate: invoices.effectiveDate,
      pdfUrl: invoices.pdfUrl,
      xmlUrl: invoices.xmlUrl,
      errorReason: invoices.errorReason,
      chargeId: charges.id,
      chargeNumber: charges.number,
      clientName: sql<string>`coalesce(nullif(${clients.businessName}, ''), ${clients.name})`,
    })
    .from(invoices)
    .innerJoin(charges, eq(charges.id, invoices.chargeId))
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(cond)
    .orderBy(desc(invoices.effectiveDate), desc(invoices.createdAt))
    .limit(limit);
  const [{ total }] = await getDb().select({ total: count() }).from(invoices).where(cond);
  return { rows, total };
}
