import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb, type Tx } from "~/db/client.server";
import {
  leads,
  plans,
  REFERRAL_CANCELLED,
  REFERRAL_STATUSES,
  referrals,
  type ReferralStatus,
  type StoredReferralStatus,
} from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { totalCommission } from "./commission";
import { digitsOnly } from "~/lib/phone";
import { isAlreadyReferred, lockReferralPhone } from "./duplicates.server";
import { planSnapshot, saveReferralUpdate } from "./referral-update.server";
import type { ReferralFormData } from "./referral-form.schema";
import {
  REFERRAL_CANCELLED_LABEL,
  REFERRAL_STATUS_LABELS,
  referralCancelNote,
  referralStatusLabel,
} from "./referrals.schema";
import { referralPlanName } from "./plan-name.server";
import { now as clockNow } from "~/server/clock.server";

// Every function here takes the signed-in representative's id and filters by it: a
// representative can never read or write another representative's referrals.

export interface PortalReferral {
  id: string;
  businessName: string;
  contactName: string;
  contactPhone: string;
  planName: string | null;
  status: StoredReferralStatus;
  statusLabel: string;
  /** Only `analise` referrals can still be corrected or cancelled by their representative. */
  editable: boolean;
  /** Commission of a completed referral (cents); null while it is in progress. */
  commissionCents: number | null;
  /** Why it is cancelled (issue 45): by the representative, or its lead lost (with the reason). */
  cancelNote: string | null;
  createdAt: Date;
}

export const STATUS_OPTIONS = REFERRAL_STATUSES.map((value) => ({
  value,
  label: REFERRAL_STATUS_LABELS[value],
}));
/** The portal's filter: the four, then the cancelled ones. */
export const FILTER_STATUS_OPTIONS: { value: StoredReferralStatus; label: string }[] = [
  ...STATUS_OPTIONS,
  { value: REFERRAL_CANCELLED, label: REFERRAL_CANCELLED_LABEL },
];

/** Commission of one completed referral: the stored amount, else the rule on the plan's name. */
function commissionOf(r: { commissionCents: number | null; planName: string | null }): number {
  return totalCommission([{ ...r, status: "concluido" }]);
}

export const MY_REFERRALS_LIMIT = 500;

/**
 * Minhas Indicações: the representative's referrals, newest first, split into in progress
 * (all but concluido), completed and — apart, issue 14 — cancelled. `q` matches business or
 * contact name, case-insensitively.
 */
export async function listMyReferrals({
  representativeId,
  q,
  status,
}: {
  representativeId: string;
  q?: string;
  status?: StoredReferralStatus;
}): Promise<{
  inProgress: PortalReferral[];
  completed: PortalReferral[];
  cancelled: PortalReferral[];
  truncated: boolean;
}> {
  const where: (SQL | undefined)[] = [eq(referrals.representativeId, representativeId)];
  if (q) {
    where.push(or(containsText(referrals.businessName, q), containsText(referrals.contactName, q)));
  }
  if (status) where.push(eq(referrals.status, status));
  const rows = await getDb()
    .select({
      id: referrals.id,
      businessName: referrals.businessName,
      contactName: referrals.contactName,
      contactPhone: referrals.contactPhone,
      planName: referralPlanName,
      status: referrals.status,
      cancelCause: referrals.cancelCause,
      lostReason: leads.lostReason,
      storedCommission: referrals.commissionCents,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .leftJoin(plans, eq(plans.id, referrals.planId))
    .leftJoin(leads, eq(leads.id, referrals.leadId))
    .where(and(...where))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(MY_REFERRALS_LIMIT + 1);
  const items: PortalReferral[] = rows
    .slice(0, MY_REFERRALS_LIMIT)
    .map(({ storedCommission, cancelCause, lostReason, ...r }) => ({
      ...r,
      statusLabel: referralStatusLabel(r.status),
      cancelNote: r.status === REFERRAL_CANCELLED ? referralCancelNote(cancelCause, lostReason) : null,
      editable: r.status === "analise",
      commissionCents:
        r.status === "concluido"
          ? commissionOf({ commissionCents: storedCommission, planName: r.planName })
          : null,
    }));
  return {
    inProgress: items.filter((r) => r.status !== "concluido" && r.status !== REFERRAL_CANCELLED),
    completed: items.filter((r) => r.status === "concluido"),
    cancelled: items.filter((r) => r.status === REFERRAL_CANCELLED),
    truncated: rows.length > MY_REFERRALS_LIMIT,
  };
}

export interface ReferralStats {
  total: number;
  active: number;
  completed: number;
  totalCommissionCents: number;
  /** Cancelled referrals: shown apart, never in the other figures. */
  cancelled: number;
  byStatus: { status: ReferralStatus; label: string; count: number }[];
}

/** Dashboard figures, counted in the database; one row per (status, stored commission, plan). */
export async function getMyReferralStats({
  representativeId,
}: {
  representativeId: string;
}): Promise<ReferralStats> {
  const groups = await getDb()
    .select({
      status: referrals.status,
      commissionCents: referrals.commissionCents,
      planName: referralPlanName,
      n: sql<number>`count(*)::int`,
    })
    .from(referrals)
    .leftJoin(plans, eq(plans.id, referrals.planId))
    .where(eq(referrals.representativeId, representativeId))
    .groupBy(referrals.status, referrals.commissionCents, referralPlanName);
  const counts = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as Record<ReferralStatus, number>;
  let totalCommissionCents = 0;
  let cancelled = 0;
  for (const g of groups) {
    if (g.status === REFERRAL_CANCELLED) {
      cancelled += g.n;
      continue;
    }
    counts[g.status] += g.n;
    totalCommissionCents += g.n * totalCommission([g]);
  }
  const total = REFERRAL_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return {
    total,
    active: total - counts.concluido,
    completed: counts.concluido,
    totalCommissionCents,
    cancelled,
    byStatus: STATUS_OPTIONS.map(({ value, label }) => ({ status: value, label, count: counts[value] })),
  };
}

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
 * Issue 30: the referral is also a lead in "Novos Leads", made in the same transaction and linked
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

// ---------------------------------------------------------------------------------------------
// Issue 14 item 6: while a referral is `analise`, its representative may correct or cancel it.
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
    // A corrected phone is checked like a new referral's (issue 14 item 5): the first keeps the credit.
    if (digitsOnly(after.contactPhone) !== digitsOnly(before.contactPhone)) {
      await lockReferralPhone(tx, after.contactPhone);
      if (await isAlreadyReferred(tx, after.contactPhone, { exceptReferralId: id })) return "duplicate";
    }
    await saveReferralUpdate(tx, { id, set: after, changes, actor, onlyIf: eq(referrals.status, "analise") });
    // Issue 30: the lead the referral made still in "Novos Leads" shows the corrected data; a lead
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
