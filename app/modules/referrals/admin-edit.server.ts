import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  payoutItems,
  plans,
  REFERRAL_CANCELLED,
  referrals,
  representatives,
  type ReferralCancelCause,
  type StoredReferralStatus,
} from "~/db/schema";
import type { AdminReferralFormData } from "./referral-form.schema";
import { diffFields, type Actor } from "~/modules/audit/index.server";
import { planSnapshot, saveReferralUpdate } from "./referral-update.server";
import { referralPlanName } from "./plan-name.server";

// The admin edits a referral's data and may reassign it to another
// representative. Audited with before → after (the representative by name).

export interface AdminReferralDetail {
  id: string;
  businessName: string;
  contactName: string;
  contactPhone: string;
  planId: string | null;
  planName: string | null;
  commissionCents: number | null;
  status: StoredReferralStatus;
  cancelCause: ReferralCancelCause | null;
  representativeId: string | null;
  representativeName: string | null;
  createdAt: Date;
  /** In an active payout: plan and representative can no longer change. */
  paid: boolean;
}

export async function getReferralAdmin({ id }: { id: string }): Promise<AdminReferralDetail | null> {
  const [row] = await getDb()
    .select({
      id: referrals.id,
      businessName: referrals.businessName,
      contactName: referrals.contactName,
      contactPhone: referrals.contactPhone,
      planId: referrals.planId,
      planName: referralPlanName,
      commissionCents: referrals.commissionCents,
      status: referrals.status,
      cancelCause: referrals.cancelCause,
      representativeId: referrals.representativeId,
      representativeName: representatives.name,
      createdAt: referrals.createdAt,
      paid: sql<boolean>`exists (select 1 from ${payoutItems} where ${payoutItems.referralId} = ${referrals.id} and ${payoutItems.active})`,
    })
    .from(referrals)
    .leftJoin(representatives, eq(representatives.id, referrals.representativeId))
    .leftJoin(plans, eq(plans.id, referrals.planId))
    .where(eq(referrals.id, id));
  return row ? { ...row, paid: Boolean(row.paid) } : null;
}

/** Every representative, by name, for the reassignment select. */
export async function listRepresentativeChoices(): Promise<{ id: string; name: string; email: string }[]> {
  return getDb()
    .select({ id: representatives.id, name: representatives.name, email: representatives.email })
    .from(representatives)
    .orderBy(asc(representatives.name), asc(representatives.id));
}

export type AdminReferralUpdate =
  "ok" | "not_found" | "cancelled" | "paid" | "plan_not_found" | "representative_not_found";

export async function updateReferralAdmin({
  id,
  input,
  actor = null,
}: {
  id: string;
  input: AdminReferralFormData;
  actor?: Actor | null;
}): Promise<AdminReferralUpdate> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({
        status: referrals.status,
        businessName: referrals.businessName,
        contactName: referrals.contactName,
        contactPhone: referrals.contactPhone,
        planId: referrals.planId,
        planName: referrals.planName,
        commissionCents: referrals.commissionCents,
        representativeId: referrals.representativeId,
      })
      .from(referrals)
      .where(eq(referrals.id, id))
      .for("update");
    if (!before) return "not_found";
    if (before.status === REFERRAL_CANCELLED) return "cancelled";

    // An empty plan keeps the current one (also a plan that was deleted since: its snapshot stays).
    let plan = { planId: before.planId, planName: before.planName, commissionCents: before.commissionCents };
    const planChanges = input.planId !== null && input.planId !== before.planId;
    if (planChanges) {
      const snapshot = await planSnapshot(tx, input.planId!);
      if (!snapshot) return "plan_not_found";
      plan = snapshot;
    }
    const repChanges = input.representativeId !== before.representativeId;
    const names = new Map<string, string>();
    const repIds = [before.representativeId, input.representativeId].filter((v): v is string => !!v);
    if (repIds.length > 0) {
      const reps = await tx
        .select({ id: representatives.id, name: representatives.name, email: representatives.email })
        .from(representatives)
        .where(inArray(representatives.id, repIds));
      for (const r of reps) names.set(r.id, `${r.name} <${r.email}>`);
    }
    if (repChanges && !names.has(input.representativeId)) return "representative_not_found";
    if (planChanges || repChanges) {
      // A paid commission stays with the representative and the amount it was paid to/for.
      const [paid] = await tx
        .select({ one: sql`1` })
        .from(payoutItems)
        .where(and(eq(payoutItems.referralId, id), eq(payoutItems.active, true)));
      if (paid) return "paid";
    }
    const after = {
      businessName: input.businessName,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      ...plan,
      representativeId: input.representativeId,
    };
    const changes = diffFields(before, after, { omit: ["representativeId"] });
    if (repChanges) {
      changes.representative = [
        before.representativeId ? (names.get(before.representativeId) ?? null) : null,
        names.get(input.representativeId) ?? null,
      ];
    }
    if (Object.keys(changes).length === 0) return "ok";
    await saveReferralUpdate(tx, { id, set: after, changes, actor });
    return "ok";
  });
}
