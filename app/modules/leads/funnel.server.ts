// One thing: the funnel board's reads (columns, counts, sums and lost reasons), which share the
// search and follow-up filters and the exact-or-estimated counting; moves and conversion are apart.
import { and, desc, eq, gte, ilike, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb, queryRows } from "~/db/client.server";
import { leads, plans } from "~/db/schema";
import { unionAll } from "drizzle-orm/pg-core";
import { addDays } from "~/lib/dates";
import { now, today as clockToday } from "~/server/clock.server";
import { likeContains } from "~/lib/list-params";
import {
  countEstimate,
  EXACT_COUNT_LIMIT,
  plannerRowEstimate,
  type CountResult,
} from "~/server/db-tools/counts.server";
import { boundedSearch } from "~/server/db-tools/search.server";
import {
  LEADS_PAGE_SIZE,
  NO_LOST_REASON_LABEL,
  STAGES,
  type FollowUpFilter,
  type Stage,
} from "./leads.schema";

export type StageCounts = Record<Stage, CountResult>;

export interface LeadCard {
  id: string;
  name: string;
  email: string;
  phone: string;
  business: string;
  plan: string;
  isRepresentative: boolean;
  statusFunil: Stage;
  createdAt: Date;
  convertedClientId: string | null;
  lostReason: string | null;
  lostNote: string | null;
  nextContactAt: Date | null;
  followUpOverdue: boolean;
  /** "Indicação de {representante}" when a referral stands behind the lead, else null. */
  referralSource: string | null;
  /** The plan's monthly price when the lead's plan names one (null for "Ainda não sei…"). */
  monthlyCents: number | null;
  /** Last change of the lead (stage, follow-up, data): "parado há N dias" counts from here. */
  updatedAt: Date;
  /** Whole days since updatedAt, by the injectable clock (set by loadFunnel). */
  idleDays: number;
  contactOverdue: boolean;
  hoursWaiting: number;
}

/** ?q= over name, email, business and phone (the phone also by its digits, "11 9999" finds "(11) 9999-…"). */
export function searchFilter(q: string): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const p = likeContains(term);
  const parts: SQL[] = [
    containsText(leads.name, term),
    ilike(leads.email, p),
    containsText(leads.business, term),
    ilike(leads.phone, p),
  ];
  const digits = term.replace(/\D/g, "");
  if (digits.length >= 3 && digits.length !== term.length) {
    parts.push(sql`regexp_replace(${leads.phone}, '\\D', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...parts);
}

/**
 * `?contato=`: open leads whose next contact falls on São Paulo's today ("hoje"), or
 * has already passed ("atrasados", by the app's clock like the red card).
 */
export function followUpFilter(
  filter: FollowUpFilter | null | undefined,
  today = clockToday(),
  at = now(),
): SQL | undefined {
  if (!filter) return undefined;
  const open = notInArray(leads.statusFunil, ["convertido", "perdido"]);
  if (filter === "atrasados") return and(open, lt(leads.nextContactAt, at));
  return and(
    open,
    gte(leads.nextContactAt, new Date(`${today}T00:00:00-03:00`)),
    lt(leads.nextContactAt, new Date(`${addDays(today, 1)}T00:00:00-03:00`)),
  );
}

/** Above this many matches per column a search shows "1.000+" instead of counting on. */
const SEARCH_COUNT_LIMIT = 1000;

/**
 * The six count tabs: exact up to 10 000 leads in a stage, the planner's estimate above (shown
 * "≈"), so the board does not count a million rows on every request. While the whole board is
 * that small, one GROUP BY of at most 10 001 rows counts all six; otherwise each stage is a
 * countEstimate over the (status_funil, created_at, id) index.
 */
export async function countLeadsByStage({
  q = "",
  followUp = null,
}: { q?: string; followUp?: FollowUpFilter | null } = {}): Promise<StageCounts> {
  const search = and(searchFilter(q), followUpFilter(followUp));
  const db = getDb();
  const limit = search ? SEARCH_COUNT_LIMIT : EXACT_COUNT_LIMIT;
  const board = db.select({ stage: leads.statusFunil }).from(leads).where(search).getSQL();
  if ((await plannerRowEstimate({ query: board, db })) <= limit) {
    const rows = await queryRows<{ stage: Stage; n: number }>(
      db,
      sql`select status_funil as stage, count(*)::int as n
            from (${board} limit ${limit + 1}) as bounded group by 1`,
    );
    const byStage = new Map(rows.map((r) => [r.stage, Number(r.n)]));
    if ([...byStage.values()].reduce((a, b) => a + b, 0) <= limit)
      return Object.fromEntries(
        STAGES.map((s) => [s, { total: byStage.get(s) ?? 0, kind: "exact", approximate: false }]),
      ) as StageCounts;
  }
  const results = await Promise.all(
    STAGES.map((stage) =>
      countEstimate({
        query: db
          .select({ one: sql`1` })
          .from(leads)
          .where(and(eq(leads.statusFunil, stage), search))
          .getSQL(),
        limit: search ? SEARCH_COUNT_LIMIT : undefined,
        db,
      }),
    ),
  );
  return Object.fromEntries(STAGES.map((s, i) => [s, results[i]])) as StageCounts;
}

/**
 * A card's columns, with its markers decided at `at` (the app's clock). Only what the card shows
 * or acts on: the message and the attribution are on the lead page.
 */
const cardColumns = (at: Date = now()) => ({
  id: leads.id,
  name: leads.name,
  email: leads.email,
  phone: leads.phone,
  business: leads.business,
  plan: leads.plan,
  isRepresentative: leads.isRepresentative,
  statusFunil: leads.statusFunil,
  createdAt: leads.createdAt,
  convertedClientId: leads.convertedClientId,
  lostReason: leads.lostReason,
  lostNote: leads.lostNote,
  nextContactAt: leads.nextContactAt,
  // Decided on the server by the app's (injectable) clock, so server and browser render the same
  // colour and tests can move the time.
  followUpOverdue: sql<boolean>`coalesce(${leads.nextContactAt} < ${at.toISOString()}::timestamptz, false)`,
  // One probe per card shown, on referrals_lead_idx.
  referralSource: sql<string | null>`(select 'Indicação de ' || rep.name from referrals r
    join representatives rep on rep.id = r.representative_id
    where r.lead_id = leads.id order by r.created_at limit 1)`,
  // Plan names are not unique: the cheapest plan of that name (the board's value is an estimate).
  monthlyCents: sql<
    number | null
  >`(select min(${plans.priceCents}) from ${plans} where ${plans.name} = ${leads.plan})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  updatedAt: leads.updatedAt,
  // Still "Novo" 20 hours after it arrived: the 24-hour contact promise is at stake.
  contactOverdue: sql<boolean>`(${leads.statusFunil} = 'novo' and ${leads.createdAt} <= ${at.toISOString()}::timestamptz - interval '20 hours')`,
  // Whole hours since it arrived, for "Sem contato há 25 horas" / "há 5 dias" (by the same clock).
  hoursWaiting: sql<number>`floor(extract(epoch from (${at.toISOString()}::timestamptz - ${leads.createdAt})) / 3600)::int`,
});

/**
 * One column, newest first, the first `pages` pages (served by the (status_funil, created_at, id)
 * index: a column with 10 000 leads reads only what is shown).
 */
export async function listStageLeads({
  stage,
  q = "",
  followUp = null,
  pages = 1,
  pageSize = LEADS_PAGE_SIZE,
}: {
  stage: Stage;
  q?: string;
  followUp?: FollowUpFilter | null;
  pages?: number;
  pageSize?: number;
}): Promise<{ leads: LeadCard[]; hasMore: boolean }> {
  const limit = pages * pageSize;
  const rows = await stageQuery(stage, and(searchFilter(q), followUpFilter(followUp)), limit);
  return { leads: rows.slice(0, limit) as LeadCard[], hasMore: rows.length > limit };
}

/** A column's cards, newest first: `limit` + 1 rows, so "Carregar mais" needs no count. */
const stageQuery = (stage: Stage, where: SQL | undefined, limit: number, at: Date = now()) =>
  getDb()
    .select(cardColumns(at))
    .from(leads)
    .where(and(eq(leads.statusFunil, stage), where))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit + 1);

/**
 * The six columns in one statement: each column is its own index walk (as listStageLeads), joined
 * by UNION ALL, which returns each branch's rows in that branch's order.
 */
async function listBoardColumns(
  where: SQL | undefined,
  pages: Partial<Record<Stage, number>>,
): Promise<Board["columns"]> {
  const at = now();
  const limits = STAGES.map((s) => (pages[s] ?? 1) * LEADS_PAGE_SIZE);
  const [first, second, ...rest] = STAGES.map((s, i) => stageQuery(s, where, limits[i], at));
  const rows = (await unionAll(first, second, ...rest)) as LeadCard[];
  return Object.fromEntries(
    STAGES.map((s, i) => {
      const column = rows.filter((r) => r.statusFunil === s);
      return [s, { leads: column.slice(0, limits[i]), hasMore: column.length > limits[i] }];
    }),
  ) as Board["columns"];
}

type Board = {
  counts: StageCounts;
  columns: Record<Stage, { leads: LeadCard[]; hasMore: boolean }>;
};

/**
 * Each column's header sum: the monthly value of every lead in the stage that matches
 * the search and filter (not only the cards shown), in cents, by the plan its name gives.
 */
export async function sumMonthlyByStage({
  q = "",
  followUp = null,
}: { q?: string; followUp?: FollowUpFilter | null } = {}): Promise<Record<Stage, number>> {
  const where = and(searchFilter(q), followUpFilter(followUp));
  const rows = await queryRows<{ stage: Stage; cents: string | number }>(
    getDb(),
    sql`select ${leads.statusFunil} as stage, coalesce(sum(p.price_cents), 0)::bigint as cents
          from ${leads}
          join (select name, min(price_cents) as price_cents from ${plans} group by name) p
            on p.name = ${leads.plan}
         ${where ? sql`where ${where}` : sql``}
         group by 1`,
  );
  const byStage = new Map(rows.map((r) => [r.stage, Number(r.cents)]));
  return Object.fromEntries(STAGES.map((s) => [s, byStage.get(s) ?? 0])) as Record<Stage, number>;
}

/**
 * A search over the whole board: ONE bounded read of the matches (boundedSearch, trigram
 * indexes) feeds the six columns and their exact counts; null when the term is too common, and
 * the per-column index walks are the fast plan instead.
 */
async function searchBoard(
  q: string,
  followUp: FollowUpFilter | null,
  pages: Partial<Record<Stage, number>>,
): Promise<Board | null> {
  const db = getDb();
  const found = await boundedSearch({
    candidates: db
      .select({ id: leads.id, createdAt: leads.createdAt, status_funil: leads.statusFunil })
      .from(leads)
      .where(and(searchFilter(q), followUpFilter(followUp)))
      .getSQL(),
    db,
  });
  if (!found.complete) return null;
  const byStage = Object.fromEntries(
    STAGES.map((s) => [s, found.rows.filter((r) => r.status_funil === s)]),
  ) as Record<Stage, typeof found.rows>;
  const shown = STAGES.flatMap((s) =>
    byStage[s].slice(0, (pages[s] ?? 1) * LEADS_PAGE_SIZE).map((r) => r.id),
  );
  const cards = shown.length
    ? ((await db.select(cardColumns()).from(leads).where(inArray(leads.id, shown))) as LeadCard[])
    : [];
  const order = new Map(shown.map((id, i) => [id, i]));
  cards.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const columns = Object.fromEntries(
    STAGES.map((s) => {
      const limit = (pages[s] ?? 1) * LEADS_PAGE_SIZE;
      return [s, { leads: cards.filter((c) => c.statusFunil === s), hasMore: byStage[s].length > limit }];
    }),
  ) as Board["columns"];
  const counts = Object.fromEntries(
    STAGES.map((s) => [s, { total: byStage[s].length, kind: "exact", approximate: false }]),
  ) as StageCounts;
  return { counts, columns };
}

/**
 * Lost leads (now in `perdido`) by reason, most frequent first; leads lost without a reason are
 * counted under NO_LOST_REASON_LABEL. The board passes its search and filter, so the counts
 * describe the cards it shows; the dashboard counts them all. Served by the partial index on
 * lost_reason (and the trigram indexes when searching).
 */
export async function countLostByReason({
  q = "",
  followUp = null,
}: { q?: string; followUp?: FollowUpFilter | null } = {}): Promise<{ reason: string; count: number }[]> {
  const where = and(eq(leads.statusFunil, "perdido"), searchFilter(q), followUpFilter(followUp));
  const rows = await queryRows<{ reason: string | null; n: number }>(
    getDb(),
    sql`select ${leads.lostReason} as reason, count(*)::int as n from ${leads}
         where ${where}
         group by 1 order by 2 desc, 1 nulls last`,
  );
  return rows.map((r) => ({ reason: r.reason ?? NO_LOST_REASON_LABEL, count: Number(r.n) }));
}

/** The whole board: counts plus each column's first pages. */
export async function loadFunnel({
  q = "",
  followUp = null,
  pages = {},
}: {
  q?: string;
  followUp?: FollowUpFilter | null;
  pages?: Partial<Record<Stage, number>>;
}): Promise<Board & { sums: Record<Stage, number> }> {
  const sums = sumMonthlyByStage({ q, followUp });
  const board = await loadBoard({ q, followUp, pages });
  const at = now().getTime();
  for (const s of STAGES)
    for (const lead of board.columns[s].leads)
      lead.idleDays = Math.max(0, Math.floor((at - new Date(lead.updatedAt).getTime()) / 86_400_000));
  return { ...board, sums: await sums };
}

async function loadBoard({
  q,
  followUp,
  pages,
}: {
  q: string;
  followUp: FollowUpFilter | null;
  pages: Partial<Record<Stage, number>>;
}): Promise<Board> {
  if (searchFilter(q)) {
    const board = await searchBoard(q, followUp, pages);
    if (board) return board;
  }
  const [counts, columns] = await Promise.all([
    countLeadsByStage({ q, followUp }),
    listBoardColumns(and(searchFilter(q), followUpFilter(followUp)), pages),
  ]);
  return { counts, columns };
}
