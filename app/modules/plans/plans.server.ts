import { asc, eq, sql } from "drizzle-orm";
import { isId } from "~/lib/ids";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { plans } from "~/db/schema";
import type { PlanInput } from "./plans.schema";
import { commissionForPlan } from "~/modules/referrals/index.server";
import { publicContentChanged } from "~/server/cache/public-content.server";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { now as clockNow } from "~/server/clock.server";

export type Plan = typeof plans.$inferSelect;
export type PlanOption = Pick<Plan, "id" | "name" | "priceCents" | "setupFeeCents">;

/** SPEC §7: all plans ordered by price ascending (public, admin list, wizard). */
export async function listPlans(): Promise<Plan[]> {
  return getDb().select().from(plans).orderBy(asc(plans.priceCents), asc(plans.name));
}

/** SPEC §7: id, name, price and activation fee for pickers, by price. */
export async function listPlanOptions(): Promise<PlanOption[]> {
  return getDb()
    .select({
      id: plans.id,
      name: plans.name,
      priceCents: plans.priceCents,
      setupFeeCents: plans.setupFeeCents,
    })
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
    // Left empty, the commission follows the spec's rule on the plan's name.
    commissionCents: input.commission ?? commissionForPlan(input.name),
    description: input.description,
    features: input.features,
    isPopular: input.isPopular,
  };
}

export async function createPlan({
  input,
  actor = null,
}: {
  input: PlanInput;
  actor?: Actor | null;
}): Promise<Plan> {
  const row = await getDb().transaction(async (tx) => {
    const [created] = await tx.insert(plans).values(planValues(input)).returning();
    await recordAudit(tx, {
      actor,
      action: "plan.created",
      entityType: "plan",
      entityId: created.id,
      entityLabel: created.name,
      changes: diffFields(null, planValues(input)),
    });
    return created;
  });
  await publicContentChanged();
  return row;
}

/** Updates a plan (updated_at set on every save); null when it does not exist. */
export async function updatePlan({
  id,
  input,
  actor = null,
}: {
  id: string;
  input: PlanInput;
  actor?: Actor | null;
}): Promise<Plan | null> {
  if (!isId(id)) return null;
  const row = await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for("update");
    if (!before) return null;
    const [updated] = await tx
      .update(plans)
      .set({ ...planValues(input), updatedAt: clockNow() })
      .where(eq(plans.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: "plan.updated",
      entityType: "plan",
      entityId: id,
      entityLabel: updated.name,
      changes: diffFields(before, planValues(input)),
    });
    return updated;
  });
  if (row) await publicContentChanged();
  return row;
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

export type PlanWithUsage = Plan & { clients: number };

/**
 * listPlans with how many clients use each plan (as their plan or in a subscription, as
 * countPlanClients counts them), so a delete can say "em uso por N clientes" before asking.
 */
export async function listPlansWithUsage(): Promise<PlanWithUsage[]> {
  const [rows, counts] = await Promise.all([
    listPlans(),
    queryRows<{ plan_id: string; n: number }>(
      getDb(),
      sql`select plan_id, count(*)::int as n from (
            select plan_id, id as client_id from clients where plan_id is not null
            union
            select plan_id, client_id from subscriptions
          ) as referencing group by plan_id`,
    ),
  ]);
  const byPlan = new Map(counts.map((c) => [c.plan_id, Number(c.n)]));
  return rows.map((p) => ({ ...p, clients: byPlan.get(p.id) ?? 0 }));
}

export type DeletePlanResult =
  { ok: true } | { ok: false; reason: "not_found" } | { ok: false; reason: "in_use"; clients: number };

/**
 * SPEC §5: deletion is refused while clients reference the plan. The check and the delete run in
 * one transaction with the plan row locked FOR UPDATE: a concurrent insert of a client or
 * subscription pointing at it (which takes a KEY SHARE lock on the plan) waits, so the count
 * cannot go stale between the check and the delete.
 */
export async function deletePlan({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<DeletePlanResult> {
  if (!isId(id)) return { ok: false, reason: "not_found" };
  const result = await getDb().transaction(async (tx) => {
    const locked = await queryRows<{ id: string }>(tx, sql`select id from plans where id = ${id} for update`);
    if (locked.length === 0) return { ok: false, reason: "not_found" } as const;
    const clients = await countPlanClients({ db: tx, id });
    if (clients > 0) return { ok: false, reason: "in_use", clients } as const;
    const [gone] = await tx.delete(plans).where(eq(plans.id, id)).returning();
    await recordAudit(tx, {
      actor,
      action: "plan.deleted",
      entityType: "plan",
      entityId: id,
      entityLabel: gone.name,
      changes: { name: [gone.name, null], priceCents: [gone.priceCents, null] },
    });
    return { ok: true } as const;
  });
  // The landing lists plans: its cached copy must go once the change is committed.
  if (result.ok) await publicContentChanged();
  return result;
}
