import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";

/** Above this many rows a list shows the planner's estimate ("aprox."), not an exact count. */
export const EXACT_COUNT_LIMIT = 10_000;

export interface CountResult {
  total: number;
  /** "exact": counted; "estimate": the planner's estimate; "atLeast": more than `total` - 1 rows. */
  kind: "exact" | "estimate" | "atLeast";
  /** For the list footer: show "aprox." when true. */
  approximate: boolean;
}

/**
 * Several counts in one statement: each entry is a scalar subquery (`(select count(*) from …)`).
 * On PGlite statements run one after another, each with its own round trip through the engine,
 * so the small counts every admin page shows cost one statement here instead of one each.
 */
export async function readCounts<K extends string>(
  counts: Record<K, SQL>,
  db: DbOrTx = getDb(),
): Promise<Record<K, number>> {
  const keys = Object.keys(counts) as K[];
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      keys.map((k, i) => sql`${counts[k]} as ${sql.identifier(`c${i}`)}`),
      sql`, `,
    )}`,
  );
  return Object.fromEntries(keys.map((k, i) => [k, Number(row[`c${i}`])])) as Record<K, number>;
}

/** The planner's row estimate for a query (EXPLAIN only plans it: no rows are read). */
export async function plannerRowEstimate({
  query,
  db = getDb(),
}: {
  query: SQL;
  db?: DbOrTx;
}): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = row["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as [{ Plan: { "Plan Rows": number } }];
  return Math.round(plan[0].Plan["Plan Rows"]);
}

/** 123 456 → 123 000: an estimate should not pretend to be precise. */
function roundEstimate(n: number): number {
  if (n < 1000) return n;
  const magnitude = 10 ** (Math.floor(Math.log10(n)) - 2);
  return Math.round(n / magnitude) * magnitude;
}

/**
 * A list's total without scanning a million rows on every request. `query` selects the rows
 * the list counts (`select 1 from leads where …`, the same filters as the page query).
 * - The planner's estimate is read first (cheap: planning only).
 * - Estimated at most `limit` rows → counted exactly, but never more than `limit` + 1 rows
 *   are read (a wrong estimate cannot turn into a full scan): exact, or "atLeast".
 * - Estimated above `limit` → the estimate, rounded to three digits, marked approximate.
 */
export async function countEstimate({
  query,
  limit = EXACT_COUNT_LIMIT,
  db = getDb(),
}: {
  query: SQL;
  limit?: number;
  db?: DbOrTx;
}): Promise<CountResult> {
  const estimate = await plannerRowEstimate({ query, db });
  if (estimate <= limit) {
    const [{ n }] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (${query} limit ${limit + 1}) as bounded`,
    );
    const counted = Number(n);
    if (counted <= limit) return { total: counted, kind: "exact", approximate: false };
    return { total: counted, kind: "atLeast", approximate: true };
  }
  return { total: roundEstimate(estimate), kind: "estimate", approximate: true };
}
