import { addDays, addMonths } from "~/lib/dates";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { CHARGE_STATUSES, PAYABLE_CHARGE_STATUSES } from "~/modules/billing/billing.constants";
import {
  chargeTotals,
  listChargeRows,
  type ChargeFilters,
  type ChargeListRow,
} from "~/modules/billing/index.server";
import { getDashboard } from "~/modules/dashboard/index.server";
import { getMrrFigure, revenueNow } from "~/modules/revenue/index.server";
import type { Difference } from "../consistency.constants";

const money = formatMoney;
/** Every row of a filter: the check runs on demand, and a sum over a page would prove nothing. */
const ALL_ROWS = 10_000_000;

const owed = (r: ChargeListRow) => r.amountCents - (r.paidAmountCents ?? 0);
const sum = (rows: ChargeListRow[], f: (r: ChargeListRow) => number) => rows.reduce((n, r) => n + f(r), 0);
const isOwed = (r: ChargeListRow) => (PAYABLE_CHARGE_STATUSES as readonly string[]).includes(r.status);
const paidWithin = (r: ChargeListRow, from?: string | null, to?: string | null) =>
  r.paidOn !== null && (!from || r.paidOn >= from) && (!to || r.paidOn <= to);

/** How a filter reads in a message. */
function describe(f: ChargeFilters): string {
  const parts = [
    f.status ? `status ${f.status}` : null,
    f.from && f.to ? `vencimento de ${formatIsoDate(f.from)} a ${formatIsoDate(f.to)}` : null,
    f.paidFrom && f.paidTo ? `pagamento de ${formatIsoDate(f.paidFrom)} a ${formatIsoDate(f.paidTo)}` : null,
  ];
  return parts.filter(Boolean).join(", ") || "sem filtro";
}

/**
 * Financeiro's cards (chargeTotals, what its loader calls) against the sum of its rows
 * (listChargeRows) for the same filter: "A receber" is what the rows still owe, "Vencido" what the
 * vencida rows owe, "Recebido" the money the rows received (docs/billing.md: each card sums the
 * rows under it, whatever the filter).
 */
async function checkCards(filters: ChargeFilters): Promise<Difference[]> {
  const [cards, rows] = await Promise.all([
    chargeTotals(filters),
    listChargeRows({ filters, limit: ALL_ROWS }),
  ]);
  const expected = {
    receivableCents: sum(rows.filter(isOwed), owed),
    overdueCents: sum(
      rows.filter((r) => r.status === "vencida"),
      owed,
    ),
    receivedCents: sum(rows, (r) => r.paidAmountCents ?? 0),
  };
  const labels = {
    receivableCents: "A receber",
    overdueCents: "Vencido",
    receivedCents: "Recebido",
  } as const;
  return (Object.keys(labels) as (keyof typeof labels)[])
    .filter((k) => cards[k] !== expected[k])
    .map((k) => ({
      check: "financeiro.cards",
      message: `Financeiro (${describe(filters)}): o card "${labels[k]}" mostra ${money(cards[k])}, as linhas somam ${money(expected[k])}`,
      ids: [],
    }));
}

/** The filters compared: none, each status, and the current month's due dates. */
function filtersToCheck(today: string): ChargeFilters[] {
  const monthStart = `${today.slice(0, 7)}-01`;
  return [
    {},
    ...CHARGE_STATUSES.map((status) => ({ status })),
    { from: monthStart, to: addDays(addMonths(monthStart, 1), -1) },
    { paidFrom: monthStart, paidTo: today },
  ];
}

export async function checkBilling(today: string): Promise<Difference[]> {
  const out: Difference[] = [];
  for (const f of filtersToCheck(today)) out.push(...(await checkCards(f)));

  // Receita's "Em atraso" and Financeiro's "Vencido", unfiltered: the same money owed.
  const [now, cards, dashboard, mrrCard, all, overdueRows] = await Promise.all([
    revenueNow({ today }),
    chargeTotals({}),
    getDashboard({ today }),
    getMrrFigure({ today }),
    listChargeRows({ limit: ALL_ROWS }),
    listChargeRows({ filters: { status: "vencida" }, limit: ALL_ROWS }),
  ]);
  if (now.overdueCents !== cards.overdueCents)
    out.push({
      check: "receita.em_atraso",
      message: `Receita mostra "Em atraso" ${money(now.overdueCents)}; Financeiro mostra "Vencido" ${money(cards.overdueCents)}`,
      ids: [],
    });

  // The dashboard's cards against the rows of the pages they link to.
  const monthStart = `${today.slice(0, 7)}-01`;
  const receivedRows = all.filter((r) => paidWithin(r, monthStart, today));
  const receivedThisMonth = sum(receivedRows, (r) => r.paidAmountCents ?? 0);
  const billing = dashboard.billing;
  if (!billing)
    out.push({
      check: "dashboard.cards",
      message: "O dashboard não carregou os cards do Financeiro",
      ids: [],
    });
  else {
    if (billing.receivedThisMonthCents !== receivedThisMonth)
      out.push({
        check: "dashboard.cards",
        message: `Dashboard mostra "Recebido no mês" ${money(billing.receivedThisMonthCents)}; os pagamentos do mês no Financeiro somam ${money(receivedThisMonth)}`,
        ids: [],
      });
    const overdueOwed = sum(overdueRows, owed);
    if (billing.overdueCents !== overdueOwed || billing.overdueCount !== overdueRows.length)
      out.push({
        check: "dashboard.cards",
        message: `Dashboard mostra "Em atraso" ${money(billing.overdueCents)} em ${billing.overdueCount} cobrança(s); o Financeiro filtrado por vencida tem ${overdueRows.length} linha(s) que devem ${money(overdueOwed)}`,
        ids: [],
      });
  }
  if (mrrCard.mrrCents !== now.mrrCents)
    out.push({
      check: "dashboard.cards",
      message: `Dashboard mostra MRR ${money(mrrCard.mrrCents)}; Receita mostra ${money(now.mrrCents)}`,
      ids: [],
    });
  return out;
}
