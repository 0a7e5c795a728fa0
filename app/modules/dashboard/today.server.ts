import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { businessDaysBetween } from "~/lib/business-days";
import { addDays } from "~/lib/dates";
import { hoursBetween } from "~/lib/format";
import type { DivergenceKind } from "~/modules/billing/billing.constants";
import {
  listDivergencesForDigest,
  openDivergencesCount,
  listChargeRows,
  overdueChargesCount,
  daysOverdue,
  listSuspensionsForDigest,
} from "~/modules/billing/index.server";
import { listClientRequests, openClientRequestsCount } from "~/modules/client-requests/index.server";
import type { ClientRequestKind } from "~/modules/client-requests/requests.constants";
import { listDueFollowUps, type FollowUpRow } from "~/modules/leads/index.server";
import { listOnboardingsForDigest } from "~/modules/onboarding/index.server";
import { readCounts } from "~/server/db-tools/counts.server";

/**
 * The dashboard's first block, "Hoje": what needs someone today, each item with
 * the page where it is done. "Today" and "24 hours ago" come from the injectable clock.
 */
export interface NewLeadRow {
  id: string;
  name: string;
  business: string;
  createdAt: Date;
  /** Waiting longer than the 24 hours the site promises. */
  late: boolean;
  hoursWaiting: number;
}
export interface WaitingReferralRow {
  id: string;
  businessName: string;
  representativeName: string | null;
  createdAt: Date;
}
export interface CommissionDueRow {
  representativeId: string;
  name: string;
  count: number;
  amountCents: number;
}
export interface OverdueChargeRow {
  id: string;
  number: string;
  clientId: string;
  clientName: string;
  businessName: string;
  /** What is still owed (the amount less any part already paid). */
  owedCents: number;
  dueDate: string;
  /** Counted from the effective due date (the next business day when due on a day off). */
  daysOverdue: number;
}
export interface UrgentOnboardingRow {
  id: string;
  clientId: string;
  clientName: string;
  dueDate: string;
  /** Business days past the due date; 0 when it is due today. */
  businessDaysLate: number;
}
export interface AtRiskSubscriptionRow {
  clientId: string;
  clientName: string;
  planName: string;
  chargeNumber: string | null;
  daysOverdue: number | null;
  /** Days until the daily job suspends it, unless paid (1 = tomorrow). */
  suspendsInDays: number | null;
}
export interface PendingRequestRow {
  id: string;
  kind: ClientRequestKind;
  clientName: string;
  businessName: string;
  requestedPlanName: string | null;
  createdAt: Date;
}
export interface DivergenceTodayRow {
  id: string;
  kind: DivergenceKind;
  chargeNumber: string;
  clientName: string;
  expectedCents: number;
  receivedCents: number;
}
export interface TodayBlock {
  followUps: FollowUpRow[];
  newLeads: NewLeadRow[];
  /** All leads at `novo` (the list shows the oldest few). */
  newLeadsTotal: number;
  referrals: WaitingReferralRow[];
  referralsTotal: number;
  commissions: CommissionDueRow[];
  /** Charges marked vencida, the oldest first. */
  overdueCharges: OverdueChargeRow[];
  overdueChargesTotal: number;
  /** Open onboardings past their due date or due today, the most late first. */
  onboardings: UrgentOnboardingRow[];
  /** Subscriptions a few days from suspension (billing's rule, exemptions left out). */
  atRisk: AtRiskSubscriptionRow[];
  /** Client requests waiting for an answer, the oldest first. */
  requests: PendingRequestRow[];
  requestsTotal: number;
  /** Payments that do not match their charge, waiting for an admin. */
  divergences: DivergenceTodayRow[];
  divergencesTotal: number;
}

const LIST_LIMIT = 8;

/** Leads still at `novo`, oldest first (the most urgent answer first). */
export async function listUncontactedLeads({
  at,
  limit = LIST_LIMIT,
}: {
  at: Date;
  limit?: number;
}): Promise<{ rows: NewLeadRow[]; total: number }> {
  const dayAgo = new Date(at.getTime() - 24 * 3_600_000);
  const rows = await queryRows<{
    id: string;
    name: string;
    business: string;
    created_at: Date | string;
    n: number;
  }>(
    getDb(),
    sql`select id, name, business, created_at, count(*) over ()::int as n
          from leads
         where status_funil = 'novo'
         order by created_at, id
         limit ${limit}`,
  );
  return {
    rows: rows.map((r) => {
      const createdAt = new Date(r.created_at);
      return {
        id: r.id,
        name: r.name,
        business: r.business,
        createdAt,
        late: createdAt <= dayAgo,
        hoursWaiting: hoursBetween(createdAt, at),
      };
    }),
    total: Number(rows[0]?.n ?? 0),
  };
}

/** Referrals still "Em análise": an admin has to look at them. Oldest first. */
export async function listWaitingReferrals({ limit = LIST_LIMIT }: { limit?: number } = {}): Promise<{
  rows: WaitingReferralRow[];
  total: number;
}> {
  const rows = await queryRows<{
    id: string;
    business_name: string;
    representative_name: string | null;
    created_at: Date | string;
    n: number;
  }>(
    getDb(),
    sql`select r.id, r.business_name, rep.name as representative_name, r.created_at,
               count(*) over ()::int as n
          from referrals r
          left join representatives rep on rep.id = r.representative_id
         where r.status = 'analise'
         order by r.created_at, r.id
         limit ${limit}`,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      businessName: r.business_name,
      representativeName: r.representative_name,
      createdAt: new Date(r.created_at),
    })),
    total: Number(rows[0]?.n ?? 0),
  };
}

/** Per representative: completed referrals whose commission is in no active payout yet. */
export async function listCommissionsDue({ limit = LIST_LIMIT }: { limit?: number } = {}): Promise<
  CommissionDueRow[]
> {
  const rows = await queryRows<{ id: string; name: string; n: number; cents: number | string }>(
    getDb(),
    sql`select rep.id, rep.name, count(*)::int as n, coalesce(sum(r.commission_cents), 0)::bigint as cents
          from referrals r
          join representatives rep on rep.id = r.representative_id
         where r.status = 'concluido'
           and not exists (select 1 from payout_items pi where pi.referral_id = r.id and pi.active)
         group by rep.id, rep.name
        having coalesce(sum(r.commission_cents), 0) > 0
         order by 4 desc, rep.name
         limit ${limit}`,
  );
  return rows.map((r) => ({
    representativeId: r.id,
    name: r.name,
    count: Number(r.n),
    amountCents: Number(r.cents),
  }));
}

/** Leads at `novo`: the sidebar's count on "Funil de Leads", for readCounts. */
export const uncontactedLeadsCount = (): SQL => sql`(select count(*) from leads where status_funil = 'novo')`;

/**
 * Overdue charges through Financeiro's own list (status vencida), oldest due date first; their
 * total is the sidebar's count (read with the block's other counts).
 */
async function listOverdueCharges(today: string): Promise<OverdueChargeRow[]> {
  const rows = await listChargeRows({
    filters: { status: "vencida" },
    sort: "due_date",
    dir: "asc",
    limit: LIST_LIMIT,
  });
  return rows.map((c): OverdueChargeRow => ({
    id: c.id,
    number: c.number,
    clientId: c.clientId,
    clientName: c.clientName,
    businessName: c.businessName,
    owedCents: c.amountCents - (c.paidAmountCents ?? 0),
    dueDate: c.dueDate,
    daysOverdue: daysOverdue(c.dueDate, today),
  }));
}

/** Late onboardings and those due today, from the digest's list (at-risk ones due later left out). */
async function listUrgentOnboardings(today: string): Promise<UrgentOnboardingRow[]> {
  const { late, atRisk } = await listOnboardingsForDigest({ today });
  return [...late, ...atRisk.filter((o) => o.dueDate <= today)].map((o) => ({
    ...o,
    businessDaysLate: Math.max(0, businessDaysBetween(o.dueDate, today)),
  }));
}

/** The digest's "prestes a ser suspensa", with how many days are left. */
async function listAtRiskSubscriptions(today: string): Promise<AtRiskSubscriptionRow[]> {
  const { aboutToSuspend, suspensionDays } = await listSuspensionsForDigest({ today });
  // Suspended once more than `suspensionDays` overdue: on day suspensionDays + 1.
  return aboutToSuspend.map((s) => ({
    ...s,
    suspendsInDays: s.daysOverdue === null ? null : suspensionDays + 1 - s.daysOverdue,
  }));
}

export async function getTodayBlock({ today, at }: { today: string; at: Date }): Promise<TodayBlock> {
  const [
    followUps,
    newLeads,
    referrals,
    commissions,
    overdue,
    onboardings,
    atRisk,
    requests,
    divergences,
    totals,
  ] = await Promise.all([
    // Due by the end of São Paulo's today (next midnight at -03:00, no DST since 2019).
    listDueFollowUps({ until: new Date(`${addDays(today, 1)}T00:00:00-03:00`), at }),
    listUncontactedLeads({ at }),
    listWaitingReferrals(),
    listCommissionsDue(),
    listOverdueCharges(today),
    listUrgentOnboardings(today),
    listAtRiskSubscriptions(today),
    listClientRequests({ status: "aberta", limit: LIST_LIMIT, oldestFirst: true }),
    listDivergencesForDigest({ limit: LIST_LIMIT }),
    // The sidebar's counts of the same lists, in one statement.
    readCounts({
      overdueCharges: overdueChargesCount(),
      requests: openClientRequestsCount(),
      divergences: openDivergencesCount(),
    }),
  ]);
  return {
    followUps,
    newLeads: newLeads.rows,
    newLeadsTotal: newLeads.total,
    referrals: referrals.rows,
    referralsTotal: referrals.total,
    commissions,
    overdueCharges: overdue,
    overdueChargesTotal: totals.overdueCharges,
    onboardings,
    atRisk,
    requests: requests.map((r) => ({
      id: r.id,
      kind: r.kind,
      clientName: r.clientName,
      businessName: r.businessName,
      requestedPlanName: r.requestedPlanName,
      createdAt: new Date(r.createdAt),
    })),
    requestsTotal: totals.requests,
    divergences,
    divergencesTotal: totals.divergences,
  };
}
