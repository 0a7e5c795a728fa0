import { Link } from "react-router";
import { INVOICE_STATUS_LABELS } from "~/modules/invoices/invoices.constants";
import type { ChargeInvoice } from "~/modules/invoices/views.server";

const link = "font-medium text-brand-700 hover:underline";

/** The note's PDF and XML, opened at the provider (new tab: they are the provider's pages). */
export function InvoiceFiles({ invoice }: { invoice: ChargeInvoice }) {
  return (
    <>
      {invoice.pdfUrl && (
        <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer" className={link}>
          PDF
        </a>
      )}
      {invoice.pdfUrl && invoice.xmlUrl && " · "}
      {invoice.xmlUrl && (
        <a href={invoice.xmlUrl} target="_blank" rel="noopener noreferrer" className={link}>
          XML
        </a>
      )}
    </>
  );
}

/**
 * A charge's tax invoice on its row (Financeiro and the client page): the number with its PDF and
 * XML once issued, the reason when it was not (with the way to "Emitir novamente"), or its status.
 */
export function ChargeInvoiceNote({ invoice }: { invoice: ChargeInvoice | undefined }) {
  if (!invoice) return null;
  if (invoice.status === "emitida")
    return (
      <p className="mt-0.5 text-xs text-slate-700">
        Nota fiscal{invoice.number ? ` nº ${invoice.number}` : ""}: <InvoiceFiles invoice={invoice} />
      </p>
    );
  if (invoice.status === "erro")
    return (
      <p className="mt-0.5 text-xs text-red-700">
        Nota fiscal não emitida: {invoice.errorReason ?? "erro no provedor."}{" "}
        <Link to="/admin/billing/notas-fiscais?status=erro" className={link}>
          Ver notas fiscais
        </Link>
      </p>
    );
  return (
    <p className="mt-0.5 text-xs text-slate-600">
      Nota fiscal: {INVOICE_STATUS_LABELS[invoice.status].toLowerCase()}
      {invoice.status === "cancelamento_negado" && invoice.errorReason ? ` (${invoice.errorReason})` : ""}
    </p>
  );
}
