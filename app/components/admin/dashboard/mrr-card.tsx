import { TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/admin/ui";
import { formatMoney } from "~/lib/format";
import type { MrrFigure } from "~/modules/revenue/revenue.server";

/** "MRR" on the dashboard: recurring revenue today, compared with when the month began. */
export function MrrCard({ figure }: { figure: MrrFigure | null }) {
  const change = figure?.change ?? null;
  const tone =
    change === null || change === 0 ? "text-slate-600" : change > 0 ? "text-green-700" : "text-red-700";
  return (
    <section aria-label="Receita recorrente" className="mt-4">
      <Card>
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-sm font-medium text-slate-600">MRR</h2>
          <TrendingUp aria-hidden className="h-5 w-5 text-brand-700" />
        </div>
        <p className="mt-2 text-2xl font-bold text-slate-900">
          {figure ? formatMoney(figure.mrrCents) : "—"}
        </p>
        <p className={`mt-1 text-sm font-semibold ${tone}`}>
          {change === null ? "—" : `${change > 0 ? "+" : ""}${change}%`}{" "}
          <span className="font-normal text-slate-600">
            vs. {figure ? formatMoney(figure.previousCents) : "—"} no início do mês
          </span>
        </p>
        <Link to="/admin/revenue" className="mt-1 inline-block text-xs text-brand-700 hover:underline">
          Ver receita e movimentos
        </Link>
      </Card>
    </section>
  );
}
