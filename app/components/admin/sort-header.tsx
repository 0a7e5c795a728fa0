import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link, useLocation } from "react-router";
import { withParams } from "~/lib/list-params";

/** A sortable column header: the sort lives in the URL (?sort=&dir=), the server applies it. */
export function SortHeader({
  label,
  sortKey,
  sort,
  dir,
  defaultDir = "asc",
}: {
  label: string;
  sortKey: string;
  sort: string;
  dir: "asc" | "desc";
  defaultDir?: "asc" | "desc";
}) {
  const { search } = useLocation();
  const active = sort === sortKey;
  const next = active ? (dir === "asc" ? "desc" : "asc") : defaultDir;
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"}
      className="px-4 py-3"
    >
      <Link
        to={withParams(search, { sort: sortKey, dir: next })}
        className="inline-flex items-center gap-1 hover:text-slate-900"
        preventScrollReset
      >
        {label}
        <Icon aria-hidden className="h-3.5 w-3.5" />
        <span className="sr-only">
          {active ? `(ordenado ${dir === "asc" ? "crescente" : "decrescente"})` : "(ordenar)"}
        </span>
      </Link>
    </th>
  );
}
