import { formatMoney } from "~/lib/format";

/**
 * How much of a charge was paid, in words, where it is not simply its amount: "Pago R$ 1,00 de
 * R$ 89,90" while a part is paid, "Pago R$ 100,00 (R$ 10,10 a mais)" when more came in. Null when
 * nothing, or exactly the amount, was paid. One wording for Financeiro, the client page and the
 * client area.
 */
export function paidSummary(c: { status: string; amountCents: number; paidAmountCents: number | null }) {
  const paid = c.paidAmountCents;
  if (!paid) return null;
  if (paid < c.amountCents) return `Pago ${formatMoney(paid)} de ${formatMoney(c.amountCents)}`;
  if (paid > c.amountCents) return `Pago ${formatMoney(paid)} (${formatMoney(paid - c.amountCents)} a mais)`;
  return null;
}

/** What is still owed on a charge: its amount less the part already paid. */
export const owedCents = (c: { amountCents: number; paidAmountCents: number | null }) =>
  c.amountCents - (c.paidAmountCents ?? 0);
