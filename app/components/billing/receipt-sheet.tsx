import { Link } from "react-router";
import { formatIsoDate, formatMoney } from "~/lib/format";
import type { ChargeReceipt } from "~/modules/billing/receipt.server";

/** The printable receipt of a paid charge: the back office's and the restaurant's own area's. */
export function ReceiptSheet({
  receipt: r,
  issuedOn,
  back,
  plain = false,
}: {
  receipt: ChargeReceipt;
  issuedOn: string;
  back: { to: string; label: string };
  /** A plain-HTML page (the client area's): "Imprimir" is shown and wired by its script. */
  plain?: boolean;
}) {
  const row = "flex justify-between gap-4 border-b border-slate-200 py-2";
  return (
    <main className="mx-auto max-w-2xl bg-white p-8 text-slate-900 print:max-w-none print:p-0">
      <div className="mb-6 flex gap-3 print:hidden">
        <button
          type="button"
          onClick={plain ? undefined : () => window.print()}
          hidden={plain}
          data-print={plain ? "" : undefined}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Imprimir
        </button>
        <Link to={back.to} className="px-2 py-2 text-sm text-slate-700 hover:underline">
          {back.label}
        </Link>
      </div>
      <header className="mb-6 border-b-2 border-slate-900 pb-4">
        <h1 className="text-2xl font-bold">Recibo de pagamento</h1>
        <p className="mt-1 font-mono text-sm">Cobrança {r.number}</p>
        <div className="mt-3 text-sm text-slate-700" aria-label="Emitente">
          <p className="font-semibold text-slate-900">{r.issuer}</p>
          {r.issuerCnpj && <p>CNPJ {r.issuerCnpj}</p>}
          {r.issuerAddress && <p>{r.issuerAddress}</p>}
        </div>
      </header>
      <p className="mb-4 leading-relaxed">
        Recebemos de <strong>{r.businessName}</strong> ({r.clientName}
        {r.document ? `, CPF/CNPJ ${r.document}` : ""}) a importância de{" "}
        <strong>{formatMoney(r.paidAmountCents)}</strong>, referente aos itens abaixo.
      </p>
      <table className="mb-4 w-full text-sm">
        <caption className="sr-only">Itens da cobrança</caption>
        <thead>
          <tr className="border-b border-slate-400 text-left">
            <th className="py-2">Descrição</th>
            <th className="py-2 text-right">Valor</th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l, i) => (
            <tr key={i} className="border-b border-slate-200">
              <td className="py-2">{l.description}</td>
              <td className="py-2 text-right whitespace-nowrap">{formatMoney(l.amountCents)}</td>
            </tr>
          ))}
          {r.discountCents > 0 && (
            <tr className="border-b border-slate-200">
              <td className="py-2">Desconto</td>
              <td className="py-2 text-right whitespace-nowrap">− {formatMoney(r.discountCents)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <dl className="text-sm">
        {r.periodStart && r.periodEnd && (
          <div className={row}>
            <dt>Período</dt>
            <dd>
              {formatIsoDate(r.periodStart)} a {formatIsoDate(r.periodEnd)}
            </dd>
          </div>
        )}
        <div className={row}>
          <dt>Vencimento</dt>
          <dd>{formatIsoDate(r.dueDate)}</dd>
        </div>
        <div className={row}>
          <dt>Data do pagamento</dt>
          <dd>{formatIsoDate(r.paidOn)}</dd>
        </div>
        <div className={row}>
          <dt>Forma de pagamento</dt>
          <dd>{r.method}</dd>
        </div>
        <div className={`${row} font-bold`}>
          <dt>Valor pago</dt>
          <dd>{formatMoney(r.paidAmountCents)}</dd>
        </div>
      </dl>
      <p className="mt-8 text-xs text-slate-500">Emitido em {formatIsoDate(issuedOn)}.</p>
    </main>
  );
}
