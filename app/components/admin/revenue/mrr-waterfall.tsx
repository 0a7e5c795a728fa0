import { formatMoney } from "~/lib/format";
import { MRR_MOVEMENT_LABELS } from "~/modules/revenue/revenue.constants";
import { monthLabel } from "~/lib/dates";
import type { RevenueMonth } from "~/modules/revenue/revenue.server";

interface Step {
  label: string;
  from: number;
  to: number;
  kind: "total" | "up" | "down";
}

function steps(m: RevenueMonth): Step[] {
  const out: Step[] = [{ label: "MRR inicial", from: 0, to: m.startCents, kind: "total" }];
  let level = m.startCents;
  for (const key of ["novo", "expansao", "reativacao"] as const) {
    const v = m.movements[key].cents;
    out.push({ label: MRR_MOVEMENT_LABELS[key], from: level, to: level + v, kind: "up" });
    level += v;
  }
  for (const key of ["contracao", "churn"] as const) {
    const v = m.movements[key].cents;
    out.push({ label: MRR_MOVEMENT_LABELS[key], from: level, to: level - v, kind: "down" });
    level -= v;
  }
  out.push({ label: "MRR final", from: 0, to: m.endCents, kind: "total" });
  return out;
}

const COLORS = { total: "fill-slate-500", up: "fill-emerald-600", down: "fill-red-600" };

/**
 * The month's MRR as a waterfall, hand-written SVG (no chart library in any bundle). The SVG is
 * a picture for sighted users; the table under it holds the same numbers for screen readers.
 */
export function MrrWaterfall({ month }: { month: RevenueMonth }) {
  const data = steps(month);
  const max = Math.max(1, ...data.map((s) => Math.max(s.from, s.to)));
  const W = 700;
  const H = 240;
  const top = 24;
  const bottom = 36;
  const band = W / data.length;
  const y = (v: number) => top + (H - top - bottom) * (1 - v / max);
  const title = `MRR de ${monthLabel(month.month)}: de ${formatMoney(month.startCents)} a ${formatMoney(month.endCents)}`;
  return (
    <figure className="overflow-x-auto">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={title} className="h-auto w-full min-w-[560px]">
        <line x1={0} x2={W} y1={y(0)} y2={y(0)} className="stroke-slate-300" />
        {data.map((s, i) => {
          const hi = Math.max(s.from, s.to);
          const lo = Math.min(s.from, s.to);
          const x = i * band + band * 0.15;
          const signed =
            s.kind === "total" ? formatMoney(s.to) : `${s.kind === "up" ? "+" : "−"}${formatMoney(hi - lo)}`;
          return (
            <g key={s.label}>
              <rect
                x={x}
                y={y(hi)}
                width={band * 0.7}
                height={Math.max(1, y(lo) - y(hi))}
                className={COLORS[s.kind]}
                rx={2}
              />
              <text
                x={x + band * 0.35}
                y={y(hi) - 6}
                textAnchor="middle"
                className="fill-slate-700 text-[11px]"
              >
                {signed}
              </text>
              <text x={x + band * 0.35} y={H - 14} textAnchor="middle" className="fill-slate-600 text-[11px]">
                {s.label}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {data.map((s) => (
            <tr key={s.label}>
              <th scope="row">{s.label}</th>
              <td>
                {s.kind === "total"
                  ? formatMoney(s.to)
                  : `${s.kind === "up" ? "mais" : "menos"} ${formatMoney(Math.abs(s.to - s.from))}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
