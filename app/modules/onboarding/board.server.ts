import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { clients, onboardings } from "~/db/schema";
import { likeContains } from "~/lib/list-params";
import {
  BOARD_COLUMN_LIMIT,
  BOARD_SORTS,
  type BoardSort,
  ONBOARDING_HEALTHS,
  ONBOARDING_STATUSES,
  type OnboardingHealth,
  type OnboardingSource,
  type OnboardingStatus,
} from "./onboarding.constants";
import { itemsOf, onboardingColumns, toView, type OnboardingView } from "./onboarding-reads.server";
import { withSubmissions, type CardSubmissions } from "./client-submission-reads.server";

/**
 * The board /admin/onboarding: three columns filtered and sorted in SQL, the state in
 * the URL (?q=&saude=&origem=&ordem=). Health is computed from stored dates (at_risk_on,
 * due_date), so a filter never loads the whole table to decide.
 */

export interface BoardFilters {
  q: string;
  health: OnboardingHealth | null;
  source: OnboardingSource | null;
  sort: BoardSort;
}

const pick = <T extends string>(list: readonly T[], v: string | null): T | null =>
  (list as readonly string[]).includes(v ?? "") ? (v as T) : null;

export function parseBoardFilters(sp: URLSearchParams): BoardFilters {
  return {
    q: (sp.get("q") ?? "").trim().slice(0, 100),
    health: pick(ONBOARDING_HEALTHS, sp.get("saude")),
    source: pick(["automatica", "manual"] as const, sp.get("origem")),
    sort: pick(BOARD_SORTS, sp.get("ordem")) ?? "prazo",
  };
}

const open = sql`${onboardings.status} <> 'publicado'`;
/** An onboarding still open past its due date. */
const openLate = (today: string) => sql`(${open} and ${onboardings.dueDate} < ${today}::date)`;

function healthWhere(health: OnboardingHealth, today: string): SQL {
  const published = sql`${onboardings.status} = 'publicado'`;
  switch (health) {
    case "atrasada":
      return sql`(${openLate(today)}
                  or (${published} and ${onboardings.publishedOn} > ${onboardings.dueDate}))`;
    case "em_risco":
      return sql`(${open} and ${today}::date between ${onboardings.atRiskOn} and ${onboardings.dueDate})`;
    case "no_prazo":
      return sql`((${open} and ${today}::date < ${onboardings.atRiskOn})
                  or (${published} and ${onboardings.publishedOn} <= ${onboardings.dueDate}))`;
  }
}

export interface BoardColumn {
  status: OnboardingStatus;
  rows: (OnboardingView & { submissions: CardSubmissions })[];
  count: number;
}

/**
 * The three columns in three statements, whatever their size: the columns' cards (each its own
 * sorted, limited branch of one UNION ALL), their counts (one GROUP BY) and the cards' checklists.
 */
export async function listBoard({ filters, today }: { filters: BoardFilters; today: string }) {
  const filter = and(
    filters.q
      ? sql`(immutable_unaccent(${clients.name}) ilike immutable_unaccent(${likeContains(filters.q)})
               or immutable_unaccent(${clients.businessName}) ilike immutable_unaccent(${likeContains(filters.q)}))`
      : undefined,
    filters.health ? healthWhere(filters.health, today) : undefined,
    filters.source ? eq(onboardings.source, filters.source) : undefined,
  );
  const where = (status: OnboardingStatus) => and(eq(onboardings.status, status), filter);
  const order = (status: OnboardingStatus) => {
    if (filters.sort === "cliente") return [asc(clients.name), asc(onboardings.id)];
    if (filters.sort === "abertura") return [desc(onboardings.openedAt), desc(onboardings.id)];
    // Published ones by the most recent publication; open ones by the nearest due date.
    return status === "publicado"
      ? [desc(onboardings.publishedAt), desc(onboardings.id)]
      : [asc(onboardings.dueDate), asc(onboardings.id)];
  };
  const db = getDb();
  const [first, second, ...rest] = ONBOARDING_STATUSES.map((status) =>
    db
      .select({ ...onboardingColumns, clientName: clients.name, businessName: clients.businessName })
      .from(onboardings)
      .innerJoin(clients, eq(clients.id, onboardings.clientId))
      .where(where(status))
      .orderBy(...order(status))
      .limit(BOARD_COLUMN_LIMIT),
  );
  const [rows, counts] = await Promise.all([
    unionAll(first, second, ...rest),
    db
      .select({ status: onboardings.status, n: sql<number>`count(*)::int` })
      .from(onboardings)
      .innerJoin(clients, eq(clients.id, onboardings.clientId))
      .where(filter)
      .groupBy(onboardings.status),
  ]);
  const [items, cards] = await Promise.all([itemsOf(rows.map((r) => r.id)), withSubmissions(rows)]);
  // UNION ALL returns each branch's rows in that branch's order.
  return ONBOARDING_STATUSES.map((status): BoardColumn => ({
    status,
    count: Number(counts.find((c) => c.status === status)?.n ?? 0),
    rows: cards
      .filter((r) => r.status === status)
      .map((r) => ({ ...toView(r, items.get(r.id) ?? [], today), submissions: r.submissions })),
  }));
}

/** Open onboardings past their due date: the sidebar's count on "Implantação", for readCounts. */
export const lateOnboardingsCount = (today: string): SQL =>
  sql`(select count(*) from ${onboardings} where ${openLate(today)})`;
