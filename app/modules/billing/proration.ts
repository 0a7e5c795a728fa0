// Client-safe: the arithmetic and the words of a plan change "Agora" (docs/billing.md, "Troca de
// plano: a diferença e o crédito"). Pure, so the preview shown before confirming and the charge or
// credit made on confirming are the same numbers.
import { daysBetween } from "~/lib/dates";
import { formatMoney } from "~/lib/format";

/**
 * The part of a period's price difference for the days left: round half up to the cent of
 * (difference × days left ÷ days in the period), on the difference's size (a credit rounds like a
 * charge). Integers only: 2 × d × left + days, floored over 2 × days, is the half-up rounding.
 */
export function proratedCents(differenceCents: number, daysLeft: number, daysInPeriod: number): number {
  if (daysInPeriod <= 0 || daysLeft <= 0) return 0;
  const size = Math.abs(differenceCents);
  return Math.floor((2 * size * Math.min(daysLeft, daysInPeriod) + daysInPeriod) / (2 * daysInPeriod));
}

/** A period's days ("YYYY-MM-DD", both ends included) and those left from `today` on, today included. */
export function periodDays(periodStart: string, periodEnd: string, today: string) {
  return {
    daysInPeriod: daysBetween(periodStart, periodEnd) + 1,
    daysLeft: Math.max(0, daysBetween(today, periodEnd) + 1),
  };
}

/**
 * What a plan change "Agora" does to the money: an upgrade charges `amountCents` today (`ajuste`), a
 * downgrade gives it as a credit taken off the next charges (`crédito`); `none` when there is no
 * period to prorate (not charged, or not paid for a downgrade) or nothing to charge.
 */
export interface Proration {
  kind: "ajuste" | "crédito" | "none";
  amountCents: number;
  /** The new plan's monthly price (0 "sem cobrança"): what is charged from the next period on. */
  monthlyCents: number;
  /** The period prorated and its days, when there is one. */
  period: { start: string; end: string; daysLeft: number; daysInPeriod: number } | null;
}

/** "R$ 40,00 hoje, depois R$ 299,90 por mês" (a credit: "… e crédito de R$ 20,00 na próxima cobrança…"). */
export function prorationSummary(p: Proration): string {
  const later = `depois ${formatMoney(p.monthlyCents)} por mês`;
  if (p.kind === "ajuste") return `${formatMoney(p.amountCents)} hoje, ${later}`;
  if (p.kind === "crédito")
    return `${formatMoney(0)} hoje e crédito de ${formatMoney(p.amountCents)} na próxima cobrança, ${later}`;
  return `${formatMoney(0)} hoje, ${later}`;
}
