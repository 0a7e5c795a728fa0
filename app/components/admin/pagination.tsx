import { Link, useLocation } from "react-router";
import { withParams } from "~/lib/list-params";

/** Server-side pagination links; the page lives in the URL. `approximate` labels estimated totals. */
export function Pagination({
  page,
  pageSize,
  total,
  approximate = false,
  hasMore,
}: {
  page: number;
  pageSize: number;
  total: number | null;
  approximate?: boolean;
  hasMore?: boolean;
}) {
  const { search } = useLocation();
  const pages = total === null ? null : Math.max(1, Math.ceil(total / pageSize));
  const next = hasMore ?? (pages !== null && page < pages);
  const totalLabel =
    total === null
      ? null
      : `${approximate ? "aprox. " : ""}${total.toLocaleString("pt-BR")} registro${total === 1 ? "" : "s"}`;
  return (
    <nav
      aria-label="Paginação"
      className="flex items-center justify-between gap-3 py-3 text-sm text-slate-600"
    >
      <span>
        Página {page}
        {pages !== null && !approximate ? ` de ${pages}` : ""}
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
