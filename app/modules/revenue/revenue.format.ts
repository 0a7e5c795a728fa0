// Client-safe: how the revenue page writes months and rates in pt-BR.
import type { MrrMovement } from "./revenue.constants";
import { MRR_MOVEMENTS } from "./revenue.constants";

const percent = /* @__PURE__ */ new Intl.NumberFormat("pt-BR", {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 0.2 → "20,0%"; null (no base to divide by) → "—". */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : percent.format(rate);
}

/** The drill-down's query: `?mes=2026-11&movimento=novo`; anything else is ignored. */
export function parseRevenueQuery(
  sp: URLSearchParams,
  months: string[],
): { month: string; movement: MrrMovement | null } {
  const mes = sp.get("mes") ?? "";
  const mov = sp.get("movimento") ?? "";
  return {
    month: months.includes(mes) ? mes : months[months.length - 1],
    movement: (MRR_MOVEMENTS as readonly string[]).includes(mov) ? (mov as MrrMovement) : null,
  };
}

/** A movement's effect on MRR: negative for contraction and churn. */
export function signedCents({ movement, cents }: { movement: MrrMovement; cents: number }): number {
  return movement === "contracao" || movement === "churn" ? -cents : cents;
}
