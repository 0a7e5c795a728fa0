import { asc, eq, sql } from "drizzle-orm";
import { isId } from "~/lib/ids";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { plans } from "~/db/schema";
import type { PlanInput } from "./plans.schema";
import { publicContentChanged } from "~/server/cache/public-content.server";

export type Plan = typeof plans.$inferSelect;
export type PlanOption = Pick<Plan, "id" | "name" | "priceCents">;

/** SPEC §7: all plans ordered by price ascending (public, admin list, wizard). */
export async function listPlans(): Promise<Plan[]> {
  return getDb().select().from(plans).orderBy(asc(plans.priceCents), asc(plans.name));
}

/** SPEC §7: id, name and price for pickers, by price. */
export async function listPlanOptions(): Promise<PlanOption[]> {
  return getDb()
    .select({ id: plans.id, name: plans.name, priceCents: plans.priceCents })
    .from(plans)
    .orderBy(asc(plans.priceCents), asc(plans.name));
}

/** A plan by id, or null (also for an id that is not a UUID). */
export async function getPlan({ id }: { id: string }): Promise<Plan | null> {
  if (!isId(id)) return null;
  const [row] = await getDb().select().from(plans).where(eq(plans.id, id));
  return row ?? null;
}

function planValues(input: PlanInput) {
  return {
    name: input.name,
    priceCents: input.price,
    setupFeeCents: input.setupFee,
    description: input.description,
    features: input.features,
    isPopular: input.isPopular,
  };
}

export async function createPlan({ input }: { input: PlanInput }): Promise<Plan> {
  const [row] = await getDb().insert(plans).values(planValues(input)).returning();
  await publicContentChanged();
  return row;
}

/** Updates a plan (updated_at set on every save); null when it does not exist. */
export async function updatePlan({ id, input }: { id: string; input: PlanInput }): Promise<Plan | null> {
  if (!isId(id)) return null;
  const [row] = await getDb()
    .update(plans)
    .set({ ...planValues(input), updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning();
  if (row) await publicContentChanged();
  return row ?? null;
}

/** Distinct clients referencing a plan, as their plan or through any subscription. */
export async function countPlanClients({ db = getDb(), id }: { db?: DbOrTx; id: string }): Promise<number> {
  const [{ n }] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select id from clients where plan_id = ${id}
          union
          select client_id from subscriptions where plan_id = ${id}
        ) as referencing`,
  );
  return Number(n);
}

export type DeletePlanResult =
  { ok: true } | { ok: false; reason: "not_found" } | { ok: false; reason: "in_use"; clients: number };

/**
 * SPEC §5: deletion is refused while clients reference the plan. The check and the delete run in
 * one transaction with the plan row locked FOR UPDATE: a concurrent insert of a client or
 * subscription pointing at it (which takes a KEY SHARE lock on the plan) waits, so the count
 * cannot go stale between the check and the delete.
 */
export async function deletePlan({ id }: { id: string }): Promise<DeletePlanResult> {
  if (!isId(id)) return { ok: false, reason: "not_found" };
  const result = await getDb().transaction(async (tx) => {
    const locked = await queryRows<{ id: string }>(tx, sql`select id from plans where id = ${id} for update`);
    if (locked.length === 0) return { ok: false, reason: "not_found" } as const;
    const clients = await countPlanClients({ db: tx, id });
    if (clients > 0) return { ok: false, reason: "in_use", clients } as const;
    await tx.delete(plans).where(eq(plans.id, id));
    return { ok: true } as const;
  });
  // The landing lists plans: its cached copy must go once the change is committed.
  if (result.ok) await publicContentChanged();
  return result;
}
