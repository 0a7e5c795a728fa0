import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { Card } from "~/components/admin/ui";
import type { StatFigure } from "~/modules/dashboard/dashboard.server";

/**
 * One dashboard card: the figure now, and a real change (the spec's original hard-coded it).
 * The caption says what is compared, so the percentage can be read correctly.
 */
export function StatCard({
  title,
  icon: Icon,
  figure,
  compared,
}: {
  title: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  figure: StatFigure | null;
  /** What last30/previous30 count, e.g. "novos clientes". */
  compared: string;
}) {
  const change = figure?.change ?? null;
  const tone =
    change === null || change === 0 ? "text-slate-600" : change > 0 ? "text-green-700" : "text-red-700";
  const TrendIcon = change === 0 ? Minus : change !== null && change > 0 ? TrendingUp : TrendingDown;
  return (
    <Card>
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <Icon aria-hidden className="h-5 w-5 text-brand-700" />
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">
        {figure ? figure.value.toLocaleString("pt-BR") : "—"}
      </p>
      <p className={`mt-2 flex items-center gap-1 text-sm font-semibold ${tone}`}>
        {change === null ? (
          <>
            <span aria-hidden>—</span>
            <span className="sr-only">sem base de comparação</span>
          </>
        ) : (
          <>
            <TrendIcon aria-hidden className="h-4 w-4" />
            {`${change > 0 ? "+" : ""}${change}%`}
          </>
        )}
      </p>
      <p className="mt-1 text-xs text-slate-600">
        {figure
          ? `${compared}: ${figure.last30} nos últimos 30 dias vs. ${figure.previous30} nos 30 anteriores`
          : "Dados indisponíveis no momento."}
      </p>
    </Card>
  );
}
