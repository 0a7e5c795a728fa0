import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb } from "~/db/client.server";
import { plans, REFERRAL_STATUSES, referrals, type ReferralStatus } from "~/db/schema";
import { totalCommission } from "./commission";
import { isAlreadyReferred, lockReferralPhone } from "./duplicates.server";
import type { ReferralFormData } from "./referral-form.schema";
import { REFERRAL_STATUS_LABELS } from "./referrals.schema";

// Every function here takes the signed-in representative's id and filters by it: a
// representative can never read or write another representative's referrals.

export interface PortalReferral {
  id: string;
  businessName: string;
  contactName: string;
  contactPhone: string;
  planName: string | null;
  status: ReferralStatus;
  statusLabel: string;
  /** Commission of a completed referral (cents); null while it is in progress. */
  commissionCents: number | null;
  createdAt: Date;
}

export const STATUS_OPTIONS = REFERRAL_STATUSES.map((value) => ({
  value,
  label: REFERRAL_STATUS_LABELS[value],
}));

/** Commission of one completed referral: the stored amount, else the rule on the plan's name. */
function commissionOf(r: { commissionCents: number | null; planName: string | null }): number {
  return totalCommission([{ ...r, status: "concluido" }]);
}

export const MY_REFERRALS_LIMIT = 500;

/**
 * Minhas Indicações: the representative's referrals, newest first, split into in progress
 * (all but concluido) and completed. `q` matches business or contact name, case-insensitively.
 */
export async function listMyReferrals({
  representativeId,
  q,
  status,
}: {
  representativeId: string;
  q?: string;
  status?: ReferralStatus;
}): Promise<{ inProgress: PortalReferral[]; completed: PortalReferral[]; truncated: boolean }> {
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
      planName: sql<string | null>`coalesce(${referrals.planName}, ${plans.name})`,
      status: referrals.status,
      storedCommission: referrals.commissionCents,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .leftJoin(plans, eq(plans.id, referrals.planId))
    .where(and(...where))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(MY_REFERRALS_LIMIT + 1);
  const items: PortalReferral[] = rows.slice(0, MY_REFERRALS_LIMIT).map(({ storedCommission, ...r }) => ({
    ...r,
    statusLabel: REFERRAL_STATUS_LABELS[r.status],
    commissionCents:
      r.status === "concluido"
        ? commissionOf({ commissionCents: storedCommission, planName: r.planName })
        : null,
  }));
  return {
    inProgress: items.filter((r) => r.status !== "concluido"),
    completed: items.filter((r) => r.status === "concluido"),
    truncated: rows.length > MY_REFERRALS_LIMIT,
  };
}

export interface ReferralStats {
  total: number;
  active: number;
  completed: number;
  totalCommissionCents: number;
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
      planName: sql<string | null>`coalesce(${referrals.planName}, ${plans.name})`,
      n: sql<number>`count(*)::int`,
    })
    .from(referrals)
    .leftJoin(plans, eq(plans.id, referrals.planId))
    .where(eq(referrals.representativeId, representativeId))
    .groupBy(
      referrals.status,
      referrals.commissionCents,
      sql`coalesce(${referrals.planName}, ${plans.name})`,
    );
  const counts = Object.fromEntries(REFERRAL_STATUSES.map((s) => [s, 0])) as Record<ReferralStatus, number>;
  let totalCommissionCents = 0;
  for (const g of groups) {
    counts[g.status] += g.n;
    totalCommissionCents += g.n * totalCommission([g]);
  }
  const total = REFERRAL_STATUSES.reduce((sum, s) => sum + counts[s], 0);
  return {
    total,
    active: total - counts.concluido,
    completed: counts.concluido,
    totalCommissionCents,
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
    const [row] = await tx
      .insert(referrals)
      .values({
        representativeId,
        businessName: input.businessName,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        planId: plan.id,
        // The promise made now: later plan changes apply to new referrals only.
        planName: plan.name,
        commissionCents: plan.commissionCents,
        status: "analise",
      })
      .returning({ id: referrals.id, status: referrals.status });
    return row;
  });
}
