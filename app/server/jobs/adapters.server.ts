import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { DbOrTx } from "~/db/client.server";

/**
 * pg-boss talks to the database through `executeSql(text, values)`. These adapters let it use
 * the embedded PGlite (which has no pg wire connection) and, for enqueueing, the caller's own
 * Drizzle transaction, so a job exists only if the change that caused it commits.
 */

/** PGlite as pg-boss's database: multi-statement text (its locked maintenance) goes to exec(). */
export function pgliteExecutor(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const res = await pglite.query(text, values);
        return { rows: res.rows as unknown[] };
      }
      const results = await pglite.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as unknown[] };
    },
  };
}

/**
 * pg-boss's `$1 … $n` text as a Drizzle SQL object: each placeholder becomes a bound parameter
 * (Drizzle renumbers them), so the statement runs on any Drizzle database or transaction.
 */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, match.index)));
    // Drizzle drops an `undefined` interpolation entirely; pg-boss means SQL NULL by it.
    const value = values[Number(match[1]) - 1];
    chunks.push(sql`${value === undefined ? null : value}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** A Drizzle database or open transaction as a pg-boss executor (used by `enqueue`). */
export function drizzleExecutor(db: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = (await db.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
