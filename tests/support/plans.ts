import type { Database } from "~/db/client.server";
import { plans } from "~/db/schema";

/** The "Premium" plan the contact form tests pick in the select: its id. */
export async function insertPremiumPlan(db: Database["db"]): Promise<string> {
  const [premium] = await db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 14900 })
    .returning({ id: plans.id });
  return premium.id;
}
