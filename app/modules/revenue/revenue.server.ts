import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { addDays, addMonths } from "~/lib/dates";
import { getBillingFigures } from "~/modules/billing/index.server";
import { MRR_MOVEMENTS, REVENUE_MONTHS, type MrrMovement } from "./revenue.constants";

/**
 * Revenue figures from the subscription history (decision 023). A client's MRR on a
 * day is the net of its events dated up to that day. Each event that changes a client's MRR is
 * one movement, as in ChartMogul: 0 → >0 is "novo" (or "reativacao" if the client had revenue
 * before), >0 → 0 "churn", up "expansao", down "contracao"; a month's movements are those dated
 * in it (America/Sao_Paulo). Starting and ending MRR are balances; movements are activity, and
 * start + movements = end by construction.
 *
 * The classification runs in the database, in the transaction of every event (migration 0022,
 * decision 031): revenue_client_days holds each client's movements per day, revenue_days and
 * revenue_months their totals. The figures below sum those few rows instead of every event.
 */

export interface RevenueNow {
  mrrCents: number;
  arrCents: number;
  payingClients: number;
  /** Average revenue per paying account: MRR ÷ paying clients (0 with none). */
  arpaCents: number;
  /** MRR of running subscriptions with an overdue charge, not yet suspended (a suspension is churn). */
  atRiskCents: number;
  overdueCents: number;
}

export interface RevenueMonth {
  /** "YYYY-MM". */
  month: string;
  startCents: number;
  endCents: number;
  movements: Record<MrrMovement, { cents: number; clients: number }>;
  startClients: number;
  endClients: number;
  /** Clients lost ÷ (paying at the start + new and returning in the month); null when nobody. */
  logoChurn: number | null;
  /** (churn + contraction) ÷ starting MRR; null when the month starts at 0. */
  revenueChurn: number | null;
  /** (start + expansion − contraction − churn) ÷ start; null when the month starts at 0. */
  netRetention: number | null;
  /** ARPA at the month's end ÷ logo churn; null when nobody churned (no finite lifetime). */
  ltvCents: number | null;
}

/** First day of the month `offset` months from the one holding `today`. */
function monthStart(today: string, offset: number): string {
  return addMonths(`${today.slice(0, 7)}-01`, offset);
}

/** The first days of the window's months and of the month after it: 13 boundaries for 12 months. */
export function monthBoundaries(today: string, months = REVENUE_MONTHS): string[] {
  return Array.from({ length: months + 1 }, (_, i) => monthStart(today, i - months + 1));
}

/** The window's months as "YYYY-MM", oldest first (what `?mes=` may name). */
export function windowMonths(today: string, months = REVENUE_MONTHS): string[] {
  return monthBoundaries(today, months)
    .slice(0, -1)
    .map((b) => b.slice(0, 7));
}

/** A movement's effect on MRR: novo, reativação and expansão add; contração and churn take away. */
const SIGNED_CENTS = sql.raw(`case when movement in ('contracao', 'churn') then -cents else cents end`);
/** Its effect on paying clients: a start or a return adds one, a churn takes one away. */
const SIGNED_CLIENTS = sql.raw(
  `case when movement in ('novo', 'reativacao') then events when movement = 'churn' then -events else 0 end`,
);

export async function revenueMonths({ today, months = REVENUE_MONTHS }: { today: string; months?: number }) {
  const bounds = monthBoundaries(today, months);
  const last = bounds[bounds.length - 1];
  const balanceColumns = bounds.flatMap((b, i) => [
    sql`coalesce(sum(${SIGNED_CENTS}) filter (where day < ${b}::date), 0) as ${sql.raw(`s${i}`)}`,
    sql`coalesce(sum(${SIGNED_CLIENTS}) filter (where day < ${b}::date), 0) as ${sql.raw(`c${i}`)}`,
  ]);
  const [balancesRow] = await queryRows<Record<string, string>>(
    getDb(),
    sql`select ${sql.join(balanceColumns, sql`, `)} from revenue_days where day < ${last}::date`,
  );
  const balances = balancesRow ?? {};
  const monthRows = await queryRows<{ month: string; movement: MrrMovement; clients: string; cents: string }>(
    getDb(),
    sql`select to_char(month, 'YYYY-MM-DD') as month, movement, clients, cents from revenue_months
         where month >= ${bounds[0]}::date and month < ${last}::date`,
  );
  const moves = monthRows.map((r) => ({ ...r, i: bounds.indexOf(r.month) }));
  const result: RevenueMonth[] = bounds.slice(0, -1).map((b, i) => ({
    month: b.slice(0, 7),
    startCents: Number(balances[`s${i}`] ?? 0),
    endCents: Number(balances[`s${i + 1}`] ?? 0),
    movements: Object.fromEntries(
      MRR_MOVEMENTS.map((m) => [m, { cents: 0, clients: 0 }]),
    ) as RevenueMonth["movements"],
    startClients: Number(balances[`c${i}`] ?? 0),
    endClients: Number(balances[`c${i + 1}`] ?? 0),
    logoChurn: null,
    revenueChurn: null,
    netRetention: null,
    ltvCents: null,
  }));
  for (const r of moves) {
    const m = result[Number(r.i)];
    m.movements[r.movement].cents += Number(r.cents);
    m.movements[r.movement].clients += Number(r.clients);
  }
  for (const m of result) {
    const mv = m.movements;
    const base = m.startClients + mv.novo.clients + mv.reativacao.clients;
    m.logoChurn = base > 0 ? mv.churn.clients / base : null;
    if (m.startCents > 0) {
      m.revenueChurn = (mv.churn.cents + mv.contracao.cents) / m.startCents;
      m.netRetention =
        (m.startCents + mv.expansao.cents - mv.contracao.cents - mv.churn.cents) / m.startCents;
    }
    const arpa = m.endClients > 0 ? m.endCents / m.endClients : 0;
    m.ltvCents = m.logoChurn ? Math.round(arpa / m.logoChurn) : null;
  }
  return result;
}

export async function revenueNow({ today }: { today: string }): Promise<RevenueNow> {
  const tomorrow = addDays(today, 1);
  const [row] = await queryRows<{ mrr: string; paying: string; at_risk: string }>(
    getDb(),
    sql`select coalesce((select sum(${SIGNED_CENTS}) from revenue_days where day < ${tomorrow}::date), 0) as mrr,
               coalesce((select sum(${SIGNED_CLIENTS}) from revenue_days where day < ${tomorrow}::date), 0) as paying,
               -- "Em risco": what running subscriptions with an overdue charge still bring in; a
               -- suspension (the charge unpaid past the rule) already took theirs out as churn.
               -- Driven from the few overdue charges (charges_status_due_idx), one index probe of
               -- the history per subscription (LATERAL), never a pass over every event.
               coalesce((select sum(h.net)
                           from (select distinct c.subscription_id from charges c
                                   join subscriptions s on s.id = c.subscription_id and s.status = 'ativa'
                                  where c.status = 'vencida') v
                           cross join lateral (
                             select sum(e.mrr_after_cents - e.mrr_before_cents) as net
                               from subscription_events e
                              where e.subscription_id = v.subscription_id and e.effective_on < ${tomorrow}::date) h), 0) as at_risk`,
  );
  const mrr = Number(row.mrr);
  const paying = Number(row.paying);
  const { overdueCents } = await getBillingFigures({ today });
  return {
    mrrCents: mrr,
    arrCents: mrr * 12,
    payingClients: paying,
    arpaCents: paying > 0 ? Math.round(mrr / paying) : 0,
    atRiskCents: Number(row.at_risk),
    overdueCents,
  };
}

export interface RevenueClientRow {
  clientId: string;
  name: string;
  businessName: string;
  /** The month's movements of this kind for the client, summed (always positive). */
  cents: number;
  movement: MrrMovement;
}

/** The clients behind one month's movement (the drill-down), largest first. */
export async function revenueClients({
  today,
  month,
  movement,
  months = REVENUE_MONTHS,
}: {
  today: string;
  month: string;
  movement: MrrMovement;
  months?: number;
}): Promise<RevenueClientRow[]> {
  const bounds = monthBoundaries(today, months);
  const i = bounds.findIndex((b) => b.slice(0, 7) === month);
  if (i < 0 || i >= bounds.length - 1) return [];
  const rows = await queryRows<{ client_id: string; name: string; business_name: string; cents: string }>(
    getDb(),
    sql`select d.client_id, cl.name, cl.business_name, sum(d.cents) as cents
          from revenue_client_days d
          join clients cl on cl.id = d.client_id
         where d.movement = ${movement} and d.day >= ${bounds[i]}::date and d.day < ${bounds[i + 1]}::date
         group by d.client_id, cl.name, cl.business_name
         order by sum(d.cents) desc, cl.name, d.client_id
         limit 1000`,
  );
  return rows.map((r) => ({
    clientId: r.client_id,
    name: r.name,
    businessName: r.business_name,
    cents: Number(r.cents),
    movement,
  }));
}

export interface MrrFigure {
  mrrCents: number;
  /** MRR when the current month began (the previous month's ending balance). */
  previousCents: number;
  /** Whole-percent change; null when the month began at 0. */
  change: number | null;
}

/** The dashboard's MRR card: today against the start of the month, one pass. */
export async function getMrrFigure({ today }: { today: string }): Promise<MrrFigure> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const [row] = await queryRows<{ now: string | null; before: string | null }>(
    getDb(),
    sql`select sum(${SIGNED_CENTS}) as now,
               sum(${SIGNED_CENTS}) filter (where day < ${monthStart}::date) as before
          from revenue_days where day <= ${today}::date`,
  );
  const mrrCents = Number(row?.now ?? 0);
  const previousCents = Number(row?.before ?? 0);
  return {
    mrrCents,
    previousCents,
    change: previousCents > 0 ? Math.round(((mrrCents - previousCents) / previousCents) * 100) : null,
  };
}
