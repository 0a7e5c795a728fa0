import { Link, useLocation } from "react-router";
import { withParams } from "~/lib/list-params";
import type { CountResult } from "~/server/db-tools/counts.server";

/** How a list's total was obtained (countEstimate in app/server/db-tools/counts.server.ts). */
export type ListCount = Pick<CountResult, "total" | "kind">;

/** A count for a tab or badge: "≈ 120.000" (estimate), "1.000+" (bounded), "42" (exact). */
export function countLabel(c: ListCount): string {
  if (c.kind === "atLeast") return `${(c.total - 1).toLocaleString("pt-BR")}+`;
  return `${c.kind === "estimate" ? "≈ " : ""}${c.total.toLocaleString("pt-BR")}`;
}

/** The sum of several counts, approximate when any part is. */
export function sumCounts(counts: ListCount[]): ListCount {
  const total = counts.reduce((n, c) => n + c.total - (c.kind === "atLeast" ? 1 : 0), 0);
  if (counts.every((c) => c.kind === "exact")) return { total, kind: "exact" };
  return counts.some((c) => c.kind === "atLeast")
    ? { total: total + 1, kind: "atLeast" }
    : { total, kind: "estimate" };
}

/**
 * Server-side pagination links; the page lives in the URL. Totals over big tables are estimated
 * ("aprox.") or bounded ("mais de"), so "Próxima" follows `hasMore` (a row was read past the
 * page) when the loader knows it, not the total.
 */
export function Pagination({
  page,
  pageSize,
  total,
  count,
  hasMore,
}: {
  page: number;
  pageSize: number;
  /** An exact total (lists that count exactly). */
  total?: number | null;
  /** A total that may be estimated. */
  count?: ListCount | null;
  hasMore?: boolean;
}) {
  const { search } = useLocation();
  const c: ListCount | null = count ?? (typeof total === "number" ? { total, kind: "exact" } : null);
  const pages = c?.kind === "exact" ? Math.max(1, Math.ceil(c.total / pageSize)) : null;
  const next = hasMore ?? (pages !== null && page < pages);
  const totalLabel = !c
    ? null
    : c.kind === "atLeast"
      ? `mais de ${(c.total - 1).toLocaleString("pt-BR")} registros`
      : `${c.kind === "estimate" ? "aprox. " : ""}${c.total.toLocaleString("pt-BR")} registro${c.total === 1 ? "" : "s"}`;
  return (
    <nav
      aria-label="Paginação"
      className="flex items-center justify-between gap-3 py-3 text-sm text-slate-600"
    >
      <span>
        Página {page}
        {pages !== null ? ` de ${pages}` : ""}
        {totalLabel ? ` · ${totalLabel}` : ""}
      </span>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link
            to={withParams(search, { page: page - 1 })}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50"
            rel="prev"
          >
            Anterior
          </Link>
        ) : (
          <span
            aria-disabled="true"
            className="rounded-lg border border-slate-200 px-3 py-1.5 text-slate-500"
          >
            Anterior
          </span>
        )}
        {next ? (
          <Link
            to={withParams(search, { page: page + 1 })}
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50"
            rel="next"
          >
            Próxima
          </Link>
        ) : (
          <span
            aria-disabled="true"
            className="rounded-lg border border-slate-200 px-3 py-1.5 text-slate-500"
          >
            Próxima
          </span>
        )}
      </div>
    </nav>
  );
}
