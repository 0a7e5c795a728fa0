import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * Where a newest-first log page ends: the id of its last row. Only the id travels: the row's
 * time is read back in SQL, at full precision. (A JavaScript Date keeps milliseconds while
 * PostgreSQL stores microseconds, so a cursor carrying the time would skip or repeat rows
 * created within the same millisecond.)
 */
export type KeysetCursor = string;

/**
 * Keyset paging for logs read newest first on an index over (created_at desc, id desc): the
 * condition for the rows after the cursor row, so a page costs the same however deep it is.
 * The cursor row's created_at comes from a scalar subquery (one index probe by primary key),
 * which keeps the comparison a plain row comparison the index can serve. A cursor whose row
 * no longer exists yields an empty page.
 */
export function olderThan(
  table: PgTable,
  createdAt: PgColumn,
  id: PgColumn,
  before?: KeysetCursor,
): SQL | undefined {
  if (!before) return undefined;
  const createdName = sql.identifier(createdAt.name);
  const idName = sql.identifier(id.name);
  return sql`(${createdAt}, ${id}) < ((select k.${createdName} from ${table} k where k.${idName} = ${before}), ${before})`;
}

/** Cuts the `limit + 1` rows a page query read into the page and the cursor of the next one. */
export function keysetPage<Row extends { id: string }>(
  rows: Row[],
  limit: number,
): { rows: Row[]; next: KeysetCursor | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, next: rows.length > limit && last ? last.id : null };
}
