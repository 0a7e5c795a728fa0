import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { addDays, addMonths } from "~/lib/dates";
import { getBillingFigures } from "~/modules/billing/list.server";
import { MRR_MOVEMENTS, REVENUE_MONTHS, type MrrMovement } from "./revenue.constants";

/**
 * Revenue figures from the subscription history (issue 33, decision 023). A client's MRR on a
 * day is the net of its events dated up to that day. Movements are classified per client and
 * per calendar month (America/Sao_Paulo), comparing the client's MRR when the month starts with
 * its MRR when the month ends, as ChartMogul and Lago do:
 * 0 → >0 is "novo" (or "reativacao" if the client had revenue before), >0 → 0 "churn",
 * up "expansao", down "contracao". Starting and ending MRR are balances; movements are activity.
 */

export interface RevenueNow {
  mrrCents: number;
  arrCents: number;
  payingClients: number;
  /** Average revenue per paying account: MRR ÷ paying clients (0 with none). */
  arpaCents: number;
  /** MRR of suspended subscriptions: still counted in MRR, at risk. */
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

/** Per client and month: MRR at the month's start and end, and whether it ever paid before. */
function clientMonthsQuery(bounds: string[]): SQL {
  const last = bounds[bounds.length - 1];
  const sums = bounds.map(
    (b, i) =>
      sql`coalesce(sum(e.mrr_after_cents - e.mrr_before_cents) filter (where e.effective_on < ${b}::date), 0)::int as ${sql.raw(`s${i}`)}`,
  );
  const had = bounds.map(
    (b, i) =>
      sql`coalesce(bool_or(e.mrr_after_cents > 0) filter (where e.effective_on < ${b}::date), false) as ${sql.raw(`h${i}`)}`,
  );
  const rows = bounds.slice(0, -1).map((_, i) => sql.raw(`(${i}, c.s${i}, c.s${i + 1}, c.h${i})`));
  return sql`
    with c as (
      select e.client_id, ${sql.join([...sums, ...had], sql`, `)}
        from subscription_events e
       where e.effective_on < ${last}::date
       group by e.client_id
    ), m as (
      select c.client_id, x.i, x.start_mrr, x.end_mrr, x.had_before
        from c cross join lateral (values ${sql.join(rows, sql`, `)}) as x(i, start_mrr, end_mrr, had_before)
    )
    select m.*,
           case when m.start_mrr = 0 and m.end_mrr > 0 then
                  case when m.had_before then 'reativacao' else 'novo' end
                when m.start_mrr > 0 and m.end_mrr = 0 then 'churn'
                when m.end_mrr > m.start_mrr then 'expansao'
                when m.end_mrr < m.start_mrr then 'contracao'
           end as movement
      from m`;
}

export async function revenueMonths({ today, months = REVENUE_MONTHS }: { today: string; months?: number }) {
  const bounds = monthBoundaries(today, months);
  const rows = await queryRows<{
    i: number;
    movement: MrrMovement | null;
    clients: string;
    start_cents: string;
    end_cents: string;
    start_clients: string;
    end_clients: string;
  }>(
    getDb(),
    sql`select k.i, k.movement, count(*) as clients,
               sum(k.start_mrr) as start_cents, sum(k.end_mrr) as end_cents,
               count(*) filter (where k.start_mrr > 0) as start_clients,
               count(*) filter (where k.end_mrr > 0) as end_clients
          from (${clientMonthsQuery(bounds)}) k
         group by k.i, k.movement`,
  );
  const result: RevenueMonth[] = bounds.slice(0, -1).map((b) => ({
    month: b.slice(0, 7),
    startCents: 0,
    endCents: 0,
    movements: Object.fromEntries(
      MRR_MOVEMENTS.map((m) => [m, { cents: 0, clients: 0 }]),
    ) as RevenueMonth["movements"],
    startClients: 0,
    endClients: 0,
    logoChurn: null,
    revenueChurn: null,
    netRetention: null,
    ltvCents: null,
  }));
  for (const r of rows) {
    const m = result[Number(r.i)];
    const start = Number(r.start_cents);
    const end = Number(r.end_cents);
    m.startCents += start;
    m.endCents += end;
    m.startClients += Number(r.start_clients);
    m.endClients += Number(r.end_clients);
    if (r.movement) {
      m.movements[r.movement].cents += Math.abs(end - start);
      m.movements[r.movement].clients += Number(r.clients);
    }
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
    sql`with per_client as (
          select client_id, sum(mrr_after_cents - mrr_before_cents) as mrr
            from subscription_events where effective_on < ${tomorrow}::date
           group by client_id
        ), suspended as (
          -- a subscription whose latest suspension/reactivation up to today is a suspension
          select distinct on (subscription_id) subscription_id, kind
            from subscription_events
           where effective_on < ${tomorrow}::date and subscription_id is not null
             and kind in ('suspensao', 'reativacao')
           order by subscription_id, effective_on desc, created_at desc
        )
        select coalesce((select sum(mrr) from per_client where mrr > 0), 0) as mrr,
               (select count(*) from per_client where mrr > 0) as paying,
               coalesce((select sum(e.mrr_after_cents - e.mrr_before_cents)
                           from subscription_events e
                           join suspended s on s.subscription_id = e.subscription_id and s.kind = 'suspensao'
                          where e.effective_on < ${tomorrow}::date), 0) as at_risk`,
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
  startCents: number;
  endCents: number;
  movement: MrrMovement;
}

/** The clients behind one month's movement (the drill-down), largest change first. */
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
  const rows = await queryRows<{
    client_id: string;
    name: string;
    business_name: string;
    start_mrr: number;
    end_mrr: number;
  }>(
    getDb(),
    sql`select k.client_id, cl.name, cl.business_name, k.start_mrr, k.end_mrr
          from (${clientMonthsQuery(bounds)}) k
          join clients cl on cl.id = k.client_id
         where k.i = ${i} and k.movement = ${movement}
         order by abs(k.end_mrr - k.start_mrr) desc, cl.name, k.client_id
         limit 1000`,
  );
  return rows.map((r) => ({
    clientId: r.client_id,
    name: r.name,
    businessName: r.business_name,
    startCents: Number(r.start_mrr),
    endCents: Number(r.end_mrr),
    movement,
  }));
}
