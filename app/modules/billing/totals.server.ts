import { and, eq, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { chargeTotals as chargeTotalsTable } from "~/db/schema";
import { PAYABLE_CHARGE_STATUSES, type ChargeLineKind } from "./billing.constants";
import { chargeListPath, type ChargeFilters } from "./charge-filters";
import { chargeFilter } from "./charge-where.server";

/**
 * Financeiro's cards ("one truth"): each sums the rows the list shows for the same
 * filter, nothing else, so a card always equals the sum of the rows under it.
 */
export interface ChargeTotals {
  /** What is still owed on the rows that are owed (pendente, vencida, contestada): amount − part paid. */
  receivableCents: number;
  /** What the rows received (paid_amount_cents: whole or partial payments). */
  receivedCents: number;
  /** What is still owed on the rows that are vencida. */
  overdueCents: number;
}

type TotalsRow = { receivable: string; overdue: string; received: string };
const toTotals = (row: TotalsRow): ChargeTotals => ({
  receivableCents: Number(row.receivable),
  receivedCents: Number(row.received),
  overdueCents: Number(row.overdue),
});

/** A charge's line kinds as bits, as the trigger of migration 0036 writes `line_kinds`. */
const KIND_BITS: Record<ChargeLineKind, number> = {
  mensalidade: 1,
  ativação: 2,
  avulsa: 4,
  ajuste: 8,
  crédito: 16,
};

/** The statuses "A receber" counts: everything owed (PAYABLE_CHARGE_STATUSES), as an SQL list. */
const OWED_STATUSES = sql`(${sql.join(
  PAYABLE_CHARGE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/**
 * The cards for a filter. Without a date range, a client or a search they are read from
 * charge_totals (decision 030), kept by triggers in step with every charge, which gives the same
 * numbers as summing the rows: every charge has one `due` row, and every charge with money in
 * one `paid` row (totals.test.ts compares both ways for every filter). A date range or a client
 * narrows the rows through an index: those sum the rows themselves, with the list's own WHERE.
 */
export async function chargeTotals(filters: ChargeFilters = {}): Promise<ChargeTotals> {
  const { status, from, to, paidFrom, paidTo, clientId, q, method, kind } = filters;
  if (clientId || q || from || to || paidFrom || paidTo) return chargeTotalsFromCharges(filters);
  const common = and(
    method ? eq(chargeTotalsTable.paymentMethod, method) : undefined,
    kind ? sql`(${chargeTotalsTable.lineKinds} & ${KIND_BITS[kind]}) <> 0` : undefined,
    status ? eq(chargeTotalsTable.status, status) : undefined,
  );
  const basis = (b: "due" | "paid" | "partial"): SQL => and(eq(chargeTotalsTable.basis, b), common)!;
  // Parts already paid of open charges: what is owed is the amount minus them.
  const [row] = await queryRows<TotalsRow>(
    getDb(),
    sql`select
          (select coalesce(sum(amount_cents), 0) from charge_totals
            where ${basis("due")} and status in ${OWED_STATUSES})
          - (select coalesce(sum(amount_cents), 0) from charge_totals
              where ${basis("partial")} and status in ${OWED_STATUSES}) as receivable,
          (select coalesce(sum(amount_cents), 0) from charge_totals
            where ${basis("due")} and status = 'vencida')
          - (select coalesce(sum(amount_cents), 0) from charge_totals
              where ${basis("partial")} and status = 'vencida') as overdue,
          (select coalesce(sum(amount_cents), 0) from charge_totals where ${basis("paid")}) as received`,
  );
  return toTotals(row);
}

/** The cards summed over the list's rows (chargeFilter): the reference the table is tested against. */
export async function chargeTotalsFromCharges(filters: ChargeFilters = {}): Promise<ChargeTotals> {
  const where = chargeFilter(filters) ?? sql`true`;
  const owed = sql`amount_cents - coalesce(paid_amount_cents, 0)`;
  const [row] = await queryRows<TotalsRow>(
    getDb(),
    sql`select
          coalesce(sum(${owed}) filter (where status in ${OWED_STATUSES}), 0) as receivable,
          coalesce(sum(${owed}) filter (where status = 'vencida'), 0) as overdue,
          coalesce(sum(paid_amount_cents), 0) as received
        from charges where ${where}`,
  );
  return toTotals(row);
}

export interface BillingFigures {
  /** Money received with a payment date in São Paulo's current month, up to today. */
  receivedThisMonthCents: number;
  /** Financeiro filtered by that payment date range: its rows and its "Recebido" card sum the figure. */
  receivedThisMonthPath: string;
  /** What is still owed on the charges marked vencida, and how many. */
  overdueCents: number;
  overdueCount: number;
  /** Financeiro filtered on vencida: its rows and its "Vencido" card sum the figure. */
  overduePath: string;
}

/** How many charges are vencida, from charge_totals (kept by triggers, decision 030). */
const OVERDUE_COUNT = sql`(select coalesce(sum(charges), 0) from charge_totals where basis = 'due' and status = 'vencida')`;

/** The sidebar's count on "Financeiro": the charges marked vencida (for readCounts). */
export const overdueChargesCount = (): SQL => OVERDUE_COUNT;

/** The dashboard's "Recebido no mês" and "Em atraso" cards, from charge_totals, with their links. */
export async function getBillingFigures({ today }: { today: string }): Promise<BillingFigures> {
  const monthStart = `${today.slice(0, 8)}01`;
  const [row] = await queryRows<{ received: string; overdue: string; overdue_count: string }>(
    getDb(),
    sql`select
          (select coalesce(sum(amount_cents), 0) from charge_totals
            where basis = 'paid' and day >= ${monthStart}::date and day <= ${today}::date) as received,
          (select coalesce(sum(amount_cents), 0) from charge_totals where basis = 'due' and status = 'vencida')
          - (select coalesce(sum(amount_cents), 0) from charge_totals where basis = 'partial' and status = 'vencida') as overdue,
          ${OVERDUE_COUNT} as overdue_count`,
  );
  return {
    receivedThisMonthCents: Number(row.received),
    receivedThisMonthPath: chargeListPath({ paidFrom: monthStart, paidTo: today }),
    overdueCents: Number(row.overdue),
    overdueCount: Number(row.overdue_count),
    overduePath: chargeListPath({ status: "vencida" }),
  };
}
