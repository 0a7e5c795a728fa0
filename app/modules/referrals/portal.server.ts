import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb } from "~/db/client.server";
import {
  leads,
  plans,
  REFERRAL_CANCELLED,
  REFERRAL_STATUSES,
  referrals,
  type ReferralStatus,
  type StoredReferralStatus,
} from "~/db/schema";
import { totalCommission } from "./commission";
import {
  REFERRAL_CANCELLED_LABEL,
  REFERRAL_STATUS_LABELS,
  referralCancelNote,
  referralStatusLabel,
} from "./referrals.schema";
import { referralPlanName } from "./plan-name.server";

// A representative's own referrals as the portal shows them: the list and the dashboard's
// figures. Every function here takes the signed-in representative's id and filters by it: a
// representative can never read another representative's referrals.

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
  /** Why it is cancelled: by the representative, or its lead lost (with the reason). */
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
 * (all but concluido), completed and, apart, cancelled. `q` matches business or
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
