import { and, eq, type SQL } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { plans, referrals } from "~/db/schema";
import { recordAudit, type Actor, type AuditEntry } from "~/modules/audit/index.server";
import { now as clockNow } from "~/server/clock.server";

/** The plan a referral names, frozen at the time it is chosen (name and commission at that moment). */
export interface PlanSnapshot {
  planId: string | null;
  planName: string | null;
  commissionCents: number | null;
}

/** The current snapshot of plan `planId`, or null when it no longer exists. */
export async function planSnapshot(tx: Tx, planId: string): Promise<PlanSnapshot | null> {
  const [p] = await tx
    .select({ id: plans.id, name: plans.name, commissionCents: plans.commissionCents })
    .from(plans)
    .where(eq(plans.id, planId));
  return p ? { planId: p.id, planName: p.name, commissionCents: p.commissionCents } : null;
}

/**
 * Writes a referral's corrected data and its `referral.updated` audit entry in `tx`: the one
 * place both the admin's edit and the representative's correction end, so the audit trail reads
 * the same whoever changed the row. `onlyIf` narrows the update (the portal: still in analise).
 */
export async function saveReferralUpdate(
  tx: Tx,
  {
    id,
    set,
    changes,
    actor,
    onlyIf,
  }: {
    id: string;
    set: Partial<typeof referrals.$inferInsert> & { businessName: string };
    changes: NonNullable<AuditEntry["changes"]>;
    actor: Actor | null;
    onlyIf?: SQL;
  },
) {
  await tx
    .update(referrals)
    .set({ ...set, updatedAt: clockNow() })
    .where(onlyIf ? and(eq(referrals.id, id), onlyIf) : eq(referrals.id, id));
  await recordAudit(tx, {
    actor,
    action: "referral.updated",
    entityType: "referral",
    entityId: id,
    entityLabel: set.businessName,
    changes,
  });
}
