import { inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { invoices } from "~/db/schema";
import type { InvoiceStatus } from "./invoices.constants";
import { INVOICE_REASONS } from "./request.server";

/** What a charge's row shows of its tax invoice (Financeiro, the client page, the client area). */
export interface ChargeInvoice {
  id: string;
  status: InvoiceStatus;
  number: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
  errorReason: string | null;
  /** Not issued for want of the client's CPF/CNPJ or address: the client area asks for them. */
  needsClientData: boolean;
}

const CLIENT_DATA_REASONS: readonly string[] = [
  INVOICE_REASONS.noDocument,
  INVOICE_REASONS.noAddress,
  INVOICE_REASONS.noDocumentNorAddress,
];

/**
 * The notes of these charges, by charge id (one note per charge). Read by the pages next to their
 * charges, so billing's queries stay as they are and billing never imports this module.
 */
export async function invoicesByCharge(chargeIds: readonly string[]): Promise<Record<string, ChargeInvoice>> {
  if (chargeIds.length === 0) return {};
  const rows = await getDb()
    .select({
      id: invoices.id,
      chargeId: invoices.chargeId,
      status: invoices.status,
      number: invoices.number,
      pdfUrl: invoices.pdfUrl,
      xmlUrl: invoices.xmlUrl,
      errorReason: invoices.errorReason,
    })
    .from(invoices)
    .where(inArray(invoices.chargeId, [...chargeIds]));
  return Object.fromEntries(
    rows.map(({ chargeId, ...note }) => [
      chargeId,
      {
        ...note,
        needsClientData: note.status === "erro" && CLIENT_DATA_REASONS.includes(note.errorReason ?? ""),
      },
    ]),
  );
}
