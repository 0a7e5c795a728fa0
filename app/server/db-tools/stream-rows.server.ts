import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { getDatabase, queryRows, type Database } from "~/db/client.server";

/**
 * One key of an export's order. All keys run in the same direction; the last one must be unique
 * (the id), so the order is total and a batch boundary never skips or repeats a row.
 */
export interface StreamKey {
  expr: SQL | AnyColumn;
  /** The SQL type the key is compared as (its value travels between batches as text). */
  type: "text" | "timestamptz" | "uuid" | "date" | "integer";
  /**
   * A text key that may be NULL (a left-joined name): ordered as PostgreSQL does by default
   * (NULLS LAST ascending, NULLS FIRST descending) through `(expr is null, coalesce(expr, ''))`.
   */
  nullable?: boolean;
}

export interface StreamRowsOptions {
  /** The select list (aliased columns, e.g. sql`${leads.name} as "name"`). */
  columns: SQL;
  /** `from` + joins. */
  from: SQL;
  where?: SQL;
  keys: StreamKey[];
  dir: "asc" | "desc";
  /** Rows per read (a keyset page on PGlite, a FETCH on PostgreSQL). */
  batchSize?: number;
  database?: Database;
}

const KEY = (i: number) => `_k${i}`;
const NULL_KEY = (i: number) => `_n${i}`;

/** The terms of the ORDER BY (and of the keyset row comparison), in order. */
function terms(keys: StreamKey[]): SQL[] {
  return keys.flatMap((k) =>
    k.nullable ? [sql`(${k.expr}) is null`, sql`coalesce(${k.expr}, '')`] : [sql`${k.expr}`],
  );
}

function buildQuery(o: StreamRowsOptions, after: Record<string, unknown> | null, limit: number | null): SQL {
  const keyColumns = o.keys.flatMap((k, i) => [
    sql`(${k.expr})::text as ${sql.identifier(KEY(i))}`,
    ...(k.nullable ? [sql`(${k.expr}) is null as ${sql.identifier(NULL_KEY(i))}`] : []),
  ]);
  const order = terms(o.keys).map((t) => (o.dir === "asc" ? sql`${t} asc` : sql`${t} desc`));
  let where = o.where;
  if (after) {
    const values = o.keys.flatMap((k, i) => {
      const v = after[KEY(i)];
      return k.nullable
        ? [sql`${Boolean(after[NULL_KEY(i)])}::boolean`, sql`${v ?? ""}::text`]
        : [sql`${v}::${sql.raw(k.type)}`];
    });
    const op = sql.raw(o.dir === "asc" ? ">" : "<");
    const cmp = sql`(${sql.join(terms(o.keys), sql`, `)}) ${op} (${sql.join(values, sql`, `)})`;
    where = where ? sql`(${where}) and ${cmp}` : cmp;
  }
  return sql`select ${o.columns}, ${sql.join(keyColumns, sql`, `)} from ${o.from}
    ${where ? sql`where ${where}` : sql``}
    order by ${sql.join(order, sql`, `)}
    ${limit === null ? sql`` : sql`limit ${limit}`}`;
}

/**
 * Every row of a query, in order, read in batches so memory stays bounded at any table size
 * (the CSV exports). PostgreSQL: one server-side cursor (DECLARE … FETCH) in a read-only
 * transaction on a connection of its own: one sort, one consistent snapshot. PGlite (one
 * connection for the whole app, where a long transaction would hold every other request):
 * keyset pages on the order's keys, each a short query of its own.
 *
 * Stop early by breaking out of the loop (or destroying the stream that reads it): the cursor's
 * transaction ends and its connection goes back to the pool.
 */
export async function* streamRows<Row extends Record<string, unknown>>(
  options: StreamRowsOptions,
): AsyncGenerator<Row> {
  const database = options.database ?? getDatabase();
  const batchSize = options.batchSize ?? (database.kind === "postgres" ? 2000 : 1000);
  if (database.kind === "postgres" && database.pool) {
    const query = new PgDialect().sqlToQuery(buildQuery(options, null, null));
    const client = await database.pool.connect();
    let finished = false;
    try {
      await client.query("begin isolation level repeatable read read only");
      await client.query({
        text: `declare export_rows no scroll cursor for ${query.sql}`,
        values: query.params,
      });
      for (;;) {
        const { rows } = await client.query<Row>(`fetch ${batchSize} from export_rows`);
        for (const row of rows) yield row;
        if (rows.length < batchSize) break;
      }
      await client.query("commit");
      finished = true;
    } finally {
      // Stopped early (the download was cancelled) or failed: end the transaction before the
      // connection goes back; a connection that cannot even roll back is discarded.
      const healthy =
        finished ||
        (await client.query("rollback").then(
          () => true,
          () => false,
        ));
      client.release(!healthy);
    }
    return;
  }
  let after: Row | null = null;
  for (;;) {
    const rows: Row[] = await queryRows<Row>(database.db, buildQuery(options, after, batchSize));
    for (const row of rows) yield row;
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1];
  }
}

/**
 * A timestamptz as ISO text in UTC ("2026-11-23T15:04:05.123Z"): the same value on both drivers
 * (node-postgres and PGlite parse timestamps differently), read back with `new Date()`.
 */
export function isoText(expr: SQL | AnyColumn): SQL {
  return sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
