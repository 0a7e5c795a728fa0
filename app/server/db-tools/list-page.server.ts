import { and, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { countEstimate, type CountResult } from "./counts.server";
import { boundedSearch, SEARCH_CANDIDATE_CAP } from "./search.server";

export interface ListPage<Row> {
  rows: Row[];
  /** Another page exists (read, not derived from a possibly estimated total). */
  hasMore: boolean;
  count: CountResult;
}

/**
 * One page of an admin list that stays flat at a million rows (bench/admin-lists):
 * - no search: the page query walks the sort index; the total is countEstimate (exact up to
 *   10 000 rows, the planner's estimate above, labelled "aprox.");
 * - a search: boundedSearch reads at most 2 000 matches through the trigram indexes. When that is
 *   all of them, the page is sorted among those ids only and the total is exact; when the term is
 *   too common, the page query walks the sort index with the search as a filter (a common term
 *   fills a page at once) and the total is an estimate.
 * The page query reads `pageSize + 1` rows so "Próxima" never depends on an estimate.
 */
export async function listPage<Row>({
  filter,
  search,
  candidates,
  countRows,
  idIn,
  fetch,
  page,
  pageSize,
  cap = SEARCH_CANDIDATE_CAP,
  db = getDb(),
}: {
  /** Filters that are not the text search (status, stage…); may be undefined. */
  filter?: SQL;
  /** The ILIKE text search; undefined when there is no term. */
  search?: SQL;
  /** `select <id>, <created_at> from … where ${where}` (joins the search needs included). */
  candidates: (where: SQL) => SQL;
  /** `select 1 from … where ${where}` for the total. */
  countRows: (where: SQL | undefined) => SQL;
  /** `<table>.id in (ids)`. */
  idIn: (ids: string[]) => SQL;
  /** The sorted page query for a where clause. */
  fetch: (where: SQL | undefined, limit: number, offset: number) => Promise<Row[]>;
  page: number;
  pageSize: number;
  /** Matches read by a search before it counts as "common" (boundedSearch). */
  cap?: number;
  db?: DbOrTx;
}): Promise<ListPage<Row>> {
  const offset = (Math.max(1, page) - 1) * pageSize;
  const pageOf = (rows: Row[]) => ({ rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize });
  if (search) {
    const where = and(filter, search)!;
    const found = await boundedSearch({ candidates: candidates(where), cap, db });
    if (found.complete) {
      const count: CountResult = { total: found.rows.length, kind: "exact", approximate: false };
      if (found.rows.length === 0) return { rows: [], hasMore: false, count };
      const rows = await fetch(and(filter, idIn(found.rows.map((r) => r.id))), pageSize + 1, offset);
      return { ...pageOf(rows), count };
    }
    const [rows, count] = await Promise.all([
      fetch(where, pageSize + 1, offset),
      countEstimate({ query: countRows(where), limit: cap, db }),
    ]);
    return { ...pageOf(rows), count };
  }
  const [rows, count] = await Promise.all([
    fetch(filter, pageSize + 1, offset),
    countEstimate({ query: countRows(filter), db }),
  ]);
  return { ...pageOf(rows), count };
}
