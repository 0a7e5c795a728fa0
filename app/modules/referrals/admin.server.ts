import { and, asc, desc, eq, ilike, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb } from "~/db/client.server";
import {
  payoutItems,
  plans,
  referrals,
  representatives,
  STORED_REFERRAL_STATUSES,
  type ReferralCancelCause,
  type ReferralStatus,
  type StoredReferralStatus,
} from "~/db/schema";
import { likeContains, parseListParams } from "~/lib/list-params";
import { listPage, type ListPage } from "~/server/db-tools/list-page.server";
import { emit } from "~/modules/events/index.server";
import { commissionForPlan } from "./commission";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { referralPlanName } from "./plan-name.server";
import { now as clockNow } from "~/server/clock.server";

/** Sortable columns (allow-list; the URL picks one by key, never by SQL). */
export const REFERRAL_SORTS = [
  "created_at",
  "business_name",
  "contact_name",
  "representative",
  "plan",
  "status",
] as const;
export type ReferralSort = (typeof REFERRAL_SORTS)[number];

export const REFERRAL_SORT_COLUMNS: Record<ReferralSort, SQL | AnyColumn> = {
  created_at: referrals.createdAt,
  business_name: sql`lower(${referrals.businessName})`,
  contact_name: sql`lower(${referrals.contactName})`,
  representative: sql`lower(${representatives.name})`,
  plan: sql`lower(${plans.name})`,
  status: referrals.status,
};

export interface AdminReferralRow {
  id: string;
  businessName: string;
  contactName: string;
  contactPhone: string;
  status: StoredReferralStatus;
  /** Why it is cancelled; null in the four statuses. */
  cancelCause: ReferralCancelCause | null;
  commissionCents: number | null;
  createdAt: Date;
  planName: string | null;
  representativeName: string | null;
  representativeEmail: string | null;
  /** Another referral has the same business name, ignoring case, accents and outer spaces. */
  possibleDuplicate: boolean;
}

/**
 * The admin list's search: business, contact, phone, or the representative's name/e-mail. The
 * representative through their ids (ANY(ARRAY(…)) is an index condition), not through the join:
 * an OR across a join cannot use the trigram indexes (measured: 250–320 ms per search at 100 000
 * referrals with the join, a sequential scan).
 */
export function referralSearch(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const p = likeContains(term);
  // Phones are stored as digits: "(11) 9111" also looks for "119111".
  const digits = term.replace(/\D/g, "");
  const phoneDigits =
    digits.length >= 3 && digits !== term ? ilike(referrals.contactPhone, likeContains(digits)) : undefined;
  // The representative's name/e-mail through their ids (ANY(ARRAY(…)) is an index condition),
  // not through the join: an OR across a join cannot use the trigram indexes.
  return or(
    containsText(referrals.businessName, term),
    containsText(referrals.contactName, term),
    ilike(referrals.contactPhone, p),
    phoneDigits,
    sql`${referrals.representativeId} = any(array(${getDb()
      .select({ id: representatives.id })
      .from(representatives)
      .where(or(containsText(representatives.name, term), ilike(representatives.email, p)))}))`,
  );
}

/** SPEC §7 admin list with joined representative, plus search, status filter, sort and paging. */
export async function listReferralsAdmin({
  q = "",
  status = null,
  sort = "created_at",
  dir = "desc",
  page = 1,
  pageSize = 20,
}: {
  q?: string;
  status?: StoredReferralStatus | null;
  sort?: ReferralSort;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}): Promise<ListPage<AdminReferralRow>> {
  const db = getDb();
  const search = referralSearch(q);
  const order = dir === "asc" ? asc : desc;
  return listPage({
    filter: status ? eq(referrals.status, status) : undefined,
    search,
    candidates: (where) =>
      db.select({ id: referrals.id, createdAt: referrals.createdAt }).from(referrals).where(where).getSQL(),
    countRows: (where) =>
      db
        .select({ one: sql`1` })
        .from(referrals)
        .where(where)
        .getSQL(),
    idIn: (ids) => inArray(referrals.id, ids),
    fetch: (where, limit, offset) =>
      db
        .select({
          id: referrals.id,
          businessName: referrals.businessName,
          contactName: referrals.contactName,
          contactPhone: referrals.contactPhone,
          status: referrals.status,
          cancelCause: referrals.cancelCause,
          // The amount "Concluído" gives (the confirmation says it): the snapshot, else the plan's,
          // as setReferralStatus takes it.
          commissionCents: sql<
            number | null
          >`coalesce(${referrals.commissionCents}, ${plans.commissionCents})`.mapWith(Number),
          createdAt: referrals.createdAt,
          planName: referralPlanName,
          representativeName: representatives.name,
          representativeEmail: representatives.email,
          // Flags a business already referred; one probe per row shown, on referrals_business_folded_idx.
          possibleDuplicate: sql<boolean>`exists (select 1 from referrals d
            where lower(immutable_unaccent(btrim(d.business_name)))
              = lower(immutable_unaccent(btrim(${referrals.businessName})))
              and d.id <> ${referrals.id})`,
        })
        .from(referrals)
        .leftJoin(representatives, eq(representatives.id, referrals.representativeId))
        .leftJoin(plans, eq(plans.id, referrals.planId))
        .where(where)
        .orderBy(order(REFERRAL_SORT_COLUMNS[sort]), desc(referrals.createdAt), desc(referrals.id))
        .limit(limit)
        .offset(offset),
    page,
    pageSize,
  });
}

export type SetStatusResult = "ok" | "not_found" | "paid";

/**
 * SPEC §4: an admin sets any of the four statuses, on a cancelled referral too (that
 * reopens it, whoever cancelled it). The commission is the referral's snapshot (taken at
 * creation), so completing does not recompute it. A commission already paid (in an
 * active payout) cannot leave `concluido`: the payout is cancelled first.
 */
export async function setReferralStatus({
  id,
  status,
  actor = null,
}: {
  id: string;
  status: ReferralStatus;
  actor?: Actor | null;
}): Promise<SetStatusResult> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: referrals.status,
        commissionCents: referrals.commissionCents,
        planName: referralPlanName,
        planCommission: plans.commissionCents,
        businessName: referrals.businessName,
      })
      .from(referrals)
      .leftJoin(plans, eq(plans.id, referrals.planId))
      .where(eq(referrals.id, id))
      .for("update", { of: referrals });
    if (!current) return "not_found";
    if (current.status === status) return "ok";
    if (current.status === "concluido") {
      const [paid] = await tx
        .select({ one: sql`1` })
        .from(payoutItems)
        .where(and(eq(payoutItems.referralId, id), eq(payoutItems.active, true)));
      if (paid) return "paid";
    }
    const now = clockNow();
    // A row inserted without the snapshot (only raw inserts: imports, old data) takes it now.
    const snapshot =
      current.commissionCents === null
        ? {
            planName: current.planName,
            commissionCents: current.planCommission ?? commissionForPlan(current.planName),
          }
        : {};
    await tx
      .update(referrals)
      .set({
        ...snapshot,
        status,
        cancelCause: null,
        updatedAt: now,
        completedAt: status === "concluido" ? now : null,
      })
      .where(eq(referrals.id, id));
    await recordAudit(tx, {
      actor,
      action: "referral.status_changed",
      entityType: "referral",
      entityId: id,
      entityLabel: current.businessName,
      changes: diffFields(
        { status: current.status, commissionCents: current.commissionCents },
        { status, commissionCents: snapshot.commissionCents ?? current.commissionCents },
      ),
    });
    // Only a real change notifies the representative (and webhooks).
    await emit(tx, "referral.status_changed", { referralId: id, from: current.status, to: status });
    return "ok";
  });
}

/**
 * The admin list's URL state (?q=&status=&sort=&dir=&page=). The default direction is
 * descending only for the date; text columns start A→Z.
 */
export function parseReferralListParams(url: URL, pageSize = 20) {
  const params = parseListParams(url, {
    sorts: REFERRAL_SORTS,
    defaultSort: "created_at",
    statuses: STORED_REFERRAL_STATUSES,
    pageSize,
  });
  const dir = url.searchParams.get("dir") ? params.dir : params.sort === "created_at" ? "desc" : "asc";
  return { ...params, dir: dir as "asc" | "desc" };
}
