import type { ChargeInvoice } from "~/modules/invoices/views.server";

const link = "inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline";

/**
 * A paid charge's tax invoice in the client area: its PDF and XML once issued (plain links to the
 * provider's files), or what is missing when it waits for the client's CPF/CNPJ or address.
 */
export function ClientChargeInvoice({ invoice, number }: { invoice?: ChargeInvoice; number: string }) {
  if (!invoice || invoice.status === "cancelada") return null;
  if (invoice.status === "emitida")
    return (
      <p className="flex flex-wrap items-center gap-x-3 text-slate-700">
        <span>Nota fiscal{invoice.number ? ` nº ${invoice.number}` : ""}:</span>
        {invoice.pdfUrl && (
          <a href={invoice.pdfUrl} target="_blank" rel="noopener noreferrer" className={link}>
            PDF<span className="sr-only"> da nota fiscal da cobrança {number}</span>
          </a>
        )}
        {invoice.xmlUrl && (
          <a href={invoice.xmlUrl} target="_blank" rel="noopener noreferrer" className={link}>
            XML<span className="sr-only"> da nota fiscal da cobrança {number}</span>
          </a>
        )}
      </p>
    );
  if (invoice.needsClientData)
    return (
      <p className="text-amber-800">
        Nota fiscal pendente: cadastre seu CPF/CNPJ e endereço em{" "}
        <a href="/cliente/dados" className="font-semibold underline">
          Seus dados
        </a>
        .
      </p>
    );
  return <p className="text-slate-600">Nota fiscal em emissão.</p>;
}
