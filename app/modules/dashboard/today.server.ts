import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { addDays } from "~/lib/dates";
import { hoursBetween } from "~/lib/format";
import { listDueFollowUps, type FollowUpRow } from "~/modules/leads/lead.server";

/**
 * The dashboard's first block, "Hoje" (issue 28 item 3): what needs someone today, each item with
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
export interface TodayBlock {
  followUps: FollowUpRow[];
  newLeads: NewLeadRow[];
  /** All leads at `novo` (the list shows the oldest few). */
  newLeadsTotal: number;
  referrals: WaitingReferralRow[];
  referralsTotal: number;
  commissions: CommissionDueRow[];
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

export async function getTodayBlock({ today, at }: { today: string; at: Date }): Promise<TodayBlock> {
  const [followUps, newLeads, referrals, commissions] = await Promise.all([
    // Due by the end of São Paulo's today (next midnight at -03:00, no DST since 2019).
    listDueFollowUps({ until: new Date(`${addDays(today, 1)}T00:00:00-03:00`), at }),
    listUncontactedLeads({ at }),
    listWaitingReferrals(),
    listCommissionsDue(),
  ]);
  return {
    followUps,
    newLeads: newLeads.rows,
    newLeadsTotal: newLeads.total,
    referrals: referrals.rows,
    referralsTotal: referrals.total,
    commissions,
  };
}
