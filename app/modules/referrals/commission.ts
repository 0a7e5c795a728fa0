/**
 * SPEC §9 commission rule, in ONE place: R$ 50,00 per completed referral whose plan name contains
 * "básico" (ignoring case and accents), otherwise R$ 100,00 — also when the plan is unknown.
 * Amounts in cents.
 *
 * The rule is only a DEFAULT: each plan stores its commission (filled from this rule
 * by the migration and when a plan is saved with the field empty), and each referral snapshots its
 * plan's name and commission when it is created.
 */
export const COMMISSION_BASIC_CENTS = 5000;
export const COMMISSION_DEFAULT_CENTS = 10000;

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-BR");
}

export function commissionForPlan(planName: string | null | undefined): number {
  if (planName && fold(planName).includes("basico")) return COMMISSION_BASIC_CENTS;
  return COMMISSION_DEFAULT_CENTS;
}

/**
 * Total over completed referrals only. The referral's snapshot wins; the rule on the plan name is
 * only a fallback for a row without one.
 */
export function totalCommission(
  referrals: { status: string; commissionCents?: number | null; planName?: string | null }[],
): number {
  return referrals
    .filter((r) => r.status === "concluido")
    .reduce((sum, r) => sum + (r.commissionCents ?? commissionForPlan(r.planName)), 0);
}
