import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import type { MrrMovement } from "~/modules/revenue/revenue.constants";

/**
 * Revenue recomputed from the subscription history alone, with plain SQL, the way decision 023
 * classified it before the rollups (decision 031) existed: each event that changes a client's MRR
 * is one movement, from the client's MRR before and after it (0 → >0 novo, or reativação when the
 * client had revenue before; >0 → 0 churn; up expansão; down contração). Events of one day are
 * ordered by when they were recorded, then id, as the trigger orders them. The rollups must give
 * the same numbers; rollups.test.ts and the consistency check both compare them with these.
 */
const CLASSIFIED = sql`
  r as (
    -- each event with the client's running MRR after it
    select e.client_id, e.effective_on, e.created_at, e.id, e.mrr_after_cents - e.mrr_before_cents as d,
           sum(e.mrr_after_cents - e.mrr_before_cents)
             over (partition by e.client_id order by e.effective_on, e.created_at, e.id) as after_c
      from subscription_events e
  ), h as (
    -- the MRR before it, and whether the client ever had revenue before it (a return, not a start)
    select r.*, r.after_c - r.d as before_c,
           coalesce(max(r.after_c) over (partition by r.client_id order by r.effective_on, r.created_at, r.id
                                         rows between unbounded preceding and 1 preceding), 0) > 0 as had_before
      from r
  ), classified as (
    select client_id, effective_on, d,
           case when before_c = 0 and after_c > 0 then case when had_before then 'reativacao' else 'novo' end
                when before_c > 0 and after_c = 0 then 'churn'
                when d > 0 then 'expansao' else 'contracao' end as movement
      from h where d <> 0
  )`;

/** Every movement, one per event that changes a client's MRR. */
export function movementsFromEvents(db: DbOrTx = getDb()) {
  return queryRows<{ client_id: string; effective_on: string; movement: MrrMovement; d: number }>(
    db,
    sql`with ${CLASSIFIED}
        select client_id, to_char(effective_on, 'YYYY-MM-DD') as effective_on, d::int as d, movement
          from classified`,
  );
}

/**
 * The months' movements between two month boundaries: cents (always positive) and distinct clients
 * per month and movement, as revenue_months holds them.
 */
export async function monthlyMovementsFromEvents(
  { from, to }: { from: string; to: string },
  db: DbOrTx = getDb(),
) {
  const rows = await queryRows<{ month: string; movement: MrrMovement; cents: string; clients: string }>(
    db,
    sql`with ${CLASSIFIED}
        select to_char(effective_on, 'YYYY-MM') as month, movement,
               sum(abs(d)) as cents, count(distinct client_id) as clients
          from classified
         where effective_on >= ${from}::date and effective_on < ${to}::date
         group by 1, 2`,
  );
  return rows.map((r) => ({ ...r, cents: Number(r.cents), clients: Number(r.clients) }));
}

/**
 * MRR and paying clients on the morning of each day given (events dated before it), in one pass
 * over the events: a client pays when the net of its events is positive.
 */
export async function balancesFromEvents(days: string[], db: DbOrTx = getDb()) {
  if (days.length === 0) return [];
  const perClient = days.map(
    (d, i) =>
      sql`sum(mrr_after_cents - mrr_before_cents) filter (where effective_on < ${d}::date) as ${sql.raw(`s${i}`)}`,
  );
  const totals = days.flatMap((_, i) => [
    sql.raw(`coalesce(sum(s${i}), 0) as m${i}`),
    sql.raw(`count(*) filter (where s${i} > 0) as p${i}`),
  ]);
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select ${sql.join(totals, sql`, `)}
          from (select ${sql.join(perClient, sql`, `)} from subscription_events group by client_id) c`,
  );
  return days.map((day, i) => ({
    day,
    mrr: Number(row?.[`m${i}`] ?? 0),
    paying: Number(row?.[`p${i}`] ?? 0),
  }));
}
