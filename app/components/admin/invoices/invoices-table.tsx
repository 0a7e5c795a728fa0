import { Form, useNavigation } from "react-router";
import { DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "~/modules/invoices/invoices.constants";

export interface InvoiceRow {
  id: string;
  status: InvoiceStatus;
  number: string | null;
  validationCode: string | null;
  valueCents: number;
  effectiveDate: string;
  pdfUrl: string | null;
  xmlUrl: string | null;
  errorReason: string | null;
  chargeNumber: string;
  clientName: string;
}

const BADGE: Record<InvoiceStatus, string> = {
  agendada: "bg-slate-100 text-slate-800",
  emitida: "bg-green-100 text-green-800",
  erro: "bg-red-100 text-red-800",
  cancelada: "bg-slate-200 text-slate-700",
  cancelamento_negado: "bg-amber-100 text-amber-900",
};

/** Financeiro → Notas fiscais: each note, its reason when it failed, and "Emitir novamente". */
export function InvoicesTable({ rows }: { rows: InvoiceRow[] }) {
  const busy = useNavigation().state === "submitting";
  return (
    <DataTable
      caption="Notas fiscais"
      head={
        <>
          <Th>Data</Th>
          <Th>Cobrança</Th>
          <Th>Cliente</Th>
          <Th>Valor</Th>
          <Th>Situação</Th>
          <Th>Nota</Th>
        </>
      }
    >
      {rows.length === 0 && <EmptyRow colSpan={6}>Nenhuma nota fiscal.</EmptyRow>}
      {rows.map((r) => (
        <tr key={r.id}>
          <td className="px-4 py-3 whitespace-nowrap">{formatIsoDate(r.effectiveDate)}</td>
          <td className="px-4 py-3 font-mono whitespace-nowrap">{r.chargeNumber}</td>
          <td className="px-4 py-3">{r.clientName}</td>
          <td className="px-4 py-3 whitespace-nowrap">{formatMoney(r.valueCents)}</td>
          <td className="px-4 py-3">
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${BADGE[r.status]}`}>
              {INVOICE_STATUS_LABELS[r.status]}
            </span>
            {r.errorReason && <div className="mt-1 text-xs text-slate-600">{r.errorReason}</div>}
          </td>
          <td className="px-4 py-3">
            {r.number && (
              <div className="whitespace-nowrap">
                Nº {r.number}
                {r.validationCode && <span className="text-xs text-slate-500"> · {r.validationCode}</span>}
              </div>
            )}
            <div className="flex gap-3 text-sm">
              {r.pdfUrl && (
                <a
                  href={r.pdfUrl}
                  className="tap text-brand-700 hover:underline"
                  rel="noreferrer"
                  target="_blank"
                >
                  PDF
                </a>
              )}
              {r.xmlUrl && (
                <a
                  href={r.xmlUrl}
                  className="tap text-brand-700 hover:underline"
                  rel="noreferrer"
                  target="_blank"
                >
                  XML
                </a>
              )}
            </div>
            {r.status === "erro" && (
              <Form method="post" className="mt-1">
                <input type="hidden" name="intent" value="reissue" />
                <input type="hidden" name="id" value={r.id} />
                <button
                  type="submit"
                  disabled={busy}
                  className="tap text-sm font-medium text-brand-700 hover:underline disabled:opacity-50"
                >
                  Emitir novamente
                </button>
              </Form>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
