import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { likeContains } from "~/lib/list-params";
import { plannerRowEstimate } from "./counts.server";

/**
 * Contains-search that forgives case AND accents ("cardapio" finds "Cardápio", "acai" finds
 * "Açaí"): both sides go through `immutable_unaccent` (migration 0005: PostgreSQL's `unaccent`
 * behind an IMMUTABLE wrapper, which an index expression requires). The name-like columns' GIN
 * trigram indexes are built on `immutable_unaccent(column)`, so this stays an index search; the
 * pattern is a bound value, folded to a constant when the query is planned.
 * E-mails and phones keep plain `ilike` (nothing to unaccent, and their own indexes).
 */
export function containsText(column: AnyColumn | SQL, term: string): SQL {
  return sql`immutable_unaccent(${column}) ilike immutable_unaccent(${likeContains(term)})`;
}

/** Up to this many matches a search is "selective": all matches are read and sorted. */
export const SEARCH_CANDIDATE_CAP = 2000;

export interface SearchCandidate {
  id: string;
  created_at: string | Date;
  [column: string]: unknown;
}

/**
 * A contains-search (ILIKE on pg_trgm GIN indexes) shown newest first, at any table size.
 *
 * `ORDER BY created_at DESC LIMIT 20` + a search lets PostgreSQL pick between two plans, and its
 * trigram estimates are often wrong by 10–50× either way: walking the created_at index and
 * filtering is instant for a common term but reads the whole table for a rare one (measured:
 * 0.8 s at 100 000 clients), while the GIN bitmap is fast for a rare term but fetches every
 * match of a common one (1.3 s for 60 000 leads). This reads at most `cap` + 1 matches, in any
 * order (the GIN bitmap, or a short sequential read for a very common term):
 * - `complete`: all matches, newest first: page them in memory, and the count is exact;
 * - not complete: the term is common, so the index walk of the normal list query finds a page
 *   at once; show the count as an estimate (countEstimate).
 *
 * A term the planner already expects to match far more than `cap` rows skips the read (its
 * estimate costs planning only): the index walk is the fast plan for it.
 *
 * `candidates` selects `id`, `created_at` (plus any column the caller needs, e.g. the funnel
 * stage) with the search and filters, without ORDER BY or LIMIT.
 */
export async function boundedSearch({
  candidates,
  cap = SEARCH_CANDIDATE_CAP,
  db = getDb(),
}: {
  candidates: SQL;
  cap?: number;
  db?: DbOrTx;
}): Promise<{ complete: true; rows: SearchCandidate[] } | { complete: false }> {
  if ((await plannerRowEstimate({ query: candidates, db })) > cap * 4) return { complete: false };
  const rows = await queryRows<SearchCandidate>(db, sql`${candidates} limit ${cap + 1}`);
  if (rows.length > cap) return { complete: false };
  const time = (r: SearchCandidate) => new Date(r.created_at).getTime();
  // The list order: created_at desc nulls last, id asc (the indexes' order).
  rows.sort((a, b) => time(b) - time(a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { complete: true, rows };
}
