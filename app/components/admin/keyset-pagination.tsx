import { Link, useLocation } from "react-router";
import { withParams } from "~/lib/list-params";

const LINK = "rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50";
const OFF = "rounded-lg border border-slate-200 px-3 py-1.5 text-slate-500";

/**
 * Paging for logs read with a keyset cursor (`?before=<id>`): "Mais recentes" goes back to the
 * first page, "Próxima" carries the cursor of the next page. Other URL params are kept.
 */
export function KeysetPagination({ before, next }: { before: string | null; next: string | null }) {
  const { search } = useLocation();
  return (
    <nav aria-label="Paginação" className="flex items-center justify-end gap-2 py-3 text-sm">
      {before ? (
        <Link to={withParams(search, { before: null })} className={LINK}>
          Mais recentes
        </Link>
      ) : (
        <span aria-disabled="true" className={OFF}>
          Mais recentes
        </span>
      )}
      {next ? (
        <Link to={withParams(search, { before: next })} className={LINK} rel="next">
          Próxima
        </Link>
      ) : (
        <span aria-disabled="true" className={OFF}>
          Próxima
        </span>
      )}
    </nav>
  );
}
