import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** Where a newest-first log page ends: the last row's time and id (ties broken by id). */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

/**
 * Keyset paging for logs read newest first on an index over (created_at desc, id desc): the
 * condition for the rows after `before`, so a page costs the same however deep it is.
 */
export function olderThan(createdAt: PgColumn, id: PgColumn, before?: KeysetCursor): SQL | undefined {
  if (!before) return undefined;
  return or(lt(createdAt, before.createdAt), and(eq(createdAt, before.createdAt), lt(id, before.id)));
}

/** Cuts the `limit + 1` rows a page query read into the page and the cursor of the next one. */
export function keysetPage<Row extends { createdAt: Date; id: string }>(
  rows: Row[],
  limit: number,
): { rows: Row[]; next: KeysetCursor | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page,
    next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
  };
}
