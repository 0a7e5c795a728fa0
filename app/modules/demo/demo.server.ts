import type { DbOrTx } from "~/db/client.server";
import { seedDemoBilling } from "~/modules/billing/index.server";
import { seedDemoRevenue } from "~/modules/revenue/index.server";

/**
 * What the modules add to the demo business of a first start (SEED_DEMO=true), after the
 * server's dev-data has inserted its people: seedDemoData takes this as its `extend`, since the
 * server layer imports no module. Boot, `npm run db:seed` and the demo test all pass this one.
 */
export async function seedDemoModules(tx: DbOrTx, today: string): Promise<void> {
  await seedDemoBilling(tx, today);
  await seedDemoRevenue(tx, today);
}
