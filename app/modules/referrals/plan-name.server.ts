import { sql } from "drizzle-orm";
import { plans, referrals } from "~/db/schema";

/**
 * A referral's plan as its lists show it: the name written on the referral when it was made (a
 * plan renamed later does not rename it), else the plan's current name. Selects, groups and sorts
 * of the portal and the back office use this one expression.
 */
export const referralPlanName = sql<string | null>`coalesce(${referrals.planName}, ${plans.name})`;
