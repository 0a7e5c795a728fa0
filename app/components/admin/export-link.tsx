import { Download } from "lucide-react";
import { useLocation } from "react-router";

/**
 * "Exportar CSV": downloads the list as it is filtered and sorted now (the page's search params,
 * without the page number). A plain link, so the browser downloads instead of navigating.
 */
export function ExportLink({
  to,
  label = "Exportar CSV",
  only,
}: {
  to: string;
  label?: string;
  /** Keep only these search params (e.g. a page whose other params select something else). */
  only?: string[];
}) {
  const { search } = useLocation();
  const sp = new URLSearchParams(search);
  if (only) for (const key of [...sp.keys()]) if (!only.includes(key)) sp.delete(key);
  sp.delete("page");
  const qs = sp.toString();
  return (
    <a
      href={qs ? `${to}?${qs}` : to}
      download
      className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <Download aria-hidden className="h-4 w-4" />
      {label}
    </a>
  );
}
