import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/admin/ui";

/**
 * One dashboard card: the figure now, an optional real change, and a caption that says what the
 * figure and the change are (no caption that contradicts the figure). The colour says
 * whether the change is good, not only its sign.
 */
export function StatCard({
  title,
  icon: Icon,
  value,
  change = null,
  goodWhen = "up",
  caption,
  link,
}: {
  title: string;
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  /** null when the figure could not be loaded. */
  value: number | null;
  /** Whole-percent change; undefined: no comparison shown; null: no basis ("—"). */
  change?: number | null | undefined;
  /** Whether a rise is good news ("up"), bad news ("down"), or neither. */
  goodWhen?: "up" | "down" | "neutral";
  caption: string;
  /** The page whose rows the figure counts (a card opens what it counts). */
  link?: { to: string; label: string };
}) {
  const good = change != null && change !== 0 && goodWhen !== "neutral" && change > 0 === (goodWhen === "up");
  const tone =
    change == null || change === 0 || goodWhen === "neutral"
      ? "text-slate-600"
      : good
        ? "text-green-700"
        : "text-red-700";
  const TrendIcon = change === 0 ? Minus : change != null && change > 0 ? TrendingUp : TrendingDown;
  return (
    <Card>
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-sm font-medium text-slate-600">{title}</h2>
        <Icon aria-hidden className="h-5 w-5 text-brand-700" />
      </div>
      <p className="mt-2 text-3xl font-bold text-slate-900">
        {value !== null ? value.toLocaleString("pt-BR") : "—"}
      </p>
      {value !== null && change !== undefined && (
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
      )}
      <p className="mt-1 text-xs text-slate-600">
        {value !== null ? caption : "Dados indisponíveis no momento."}
      </p>
      {link && (
        <Link to={link.to} className="mt-1 inline-block text-xs text-brand-700 hover:underline">
          {link.label}
        </Link>
      )}
    </Card>
  );
}
