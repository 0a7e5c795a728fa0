import { formatMoney } from "~/lib/format";
import type { StatementLine } from "~/modules/payouts/statement.server";

/**
 * The statement: a table from `md` up; on phones a list of cards with the amount and the status on
 * the right, so nothing is cut off at 390 px.
 */
export function Statement({ lines }: { lines: StatementLine[] }) {
  return (
    <>
      <ul aria-label="Extrato de comissões" className="space-y-2 md:hidden">
        {lines.map((l) => (
          <li
            key={l.key}
            className="flex items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
          >
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{l.description}</p>
              <p className="mt-0.5 text-slate-600">
                {l.kind} · {l.date}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-semibold whitespace-nowrap text-slate-900">{formatMoney(l.amountCents)}</p>
              <p className="mt-0.5 text-slate-600">{l.situation}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl md:block border border-slate-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Extrato de comissões</caption>
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Data
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Tipo
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Descrição
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Valor
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Situação
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.map((l) => (
              <tr key={l.key}>
                <td className="px-4 py-3 whitespace-nowrap">{l.date}</td>
                <td className="px-4 py-3">{l.kind}</td>
                <td className="px-4 py-3 break-words">{l.description}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap">{formatMoney(l.amountCents)}</td>
                <td className="px-4 py-3">{l.situation}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
