import { SlidersHorizontal } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { Dialog } from "~/components/ui/dialog";

/**
 * The funnel's stage tabs and follow-up filters on a phone: one "Filtros"
 * button beside the search; the sheet closes when a filter is chosen (the URL changes).
 */
export function FunnelFiltersSheet({ active, children }: { active: boolean; children: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const { search } = useLocation();
  // A chosen filter changes the URL: close the sheet (adjusting state during render, not in an effect).
  const [shownFor, setShownFor] = useState(search);
  if (shownFor !== search) {
    setShownFor(search);
    setOpen(false);
  }
  return (
    <div className="md:hidden">
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Filtros"
        description="Etapa do funil e próximo contato."
        trigger={
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <SlidersHorizontal aria-hidden className="h-4 w-4" />
            Filtros
            {active && <span className="sr-only"> (ativos)</span>}
            {active && <span aria-hidden className="h-2 w-2 rounded-full bg-brand-700" />}
          </button>
        }
      >
        <div className="mt-4">{children}</div>
      </Dialog>
    </div>
  );
}
