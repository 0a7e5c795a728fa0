import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import {
  commissionAdjustments,
  payoutItems,
  payouts,
  referrals,
  representatives,
  type PayoutMethod,
} from "~/db/schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import type { PayoutFormData } from "./payouts.schema";
import { now as clockNow } from "~/server/clock.server";

// Commissions: a completed referral's snapshot amount is `a pagar` until an active
// payout pays it (`paga`). Every function takes the representative's id: the portal passes the
// signed-in one, so a representative only ever reads their own commissions and payouts.

export type CommissionState = "a_pagar" | "paga";
export const COMMISSION_STATE_LABELS: Record<CommissionState, string> = { a_pagar: "A pagar", paga: "Paga" };

export interface Commission {
  referralId: string;
  businessName: string;
  planName: string | null;
  amountCents: number;
  completedAt: Date | null;
  state: CommissionState;
  payoutId: string | null;
  paidOn: string | null;
}

/** Every commission (completed referral) of a representative, newest first. */
export async function listCommissions({
  representativeId,
}: {
  representativeId: string;
}): Promise<Commission[]> {
  const rows = await getDb()
    .select({
      referralId: referrals.id,
      businessName: referrals.businessName,
      planName: referrals.planName,
      amountCents: sql<number>`coalesce(${referrals.commissionCents}, 0)`.mapWith(Number),
      completedAt: referrals.completedAt,
      payoutId: payouts.id,
      paidOn: payouts.paidOn,
    })
    .from(referrals)
    .leftJoin(payoutItems, and(eq(payoutItems.referralId, referrals.id), eq(payoutItems.active, true)))
    .leftJoin(payouts, eq(payouts.id, payoutItems.payoutId))
    .where(and(eq(referrals.representativeId, representativeId), eq(referrals.status, "concluido")))
    .orderBy(desc(referrals.completedAt), desc(referrals.id));
  return rows.map((r) => ({ ...r, state: r.payoutId ? "paga" : "a_pagar" }));
}

export interface CommissionSummary {
  toReceiveCents: number;
  receivedCents: number;
}

/** Dashboard: `A receber` (completed, unpaid) and `Recebido` (in active payouts). */
export async function getCommissionSummary({
  representativeId,
}: {
  representativeId: string;
}): Promise<CommissionSummary> {
  const [row] = await getDb()
    .select({
      toReceive:
        sql<number>`coalesce(sum(${referrals.commissionCents}) filter (where ${payoutItems.referralId} is null), 0)`.mapWith(
          Number,
        ),
      received: sql<number>`coalesce(sum(${payoutItems.amountCents}), 0)`.mapWith(Number),
    })
    .from(referrals)
    .leftJoin(payoutItems, and(eq(payoutItems.referralId, referrals.id), eq(payoutItems.active, true)))
    .where(and(eq(referrals.representativeId, representativeId), eq(referrals.status, "concluido")));
  // A paid commission taken back lowers what is to be received until a payout nets it.
  const pending = await pendingAdjustments(getDb(), representativeId);
  const reversed = pending.reduce((sum, a) => sum + a.amountCents, 0);
  return { toReceiveCents: (row?.toReceive ?? 0) + reversed, receivedCents: row?.received ?? 0 };
}

export interface CommissionAdjustment {
  id: string;
  referralId: string;
  businessName: string;
  amountCents: number;
  reason: string;
  createdAt: Date;
  nettedPayoutId: string | null;
  nettedOn: string | null;
}

/** The negative lines still to be netted (not voided, not in an active payout). */
async function pendingAdjustments(db: DbOrTx, representativeId: string, { lock = false } = {}) {
  const q = db
    .select({ id: commissionAdjustments.id, amountCents: commissionAdjustments.amountCents })
    .from(commissionAdjustments)
    .where(
      and(
        eq(commissionAdjustments.representativeId, representativeId),
        isNull(commissionAdjustments.voidedAt),
        isNull(commissionAdjustments.nettedPayoutId),
      ),
    )
    .orderBy(commissionAdjustments.createdAt, commissionAdjustments.id);
  return lock ? q.for("update") : q;
}

/** A representative's reversed commissions, newest first; voided ones left out. */
export async function listCommissionAdjustments({
  representativeId,
}: {
  representativeId: string;
}): Promise<CommissionAdjustment[]> {
  return getDb()
    .select({
      id: commissionAdjustments.id,
      referralId: commissionAdjustments.referralId,
      businessName: referrals.businessName,
      amountCents: commissionAdjustments.amountCents,
      reason: commissionAdjustments.reason,
      createdAt: commissionAdjustments.createdAt,
      nettedPayoutId: commissionAdjustments.nettedPayoutId,
      nettedOn: payouts.paidOn,
    })
    .from(commissionAdjustments)
    .innerJoin(referrals, eq(referrals.id, commissionAdjustments.referralId))
    .leftJoin(payouts, eq(payouts.id, commissionAdjustments.nettedPayoutId))
    .where(
      and(
        eq(commissionAdjustments.representativeId, representativeId),
        isNull(commissionAdjustments.voidedAt),
      ),
    )
    .orderBy(desc(commissionAdjustments.createdAt), desc(commissionAdjustments.id));
}

export interface Payout {
  id: string;
  paidOn: string;
  method: PayoutMethod;
  reference: string | null;
  amountCents: number;
  items: number;
  createdAt: Date;
  cancelledAt: Date | null;
}

/** A representative's payouts (cancelled ones too, marked), newest first. */
export async function listPayouts({ representativeId }: { representativeId: string }): Promise<Payout[]> {
  return getDb()
    .select({
      id: payouts.id,
      paidOn: payouts.paidOn,
      method: payouts.method,
      reference: payouts.reference,
      amountCents: payouts.amountCents,
      items:
        sql<number>`(select count(*)::int from ${payoutItems} where ${payoutItems.payoutId} = ${payouts.id})`.mapWith(
          Number,
        ),
      createdAt: payouts.createdAt,
      cancelledAt: payouts.cancelledAt,
    })
    .from(payouts)
    .where(eq(payouts.representativeId, representativeId))
    .orderBy(desc(payouts.paidOn), desc(payouts.createdAt));
}

export type RecordPayoutResult =
  | { ok: true; payoutId: string; amountCents: number }
  | { ok: false; reason: "already_paid" | "not_found" | "no_pix_key" };

/**
 * Records a payout of exactly `referralIds` for `representativeId`. In one transaction: the
 * referral rows are locked (FOR UPDATE), then every one must belong to the representative, be
 * completed and not be in an active payout — otherwise nothing is recorded. A second admin paying
 * the same commission at once waits for the lock, then finds it paid; the partial unique index
 * on payout_items is the last guard. The e-mail to the representative is enqueued in the same
 * transaction (event `payout.recorded`).
 */
export async function recordPayout({
  representativeId,
  input,
  actor,
}: {
  representativeId: string;
  input: PayoutFormData;
  actor: Actor | null;
}): Promise<RecordPayoutResult> {
  if (!isId(representativeId)) return { ok: false, reason: "not_found" };
  const ids = [...new Set(input.referralIds)];
  try {
    return await getDb().transaction(async (tx) => {
      const [rep] = await tx
        .select({ id: representatives.id, name: representatives.name, pixKey: representatives.pixKey })
        .from(representatives)
        .where(eq(representatives.id, representativeId));
      if (!rep) return { ok: false, reason: "not_found" } as const;
      // Money sent by PIX needs a key to send it to: none on file, nothing recorded.
      if (input.method === "pix" && !rep.pixKey) return { ok: false, reason: "no_pix_key" } as const;
      const locked = await tx
        .select({ id: referrals.id, amount: referrals.commissionCents })
        .from(referrals)
        .where(
          and(
            inArray(referrals.id, ids),
            eq(referrals.representativeId, representativeId),
            eq(referrals.status, "concluido"),
          ),
        )
        .orderBy(referrals.id)
        .for("update");
      if (locked.length !== ids.length) return { ok: false, reason: "already_paid" } as const;
      // A new statement after the locks: it sees what a concurrent payout committed meanwhile.
      const paid = await tx
        .select({ id: payoutItems.referralId })
        .from(payoutItems)
        .where(and(inArray(payoutItems.referralId, ids), eq(payoutItems.active, true)));
      if (paid.length > 0) return { ok: false, reason: "already_paid" } as const;
      const commissionsCents = locked.reduce((sum, r) => sum + (r.amount ?? 0), 0);
      // Reversed commissions already paid are netted from this payout, when it covers
      // them all; otherwise they wait for a larger one (a payout is never negative).
      const pending = await pendingAdjustments(tx, representativeId, { lock: true });
      const reversedCents = pending.reduce((sum, a) => sum + a.amountCents, 0);
      const netted = commissionsCents + reversedCents >= 0 ? pending : [];
      const amountCents = commissionsCents + (netted.length ? reversedCents : 0);
      const [payout] = await tx
        .insert(payouts)
        .values({
          representativeId,
          paidOn: input.paidOn,
          method: input.method,
          reference: input.reference,
          amountCents,
          createdBy: actor?.id ?? null,
        })
        .returning({ id: payouts.id });
      await tx
        .insert(payoutItems)
        .values(locked.map((r) => ({ payoutId: payout.id, referralId: r.id, amountCents: r.amount ?? 0 })));
      if (netted.length) {
        await tx
          .update(commissionAdjustments)
          .set({ nettedPayoutId: payout.id })
          .where(
            inArray(
              commissionAdjustments.id,
              netted.map((a) => a.id),
            ),
          );
      }
      await recordAudit(tx, {
        actor,
        action: "payout.recorded",
        entityType: "payout",
        entityId: payout.id,
        entityLabel: rep.name,
        changes: {
          amountCents: [null, amountCents],
          method: [null, input.method],
          paidOn: [null, input.paidOn],
          referrals: [null, locked.map((r) => r.id)],
          ...(netted.length ? { estornosDescontados: [null, reversedCents] } : {}),
        },
      });
      await emit(tx, "payout.recorded", { payoutId: payout.id });
      return { ok: true, payoutId: payout.id, amountCents } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: "already_paid" };
    throw err;
  }
}

/**
 * Cancels a payout: it stays in the history, marked cancelled, and its commissions go back to
 * `a pagar`. False when it does not exist, belongs to another representative or is already
 * cancelled (a payout is never edited or cancelled twice).
 */
export async function cancelPayout({
  representativeId,
  payoutId,
  actor,
}: {
  representativeId: string;
  payoutId: string;
  actor: Actor | null;
}): Promise<boolean> {
  if (!isId(payoutId) || !isId(representativeId)) return false;
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(payouts)
      .set({ cancelledAt: clockNow(), cancelledBy: actor?.id ?? null })
      .where(
        and(
          eq(payouts.id, payoutId),
          eq(payouts.representativeId, representativeId),
          isNull(payouts.cancelledAt),
        ),
      )
      .returning({ id: payouts.id, amountCents: payouts.amountCents });
    if (!row) return false;
    await tx.update(payoutItems).set({ active: false }).where(eq(payoutItems.payoutId, payoutId));
    // Reversals it netted wait for the next payout again; reversals of commissions it
    // had paid are void (the money never went).
    await tx
      .update(commissionAdjustments)
      .set({ nettedPayoutId: null })
      .where(eq(commissionAdjustments.nettedPayoutId, payoutId));
    await tx
      .update(commissionAdjustments)
      .set({ voidedAt: clockNow() })
      .where(and(eq(commissionAdjustments.sourcePayoutId, payoutId), isNull(commissionAdjustments.voidedAt)));
    await recordAudit(tx, {
      actor,
      action: "payout.cancelled",
      entityType: "payout",
      entityId: payoutId,
      changes: { cancelled: [false, true], amountCents: [row.amountCents, row.amountCents] },
    });
    return true;
  });
}
