import { and, eq, isNull, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import {
  commissionAdjustments,
  leads,
  payoutItems,
  plans,
  referrals,
  type StoredReferralStatus,
} from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { lostReasonText } from "~/lib/format";
import { now } from "~/server/clock.server";
import { commissionForPlan } from "./commission";
import { PIPELINE_CAUSES, PIPELINE_REASON_FIELD, type PipelineCause } from "./referrals.constants";
import { referralPlanName } from "./plan-name.server";

export { PIPELINE_CAUSES, PIPELINE_REASON_FIELD, type PipelineCause };

/**
 * The referral follows its client. Each cause moves a referral only from the
 * statuses listed for it, so applying the same cause twice (a payment reported again, a job
 * retried) finds the referral already moved and changes nothing, and a late cause never drags a
 * referral backwards past a later step. Every function runs inside the caller's transaction (the
 * change that causes the move) and is audited with no actor: "Sistema" in the audit log, "pelo
 * sistema" on the referral's history. The representative is told through `referral.status_changed`,
 * the event behind the manual change's e-mail. The causes and their statuses: PIPELINE_CAUSES.
 */

/**
 * Moves referral `id` for `cause` when its status allows it; true when it moved. The row is
 * locked first, so two transactions applying the same cause serialise and the second finds it
 * moved.
 */
async function moveReferral(
  tx: DbOrTx,
  id: string,
  cause: PipelineCause,
  extra: Record<string, [unknown, unknown]> = {},
): Promise<boolean> {
  const rule: (typeof PIPELINE_CAUSES)[PipelineCause] = PIPELINE_CAUSES[cause];
  const [current] = await tx
    .select({
      status: referrals.status,
      cancelCause: referrals.cancelCause,
      businessName: referrals.businessName,
      representativeId: referrals.representativeId,
      commissionCents: referrals.commissionCents,
      planName: referralPlanName,
      planCommission: plans.commissionCents,
    })
    .from(referrals)
    .leftJoin(plans, eq(plans.id, referrals.planId))
    .where(eq(referrals.id, id))
    .for("update", { of: referrals });
  if (!current || !(rule.from as readonly StoredReferralStatus[]).includes(current.status)) return false;
  // "Retomar" brings back a referral its lead's loss cancelled, never one its representative did.
  if ("onlyCancelledBy" in rule && current.cancelCause !== rule.onlyCancelledBy) return false;
  const at = now();
  const changes: Record<string, [unknown, unknown]> = {
    status: [current.status, rule.to],
    [PIPELINE_REASON_FIELD]: [null, rule.reason],
    ...extra,
  };
  // Completing takes the snapshot a row inserted without one lacks (as the admin's dropdown does).
  let snapshot = {};
  if (rule.to === "concluido" && current.commissionCents === null) {
    const commissionCents = current.planCommission ?? commissionForPlan(current.planName);
    snapshot = { planName: current.planName, commissionCents };
    changes.commissionCents = [null, commissionCents];
  }
  if (current.status === "concluido") {
    const reversal = await reverseCommission(tx, {
      referralId: id,
      representativeId: current.representativeId,
    });
    if (reversal) changes.comissaoEstornada = [null, reversal];
  }
  await tx
    .update(referrals)
    .set({
      ...snapshot,
      status: rule.to,
      cancelCause: "cancelCause" in rule ? rule.cancelCause : null,
      completedAt: rule.to === "concluido" ? at : null,
      updatedAt: at,
    })
    .where(eq(referrals.id, id));
  await recordAudit(tx, {
    actor: null,
    action: "referral.status_changed",
    entityType: "referral",
    entityId: id,
    entityLabel: current.businessName,
    changes,
  });
  await emit(tx, "referral.status_changed", { referralId: id, from: current.status, to: rule.to, cause });
  return true;
}

/**
 * A commission leaves `concluido`. Unpaid ("a receber"), it simply stops counting: balances read
 * completed referrals only. Already paid, the payout keeps what it paid, the commission's item is
 * released (so completing the referral again earns it again) and a negative adjustment of the
 * paid amount waits to be netted from the representative's next payout.
 */
async function reverseCommission(
  tx: DbOrTx,
  { referralId, representativeId }: { referralId: string; representativeId: string | null },
): Promise<"a_receber" | "paga"> {
  const [paid] = await tx
    .update(payoutItems)
    .set({ active: false })
    .where(and(eq(payoutItems.referralId, referralId), eq(payoutItems.active, true)))
    .returning({ payoutId: payoutItems.payoutId, amountCents: payoutItems.amountCents });
  if (!paid) return "a_receber";
  if (paid.amountCents > 0) {
    await tx.insert(commissionAdjustments).values({
      representativeId,
      referralId,
      sourcePayoutId: paid.payoutId,
      amountCents: -paid.amountCents,
      reason: "Estorno de comissão já paga",
      createdAt: now(),
    });
  }
  return "paga";
}

async function moveAll(
  tx: DbOrTx,
  ids: string[],
  cause: PipelineCause,
  extra?: Record<string, [unknown, unknown]>,
): Promise<number> {
  let moved = 0;
  // In id order: two transactions locking the same referrals never wait on each other in a cycle.
  for (const id of [...ids].sort()) if (await moveReferral(tx, id, cause, extra)) moved += 1;
  return moved;
}

async function referralIdsOfClient(tx: DbOrTx, clientId: string): Promise<string[]> {
  const rows = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.clientId, clientId));
  return rows.map((r) => r.id);
}

/**
 * Lead converted: its referral is linked to the new client and waits for the first payment.
 * Called by convertLead in its transaction.
 */
export async function referralOnLeadConverted(
  tx: DbOrTx,
  { leadId, clientId }: { leadId: string; clientId: string },
): Promise<number> {
  const linked = await tx
    .update(referrals)
    .set({ clientId })
    .where(and(eq(referrals.leadId, leadId), isNull(referrals.clientId)))
    .returning({ id: referrals.id });
  return moveAll(
    tx,
    linked.map((r) => r.id),
    "lead_converted",
  );
}

/**
 * Lead lost: its referral is cancelled, for that cause (its history and the
 * representative's e-mail say the lead was lost, with the reason the admin chose). Called when a
 * lead moves to `perdido` (moveLead), after the lead's row holds the reason.
 */
export async function referralOnLeadLost(tx: DbOrTx, { leadId }: { leadId: string }): Promise<number> {
  const rows = await tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.leadId, leadId));
  if (rows.length === 0) return 0;
  const [lead] = await tx
    .select({ reason: leads.lostReason, note: leads.lostNote })
    .from(leads)
    .where(eq(leads.id, leadId));
  const why = lead ? lostReasonText(lead.reason, lead.note) : null;
  return moveAll(
    tx,
    rows.map((r) => r.id),
    "lead_lost",
    why ? { motivoPerda: [null, why] } : {},
  );
}

/**
 * A lost lead resumed ("Retomar"): the referral its loss cancelled is back in analise
 * (one its representative cancelled stays cancelled). Called when a lead leaves `perdido`.
 */
export async function referralOnLeadResumed(tx: DbOrTx, { leadId }: { leadId: string }): Promise<number> {
  const rows = await tx
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.leadId, leadId), eq(referrals.cancelCause, "lead_perdido")));
  return moveAll(
    tx,
    rows.map((r) => r.id),
    "lead_resumed",
  );
}

/**
 * A charge of the client was paid: a referral still waiting for payment goes to production. Only
 * the first payment moves it (a renewal finds it in production or completed and leaves it).
 * Called by recordPayment in its transaction.
 */
export async function referralOnChargePaid(tx: DbOrTx, { clientId }: { clientId: string }): Promise<number> {
  return moveAll(tx, await referralIdsOfClient(tx, clientId), "first_charge_paid");
}

/**
 * A charge of the client was cancelled or refunded: when the client has no paid charge left, the
 * payment that moved the referral is gone, and the referral waits for payment again (reversing a
 * completed referral's commission). Called by cancelCharge (and refunds) in its transaction.
 */
export async function referralOnChargeReversed(
  tx: DbOrTx,
  { clientId }: { clientId: string },
): Promise<number> {
  const [row] = await queryRows<{ paid: boolean }>(
    tx,
    sql`select exists (select 1 from charges where client_id = ${clientId} and status = 'paga') as paid`,
  );
  if (row?.paid) return 0;
  return moveAll(tx, await referralIdsOfClient(tx, clientId), "payment_reversed");
}

/**
 * Onboarding published: the referral is completed and its commission becomes
 * "a receber". Called in the publishing transaction; `actor` is who published (kept in the audit
 * entry's changes; the move itself is the system's).
 */
export async function referralOnOnboardingPublished(
  tx: DbOrTx,
  { clientId, actor = null }: { clientId: string; actor?: Actor | null },
): Promise<number> {
  return moveAll(
    tx,
    await referralIdsOfClient(tx, clientId),
    "onboarding_published",
    actor ? { publicadoPor: [null, actor.name] } : {},
  );
}
