import { and, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { leads, plans, REFERRAL_CANCELLED, referrals, type StoredReferralStatus } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { digitsOnly } from "~/lib/phone";
import { isAlreadyReferred, lockReferralPhone } from "./duplicates.server";
import { planSnapshot, saveReferralUpdate } from "./referral-update.server";
import type { ReferralFormData } from "./referral-form.schema";
import { referralStatusLabel } from "./referrals.schema";
import { referralPlanName } from "./plan-name.server";
import { now as clockNow } from "~/server/clock.server";
import { PlanNotFoundError } from "./portal-create.server";

// While a referral is `analise`, its representative may correct or cancel it.
// Every statement below is filtered by the referral's id AND the signed-in representative's id
// AND status `analise`, under a row lock: another representative's referral is "not found"
// (nothing says it exists), and a referral the admin has already moved on is "locked".

export type MyReferralChange = "ok" | "not_found" | "locked" | "duplicate";

export interface MyReferral {
  id: string;
  businessName: string;
  contactName: string;
  contactPhone: string;
  planId: string | null;
  planName: string | null;
  status: StoredReferralStatus;
  statusLabel: string;
  editable: boolean;
}

/** One of the representative's own referrals (the correction page), or null. */
export async function getMyReferral({
  representativeId,
  id,
}: {
  representativeId: string;
  id: string;
}): Promise<MyReferral | null> {
  const [row] = await getDb()
    .select({
      id: referrals.id,
      businessName: referrals.businessName,
      contactName: referrals.contactName,
      contactPhone: referrals.contactPhone,
      planId: referrals.planId,
      planName: referralPlanName,
      status: referrals.status,
    })
    .from(referrals)
    .leftJoin(plans, eq(plans.id, referrals.planId))
    .where(and(eq(referrals.id, id), eq(referrals.representativeId, representativeId)));
  if (!row) return null;
  return { ...row, statusLabel: referralStatusLabel(row.status), editable: row.status === "analise" };
}

async function lockMine(tx: Tx, representativeId: string, id: string) {
  const [row] = await tx
    .select({
      status: referrals.status,
      businessName: referrals.businessName,
      contactName: referrals.contactName,
      contactPhone: referrals.contactPhone,
      planId: referrals.planId,
      planName: referrals.planName,
      commissionCents: referrals.commissionCents,
    })
    .from(referrals)
    .where(and(eq(referrals.id, id), eq(referrals.representativeId, representativeId)))
    .for("update");
  return row ?? null;
}

/**
 * The representative corrects their referral's data. A new plan takes that plan's name and
 * commission now (the referral is still being analysed: the promise is the corrected one).
 */
export async function updateMyReferral({
  representativeId,
  id,
  input,
  actor,
}: {
  representativeId: string;
  id: string;
  input: ReferralFormData;
  actor: Actor;
}): Promise<MyReferralChange> {
  return getDb().transaction(async (tx) => {
    const before = await lockMine(tx, representativeId, id);
    if (!before) return "not_found";
    if (before.status !== "analise") return "locked";
    let plan = { planId: before.planId, planName: before.planName, commissionCents: before.commissionCents };
    if (input.planId !== before.planId) {
      const snapshot = await planSnapshot(tx, input.planId);
      if (!snapshot) throw new PlanNotFoundError();
      plan = snapshot;
    }
    const after = {
      businessName: input.businessName,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      ...plan,
    };
    const changes = diffFields(before, after);
    if (Object.keys(changes).length === 0) return "ok";
    // A corrected phone is checked like a new referral's: the first keeps the credit.
    if (digitsOnly(after.contactPhone) !== digitsOnly(before.contactPhone)) {
      await lockReferralPhone(tx, after.contactPhone);
      if (await isAlreadyReferred(tx, after.contactPhone, { exceptReferralId: id })) return "duplicate";
    }
    await saveReferralUpdate(tx, { id, set: after, changes, actor, onlyIf: eq(referrals.status, "analise") });
    // The lead the referral made still in "Novos Leads" shows the corrected data; a lead
    // sales has started working keeps what it has.
    await tx
      .update(leads)
      .set({
        name: after.contactName,
        phone: after.contactPhone,
        business: after.businessName,
        ...(after.planName ? { plan: after.planName } : {}),
        updatedAt: clockNow(),
      })
      .where(
        and(
          eq(leads.statusFunil, "novo"),
          sql`${leads.id} = (select ${referrals.leadId} from ${referrals} where ${referrals.id} = ${id})`,
        ),
      );
    return "ok";
  });
}

/** The representative cancels their referral: `cancelada`, terminal. */
export async function cancelMyReferral({
  representativeId,
  id,
  actor,
}: {
  representativeId: string;
  id: string;
  actor: Actor;
}): Promise<Exclude<MyReferralChange, "duplicate">> {
  return getDb().transaction(async (tx) => {
    const before = await lockMine(tx, representativeId, id);
    if (!before) return "not_found";
    if (before.status !== "analise") return "locked";
    await tx
      .update(referrals)
      .set({ status: REFERRAL_CANCELLED, cancelCause: "representante", updatedAt: clockNow() })
      .where(eq(referrals.id, id));
    await recordAudit(tx, {
      actor,
      action: "referral.cancelled",
      entityType: "referral",
      entityId: id,
      entityLabel: before.businessName,
      changes: { status: [before.status, REFERRAL_CANCELLED] },
    });
    return "ok";
  });
}
