import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { blogPosts, plans, settings } from "~/db/schema";
import { seedDemoRepresentative, type DemoBusiness } from "./demo-business.server";
import { DEMO_PLANS, DEMO_POSTS, DEFAULT_SETTINGS } from "./demo-content";
import { today } from "~/server/clock.server";

/**
 * Demo data for a new, empty database. Each table is filled only when it is empty, so an
 * existing install is never overwritten. With `business`, a first start (the plans were just
 * created and there are no leads, clients or representatives) also gets the demo business: its
 * representative here, in the transaction that claims the first start, and then, once that has
 * committed, everything else through `build` (the modules' own code, one transaction per step as
 * in use: app/modules/demo). Returns what it created, and the demo representative's sign-in.
 */
export async function seedDemoData({
  business = false,
  build,
}: {
  business?: boolean;
  /** The demo business made by the modules (the server layer imports no module, so the caller passes it). */
  build?: (demo: { representativeId: string; today: string }) => Promise<void>;
} = {}): Promise<{
  created: string[];
  business?: DemoBusiness;
}> {
  const db = getDb();
  const created: string[] = [];
  let demo: (DemoBusiness & { representativeId: string }) | undefined;
  await db.transaction(async (tx) => {
    // One seeder at a time, even with several instances starting together.
    await tx.execute(sql`select pg_advisory_xact_lock(7201)`);
    const [{ n: planCount }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from plans`);
    if (Number(planCount) === 0) {
      await tx.insert(plans).values(DEMO_PLANS);
      created.push("plans");
    }
    const [{ n: postCount }] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from blog_posts`,
    );
    if (Number(postCount) === 0) {
      const now = Date.now();
      await tx.insert(blogPosts).values(
        DEMO_POSTS.map((p, i) => {
          const at = new Date(now - (DEMO_POSTS.length - i) * 3 * 86_400_000);
          return { ...p, createdAt: at, updatedAt: at };
        }),
      );
      created.push("blog_posts");
    }
    const inserted = await tx
      .insert(settings)
      .values({ id: 1, ...DEFAULT_SETTINGS })
      .onConflictDoNothing()
      .returning({ id: settings.id });
    if (inserted.length) created.push("settings");
    if (business && created.includes("plans")) {
      const [{ n: people }] = await queryRows<{ n: number }>(
        tx,
        sql`select (select count(*) from leads) + (select count(*) from clients)
                 + (select count(*) from representatives) as n`,
      );
      if (Number(people) === 0) {
        demo = await seedDemoRepresentative(tx);
        created.push("demo_business");
      }
    }
  });
  if (!demo) return { created };
  await build?.({ representativeId: demo.representativeId, today: today() });
  const { representativeEmail, representativePassword } = demo;
  return { created, business: { representativeEmail, representativePassword } };
}
