import { z } from "~/lib/zod";

/**
 * List state in the URL (?q=&status=&sort=&dir=&page=), parsed against allow-lists so nothing
 * from the URL is ever concatenated into SQL. Unknown values fall back to the defaults.
 */
export function parseListParams<S extends string, F extends string = never>(
  url: URL,
  opts: {
    sorts: readonly S[];
    defaultSort: S;
    defaultDir?: "asc" | "desc";
    statuses?: readonly F[];
    pageSize?: number;
  },
) {
  const sp = url.searchParams;
  const q = (sp.get("q") ?? "").trim().slice(0, 100);
  const sort = (opts.sorts as readonly string[]).includes(sp.get("sort") ?? "")
    ? (sp.get("sort") as S)
    : opts.defaultSort;
  const dirRaw = sp.get("dir");
  const dir: "asc" | "desc" = dirRaw === "asc" || dirRaw === "desc" ? dirRaw : (opts.defaultDir ?? "desc");
  const statusRaw = sp.get("status") ?? "";
  const status =
    opts.statuses && (opts.statuses as readonly string[]).includes(statusRaw) ? (statusRaw as F) : null;
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(sp.get("page") ?? 1);
  const pageSize = opts.pageSize ?? 20;
  return { q, sort, dir, status, page, pageSize, offset: (page - 1) * pageSize };
}

/** `%`/`_`/`\` in a user's search term match themselves in ILIKE, not as wildcards. */
export function likeContains(term: string): string {
  // NUL cannot be stored or compared in PostgreSQL text (an error, i.e. a 500): dropped.
  return `%${term.replaceAll("\u0000", "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A URL search string with some params changed (null removes; page resets unless given). */
export function withParams(search: string, changes: Record<string, string | number | null>): string {
  const sp = new URLSearchParams(search);
  if (!("page" in changes)) sp.delete("page");
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") sp.delete(k);
    else sp.set(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : "";
}
