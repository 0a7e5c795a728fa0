import type { Difference } from "./consistency.constants";
import { checkBilling } from "./checks/billing.server";
import { checkOnboardings } from "./checks/onboardings.server";
import { checkReferrals } from "./checks/referrals.server";
import { checkRevenue } from "./checks/revenue.server";

/**
 * One truth: every figure a page shows about subscriptions and money,
 * recomputed from the base tables and compared with what the page's own functions return
 * (Receita, Financeiro, the dashboard), and referrals and onboardings against the payments that
 * move them. Returns every difference found, with the records behind it; none on a consistent
 * business. Reads only. Run by `npm run check:consistency` and by Receita's "Conferência".
 */
export async function checkConsistency({ today }: { today: string }): Promise<Difference[]> {
  // One after the other: on PGlite one connection serialises them anyway, and on PostgreSQL the
  // check, run on demand, should not take several connections of the pool at once.
  return [
    ...(await checkRevenue(today)),
    ...(await checkBilling(today)),
    ...(await checkReferrals()),
    ...(await checkOnboardings()),
  ];
}
