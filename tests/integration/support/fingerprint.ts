import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../../app/db/client.server";

/**
 * A fingerprint of every table of the app: its row count and an md5 of all its rows, so an
 * insert, update or delete anywhere changes it. rate_limits is left out: refusing a request
 * still counts it (that is the point of a limiter).
 */
export async function databaseFingerprint(
  db: Db,
  opts: { exclude?: string[] } = {},
): Promise<Record<string, string>> {
  const exclude = new Set(["rate_limits", "__drizzle_migrations", ...(opts.exclude ?? [])]);
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // One query for every table (a UNION ALL of one row each): the authorization matrix and the
  // fuzzer take two fingerprints per request, and a query per table was most of their time.
  const parts = tables
    .filter(({ name }) => !exclude.has(name))
    .map(
      ({ name }) =>
        sql`select ${name}::text as name, count(*)::int as n,
              md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h
            from ${sql.identifier(name)} t`,
    );
  const out: Record<string, string> = {};
  if (!parts.length) return out;
  const rows = await queryRows<{ name: string; n: number; h: string | null }>(
    db,
    sql.join(parts, sql` union all `),
  );
  for (const row of rows) out[row.name] = `${row.n}:${row.h}`;
  return out;
}

/** The tables whose fingerprint differs, for a readable failure message. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]);
}
