/**
 * SPEC §9 commission rule, in ONE place: R$ 50,00 per completed referral whose plan name contains
 * "básico" (case-insensitive, accent as written), otherwise R$ 100,00 — also when the plan is
 * unknown. Amounts in cents.
 */
export const COMMISSION_BASIC_CENTS = 5000;
export const COMMISSION_DEFAULT_CENTS = 10000;

export function commissionForPlan(planName: string | null | undefined): number {
  if (planName && planName.toLocaleLowerCase("pt-BR").includes("básico")) return COMMISSION_BASIC_CENTS;
  return COMMISSION_DEFAULT_CENTS;
}

/** Total over completed referrals only. A stored commission (fixed at completion) wins. */
export function totalCommission(
  referrals: { status: string; commissionCents?: number | null; planName?: string | null }[],
): number {
  return referrals
    .filter((r) => r.status === "concluido")
    .reduce((sum, r) => sum + (r.commissionCents ?? commissionForPlan(r.planName)), 0);
}
