import { Link } from "react-router";
import { ChargeInvoiceNote } from "~/components/admin/invoices/charge-invoice";
import type { ChargeInvoice } from "~/modules/invoices/views.server";
import { SortHeader } from "~/components/admin/sort-header";
import { Badge, Card, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { PAYMENT_METHOD_LABELS } from "~/modules/billing/billing.schema";
import { paidSummary } from "~/modules/billing/charge-paid";
import { chargePurpose } from "~/modules/billing/charge-purpose";
import { hasChargeFilter, type ChargeFilters } from "~/modules/billing/charge-filters";
import type { ChargeTotals } from "~/modules/billing/list.server";
import { ChargeRowActions, type ChargeRowView } from "./charge-row-actions";
import { CHARGE_STATUS_COLORS, CHARGE_STATUS_LABELS } from "./charge-labels";

export type { ChargeRowView };

/**
 * Financeiro's cards: each sums the rows listed under it for the same filter, and says
 * what it sums; "Recebido" is by payment date only when the list is filtered by payment date.
 */
export function ChargeTotalsCards({
  totals,
  filters,
}: {
  totals: ChargeTotals | null;
  filters: ChargeFilters;
}) {
  const filtered = hasChargeFilter(filters);
  const scope = filtered ? "nas cobranças filtradas" : "em todas as cobranças";
  const byPaymentDate = Boolean(filters.paidFrom || filters.paidTo);
  const cards = [
    ["A receber", totals?.receivableCents, `Falta pagar ${scope}`],
    [
      byPaymentDate ? "Recebido no período (por data de pagamento)" : "Recebido",
      totals?.receivedCents,
      `Pago ${scope}`,
    ],
    [
      "Vencido",
      totals?.overdueCents,
      filtered ? "Falta pagar nas vencidas filtradas" : "Falta pagar nas cobranças vencidas",
    ],
  ] as const;
  return (
    <div className="mb-4 grid gap-4 sm:grid-cols-3">
      {cards.map(([label, cents, note]) => (
        <Card key={label}>
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p className="mt-2 text-2xl font-bold text-slate-900">
            {cents === undefined ? "—" : formatMoney(cents)}
          </p>
          <p className="mt-1 text-xs text-slate-600">{note}</p>
        </Card>
      ))}
    </div>
  );
}

/** What the charge is for, a one-off marked "Avulsa". */
function Purpose({ charge }: { charge: ChargeRowView }) {
  const { label, oneOff } = chargePurpose(charge);
  return (
    <>
      {oneOff && (
        <span className="mr-1.5 inline-flex rounded bg-violet-100 px-1.5 text-xs font-semibold text-violet-800">
          Avulsa
        </span>
      )}
      <span className="[overflow-wrap:anywhere]">{label}</span>
    </>
  );
}

/** The status, with how it was paid (or the part paid) and a provider failure under it. */
function Status({ charge: c, invoice }: { charge: ChargeRowView; invoice?: ChargeInvoice }) {
  const partial = paidSummary(c);
  return (
    <>
      <Badge color={CHARGE_STATUS_COLORS[c.status]}>{CHARGE_STATUS_LABELS[c.status]}</Badge>
      {c.status === "paga" && c.paidOn && c.paymentMethod && (
        <p className="mt-0.5 text-xs whitespace-nowrap text-slate-600">
          {`${formatIsoDate(c.paidOn)} · ${PAYMENT_METHOD_LABELS[c.paymentMethod]}`}
        </p>
      )}
      {partial && <p className="mt-0.5 text-xs font-medium text-amber-800">{partial}</p>}
      {c.provider.error && <p className="mt-0.5 text-xs text-red-700">Falha no provedor</p>}
      <ChargeInvoiceNote invoice={invoice} />
    </>
  );
}

function ClientCell({ charge: c }: { charge: ChargeRowView }) {
  return (
    <>
      <Link
        to={`/admin/clients/edit/${c.clientId}`}
        className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
      >
        {c.clientName}
      </Link>
      <div className="text-xs text-slate-600">{c.businessName}</div>
    </>
  );
}

/**
 * Financeiro's charges: one line per charge at a laptop's width (number, client and
 * business, what it is for, due date, amount, status, actions), cards on a phone. The PIX of a
 * charge is in its own dialog ("PIX e detalhes"), not on every row.
 */
export function ChargesTable({
  rows,
  sort,
  dir,
  today,
  emptyText,
  invoices = {},
}: {
  rows: ChargeRowView[];
  /** The charges' tax invoices, by charge id. */
  invoices?: Record<string, ChargeInvoice>;
  sort: string;
  dir: "asc" | "desc";
  today: string;
  emptyText: string;
}) {
  return (
    <>
      {/* Empty: the table's one row says so, on every screen (one text, not a copy per layout). */}
      <div className={rows.length === 0 ? undefined : "hidden md:block"}>
        <DataTable
          caption="Cobranças"
          head={
            <>
              <SortHeader label="Número" sortKey="number" sort={sort} dir={dir} />
              <Th>Cliente</Th>
              <Th>Referente a</Th>
              <SortHeader label="Vencimento" sortKey="due_date" defaultDir="desc" sort={sort} dir={dir} />
              <SortHeader label="Valor" sortKey="amount" sort={sort} dir={dir} />
              <Th>Status</Th>
              <Th right>Ações</Th>
            </>
          }
        >
          {rows.length === 0 && <EmptyRow colSpan={7}>{emptyText}</EmptyRow>}
          {rows.map((c) => (
            <tr key={c.id} className="hover:bg-slate-50">
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-900">{c.number}</td>
              <td className="min-w-40 px-3 py-2">
                <ClientCell charge={c} />
              </td>
              <td className="min-w-32 px-3 py-2 text-slate-700">
                <Purpose charge={c} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatIsoDate(c.dueDate)}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatMoney(c.amountCents)}</td>
              <td className="px-3 py-2">
                <Status charge={c} invoice={invoices[c.id]} />
              </td>
              <td className="px-3 py-2">
                <ChargeRowActions charge={c} today={today} />
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      {rows.length > 0 && (
        <ul aria-label="Cobranças" className="grid gap-3 md:hidden">
          {rows.map((c) => (
            <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <ClientCell charge={c} />
                </div>
                <div className="max-w-[50%] shrink-0 text-right">
                  <Status charge={c} invoice={invoices[c.id]} />
                </div>
              </div>
              <p className="mt-2 text-sm text-slate-700">
                <Purpose charge={c} />
              </p>
              <p className="mt-1 text-sm text-slate-700">
                <span className="font-mono text-xs">{c.number}</span> · vence em {formatIsoDate(c.dueDate)} ·{" "}
                <span className="font-semibold text-slate-900">{formatMoney(c.amountCents)}</span>
              </p>
              <div className="mt-3">
                <ChargeRowActions charge={c} today={today} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
