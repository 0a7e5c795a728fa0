import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { FUNNEL_STAGES, type FunnelStage } from "~/db/schema";
import { now, today as clockToday } from "~/server/clock.server";
import { countLostByReason, type FollowUpRow } from "~/modules/leads/index.server";
import { log } from "~/server/logging/logger.server";
import {
  companyDataWarning,
  getBillingFigures,
  type BillingFigures,
  isDemoPixKeyInUse,
} from "~/modules/billing/index.server";
import {
  listRecentClients,
  listExpiringSubscriptions,
  type ExpiringSubscription,
} from "~/modules/clients/index.server";
import { getTodayBlock, type TodayBlock } from "./today.server";

/**
 * A count now plus what it is compared with: items created in the last 30 days (São Paulo days,
 * today included) against the 30 days before. The spec's original showed fixed percentages;
 * these are real.
 */
export interface StatFigure {
  value: number;
  last30: number;
  previous30: number;
  /** Whole-percent change of last30 against previous30; null when there is no basis (0 before). */
  change: number | null;
}

export function changePercent(last30: number, previous30: number): number | null {
  if (previous30 === 0) return null;
  return Math.round(((last30 - previous30) / previous30) * 100);
}

function figure(value: unknown, last30: unknown, previous30: unknown): StatFigure {
  const [v, l, p] = [Number(value), Number(last30), Number(previous30)];
  return { value: v, last30: l, previous30: p, change: changePercent(l, p) };
}

// Window boundaries are São Paulo midnights, computed from the `today` the caller passes.
const windows = (today: string) => ({
  start30: sql`((${today}::date - 29)::timestamp at time zone 'America/Sao_Paulo')`,
  start60: sql`((${today}::date - 59)::timestamp at time zone 'America/Sao_Paulo')`,
});

/**
 * "Total de Clientes" now against the total 30 days earlier (the clients that existed
 * before the 30-day window, not the sign-ups), and "Clientes Ativos" now. No status history is
 * kept, so the active count has no honest comparison: the card shows its share of the total.
 */
export interface ClientStats {
  total: { value: number; before: number; change: number | null };
  active: { value: number };
}

export async function getClientStats({ today }: { today: string }): Promise<ClientStats> {
  const { start30 } = windows(today);
  const [r] = await queryRows<Record<string, number>>(
    getDb(),
    sql`select count(*)::int as total,
               count(*) filter (where created_at < ${start30})::int as total_before,
               count(*) filter (where status = 'ativo')::int as active
          from clients`,
  );
  const [total, before] = [Number(r.total), Number(r.total_before)];
  return {
    total: { value: total, before, change: changePercent(total, before) },
    active: { value: Number(r.active) },
  };
}

export async function getPlanStats({ today }: { today: string }): Promise<StatFigure> {
  const { start30, start60 } = windows(today);
  const [r] = await queryRows<Record<string, number>>(
    getDb(),
    sql`select count(*)::int as total,
               count(*) filter (where created_at >= ${start30})::int as last_30,
               count(*) filter (where created_at >= ${start60} and created_at < ${start30})::int as prev_30
          from plans`,
  );
  return figure(r.total, r.last_30, r.prev_30);
}

/**
 * The two leads widgets from one GROUP BY: "Leads novos" (leads still at stage novo; compared:
 * leads received in the last 30 days vs the 30 before) and the funnel (leads per stage, every
 * stage present, 0 when empty, in funnel order).
 */
async function getLeadFigures({ today }: { today: string }) {
  const { start30, start60 } = windows(today);
  const rows = await queryRows<{ stage: FunnelStage; n: number; last_30: number; prev_30: number }>(
    getDb(),
    sql`select status_funil as stage, count(*)::int as n,
               count(*) filter (where created_at >= ${start30})::int as last_30,
               count(*) filter (where created_at >= ${start60} and created_at < ${start30})::int as prev_30
          from leads group by status_funil`,
  );
  const byStage = new Map(rows.map((r) => [r.stage, Number(r.n)]));
  const sum = (k: "last_30" | "prev_30") => rows.reduce((n, r) => n + Number(r[k]), 0);
  return {
    stats: figure(byStage.get("novo") ?? 0, sum("last_30"), sum("prev_30")),
    funnel: FUNNEL_STAGES.map((stage) => ({ stage, count: byStage.get(stage) ?? 0 })),
  };
}

/** Leads per funnel stage, every stage present (0 when empty), in funnel order: one GROUP BY. */
export async function getLeadFunnel({ today = clockToday() }: { today?: string } = {}): Promise<
  { stage: FunnelStage; count: number }[]
> {
  return (await getLeadFigures({ today })).funnel;
}

/** A widget's data, or its empty value with the failure logged: one widget never breaks the page. */
async function widget<T>(name: string, load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (err) {
    log.error({ err }, `dashboard widget "${name}" failed`);
    return empty;
  }
}

export interface DashboardData {
  today: string;
  clients: ClientStats | null;
  /** "Hoje": null when it could not be loaded (logged). */
  todayBlock: TodayBlock | null;
  plans: StatFigure | null;
  leads: StatFigure | null;
  expiring: ExpiringSubscription[];
  funnel: { stage: FunnelStage; count: number }[];
  recentClients: Awaited<ReturnType<typeof listRecentClients>>;
  /** Leads now in `perdido`, by reason. */
  lostByReason: { reason: string; count: number }[];
  /** Open leads to contact by the end of today (São Paulo), overdue first; from "Hoje". */
  followUps: FollowUpRow[];
  /** "Recebido no mês" and "Em atraso". */
  billing: BillingFigures | null;
  /** Charges still carry the seeded demonstration PIX key: warned about until changed. */
  demoPixKey: boolean;
  /** "Dados da empresa" unset: receipts cannot be e-mailed (decision 042); null once set. */
  companyData: { heldReceipts: number } | null;
}

/** Everything the dashboard shows, each widget loaded (and failing) on its own. */
export async function getDashboard({
  today,
  at = now(),
}: {
  today: string;
  at?: Date;
}): Promise<DashboardData> {
  const billing = widget("financeiro", () => getBillingFigures({ today }), null);
  const todayBlock = widget("hoje", () => getTodayBlock({ today, at }), null);
  const leadFigures = getLeadFigures({ today });
  const companyWarning = widget("dados da empresa", () => companyDataWarning(), null);
  const [clientStats, planStats, leadStats, expiring, funnel, recentClients, lostByReason, demoPixKey] =
    await Promise.all([
      widget("clientes", () => getClientStats({ today }), null),
      widget("planos", () => getPlanStats({ today }), null),
      widget("leads", async () => (await leadFigures).stats, null),
      widget("assinaturas", () => listExpiringSubscriptions({ today }), []),
      widget("funil", async () => (await leadFigures).funnel, []),
      widget("clientes recentes", () => listRecentClients({ limit: 5 }), []),
      widget("motivos de perda", () => countLostByReason(), []),
      widget("chave pix de demonstração", () => isDemoPixKeyInUse(), false),
    ]);
  return {
    today,
    clients: clientStats,
    plans: planStats,
    leads: leadStats,
    expiring,
    funnel,
    recentClients,
    lostByReason,
    followUps: (await todayBlock)?.followUps ?? [],
    billing: await billing,
    todayBlock: await todayBlock,
    demoPixKey,
    companyData: await companyWarning,
  };
}
