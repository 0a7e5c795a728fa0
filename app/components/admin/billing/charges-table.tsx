import { Link } from "react-router";
import { SortHeader } from "~/components/admin/sort-header";
import { Badge, Card, DataTable, EmptyRow, Th } from "~/components/admin/ui";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { PAYMENT_METHOD_LABELS } from "~/modules/billing/billing.schema";
import { isPayable } from "~/modules/billing/billing.constants";
import { owedCents, paidSummary } from "~/modules/billing/charge-paid";
import type { ChargeProviderState } from "~/modules/billing/charge-pix.server";
import type { ChargeListRow, ChargeTotals } from "~/modules/billing/list.server";
import { ChargeActions, ChargeRefund, ChargeWhatsapp, PixCopy } from "./charge-actions";
import { ChargeResend, ReceiptLink } from "./charge-mail-actions";
import { ChargeProvider } from "./charge-provider";
import { CHARGE_STATUS_COLORS, CHARGE_STATUS_LABELS } from "./charge-labels";

export type ChargeRowView = ChargeListRow & {
  pixCode: string | null;
  pixQr: string | null;
  payLink: string | null;
  payUpdating: boolean;
  provider: ChargeProviderState;
};

/** The Financeiro totals for the current filter. */
export function ChargeTotalsCards({ totals }: { totals: ChargeTotals | null }) {
  const cards = [
    ["A receber", totals?.receivableCents],
    ["Recebido no período", totals?.receivedCents],
    ["Vencido", totals?.overdueCents],
  ] as const;
  return (
    <div className="mb-4 grid gap-4 sm:grid-cols-3">
      {cards.map(([label, cents]) => (
        <Card key={label}>
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p className="mt-2 text-2xl font-bold text-slate-900">
            {cents === undefined ? "—" : formatMoney(cents)}
          </p>
        </Card>
      ))}
    </div>
  );
}

/** The charges of the Financeiro page: number, client, due date, amount, status, PIX and actions. */
export function ChargesTable({
  rows,
  sort,
  dir,
  today,
  emptyText,
}: {
  rows: ChargeRowView[];
  sort: string;
  dir: "asc" | "desc";
  today: string;
  emptyText: string;
}) {
  return (
    <DataTable
      caption="Cobranças"
      head={
        <>
          <SortHeader label="Número" sortKey="number" sort={sort} dir={dir} />
          <Th>Cliente</Th>
          <SortHeader label="Vencimento" sortKey="due_date" defaultDir="desc" sort={sort} dir={dir} />
          <SortHeader label="Valor" sortKey="amount" sort={sort} dir={dir} />
          <Th>Status</Th>
          <Th>Pagamento</Th>
          <Th right>Ações</Th>
        </>
      }
    >
      {rows.length === 0 && <EmptyRow colSpan={7}>{emptyText}</EmptyRow>}
      {rows.map((c) => (
        <tr key={c.id} className="align-top hover:bg-slate-50">
          <td className="px-4 py-3 font-mono whitespace-nowrap text-slate-900">{c.number}</td>
          <td className="px-4 py-3">
            <Link to={`/admin/clients/edit/${c.clientId}`} className="hover:text-brand-700 hover:underline">
              {c.clientName}
            </Link>
            <div className="text-xs text-slate-500">{c.businessName}</div>
          </td>
          <td className="px-4 py-3 whitespace-nowrap">{formatIsoDate(c.dueDate)}</td>
          <td className="px-4 py-3 whitespace-nowrap">{formatMoney(c.amountCents)}</td>
          <td className="px-4 py-3">
            <Badge color={CHARGE_STATUS_COLORS[c.status]}>{CHARGE_STATUS_LABELS[c.status]}</Badge>
          </td>
          <td className="px-4 py-3 text-xs">
            {paidSummary(c) && <p className="mb-1 font-medium text-amber-800">{paidSummary(c)}</p>}
            {c.status === "paga" && c.paidOn && c.paymentMethod ? (
              `${formatIsoDate(c.paidOn)} · ${PAYMENT_METHOD_LABELS[c.paymentMethod]}`
            ) : c.pixCode ? (
              <>
                <PixCopy code={c.pixCode} qr={c.pixQr} number={c.number} />
                <ChargeWhatsapp phone={c.clientPhone} charge={{ ...c, pixCode: c.pixCode }} />
              </>
            ) : (
              "—"
            )}
            {isPayable(c.status) && (
              <div className="mt-1">
                <ChargeProvider id={c.id} number={c.number} state={c.provider} payLink={c.payLink} />
              </div>
            )}
          </td>
          <td className="px-4 py-3">
            {isPayable(c.status) && (
              <ChargeActions
                id={c.id}
                number={c.number}
                status={c.status}
                amountCents={c.amountCents}
                owedCents={owedCents(c)}
                today={today}
              />
            )}
            {(c.status === "pendente" || c.status === "vencida") && (
              <div className="mt-2 text-right">
                <ChargeResend id={c.id} number={c.number} />
              </div>
            )}
            {c.status === "paga" && (
              <div className="flex flex-col items-end gap-1 text-right">
                <ReceiptLink id={c.id} number={c.number} />
                <ChargeRefund id={c.id} number={c.number} amountCents={c.paidAmountCents ?? c.amountCents} />
              </div>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
