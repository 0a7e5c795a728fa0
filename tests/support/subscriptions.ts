import type { Database } from "~/db/client.server";
import { subscriptions } from "~/db/schema";
import { recordExistingSubscription } from "~/modules/clients/subscription-history.server";

type NewSubscription = typeof subscriptions.$inferInsert;

/**
 * Subscriptions written straight into a test's database, each with its history (start, and end
 * when it is no longer running), in one transaction: the database refuses a subscription without
 * its history event at commit (migration 0031), as it would refuse the app.
 */
export async function insertSubscriptions(
  db: Database["db"],
  values: NewSubscription | NewSubscription[],
): Promise<(typeof subscriptions.$inferSelect)[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(subscriptions)
      .values(Array.isArray(values) ? values : [values])
      .returning();
    for (const row of rows) {
      const running = row.status === "ativa" || row.status === "suspensa";
      await recordExistingSubscription(tx, row, { endedOn: running ? null : row.endDate });
    }
    return rows;
  });
}
