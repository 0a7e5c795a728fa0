import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { leads, plans, referrals } from "~/db/schema";
import { emit } from "~/modules/events/index.server";
import { isAlreadyReferred, lockReferralPhone } from "./duplicates.server";
import type { ReferralFormData } from "./referral-form.schema";
import { now as clockNow } from "~/server/clock.server";

// The portal's wizard: a representative's new referral, with its lead, refused when the
// establishment is already referred or a client.

export class PlanNotFoundError extends Error {
  constructor() {
    super("plan not found");
  }
}

/**
 * Wizard submit: a new referral owned by `representativeId` (from the session, never from the
 * form), starting at analise (SPEC §4).
 */
export class DuplicateReferralError extends Error {
  constructor() {
    super("establishment already referred or a client");
  }
}

/**
 * Wizard submit: a new referral owned by `representativeId` (from the session, never from the
 * form), starting at analise (SPEC §4). Refused (DuplicateReferralError) when the phone already
 * belongs to an open lead, a client or an open referral: the first representative keeps the credit.
 *
 * The referral is also a lead in "Novos Leads", made in the same transaction and linked
 * both ways like the `?ref=` link's (the referral's lead_id, the lead's referred_by_id), so sales
 * works it in the funnel and its conversion moves the referral. A referral has no e-mail: the
 * lead's is empty until the conversion asks for it. A refused duplicate creates neither.
 */
export async function createMyReferral({
  representativeId,
  input,
}: {
  representativeId: string;
  input: ReferralFormData;
}) {
  return getDb().transaction(async (tx) => {
    const [plan] = await tx
      .select({ id: plans.id, name: plans.name, commissionCents: plans.commissionCents })
      .from(plans)
      .where(eq(plans.id, input.planId));
    if (!plan) throw new PlanNotFoundError();
    await lockReferralPhone(tx, input.contactPhone);
    if (await isAlreadyReferred(tx, input.contactPhone)) throw new DuplicateReferralError();
    const at = clockNow();
    const [lead] = await tx
      .insert(leads)
      .values({
        name: input.contactName,
        email: "",
        phone: input.contactPhone,
        business: input.businessName,
        plan: plan.name,
        status: "novo",
        statusFunil: "novo",
        referredById: representativeId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: leads.id });
    const [row] = await tx
      .insert(referrals)
      .values({
        representativeId,
        leadId: lead.id,
        businessName: input.businessName,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        planId: plan.id,
        // The promise made now: later plan changes apply to new referrals only.
        planName: plan.name,
        commissionCents: plan.commissionCents,
        status: "analise",
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: referrals.id, status: referrals.status, leadId: referrals.leadId });
    // The admins' new-lead alert and webhooks, as for a lead from the site.
    await emit(tx, "lead.created", { leadId: lead.id });
    return row;
  });
}
