import { sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { now as clockNow, today as clockToday } from "~/server/clock.server";
import { getOnboardingSettings } from "./onboarding-settings.server";

/**
 * The landing's two promises, measured: onboardings published within the due
 * and target business days, and leads contacted within 24 hours. Windows are the last 30 and 90
 * São Paulo days, today included.
 */

/**
 * When a lead was first contacted (decision 029): the earliest of its first audited move out of
 * "novo" (or conversion), an audited contact action, or its first note. `l` is the leads alias.
 */
export const FIRST_CONTACT_SQL = sql.raw(`least(
  (select min(a.at) from audit_log a
    where a.entity_type = 'lead' and a.entity_id = l.id::text
      and (a.action in ('lead.converted', 'lead.contacted')
           or (a.action = 'lead.moved' and a.changes -> 'statusFunil' ->> 0 = 'novo'))),
  (select min(n.created_at) from lead_notes n where n.lead_id = l.id))`);

export interface OnboardingPromise {
  published: number;
  /**
   * Published with checklist steps still open (decision 042): counted as published, never as
   * work done within the promise, and left out of the median (their days are not the work's).
   */
  withOpenSteps: number;
  withinDue: number;
  withinTarget: number;
  /** Shares in whole percent; null when nothing was published in the window. */
  withinDueShare: number | null;
  withinTargetShare: number | null;
  medianDays: number | null;
}

export interface LeadPromise {
  /** Leads received in the window whose first 24 hours are over. */
  leads: number;
  within24h: number;
  within24hShare: number | null;
  /** Median hours from arrival to first contact, over the leads contacted. */
  medianHours: number | null;
}

export interface PromiseWindow {
  days: 30 | 90;
  onboarding: OnboardingPromise;
  leads: LeadPromise;
}

export interface PromiseFigures {
  dueDays: number;
  targetDays: number;
  windows: PromiseWindow[];
}

const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : null);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

type Row = Record<string, unknown>;
/** The two windows, as rows (days) to group by: each query reads the 90 days once for both. */
const WINDOWS = sql.raw(`(values (30), (90)) as win(days)`);

function onboardingPromise(r: Row): OnboardingPromise {
  const published = Number(r.published);
  const withOpenSteps = Number(r.with_open_steps);
  const withinDue = Number(r.within_due);
  const withinTarget = Number(r.within_target);
  const median = num(r.median);
  return {
    published,
    withOpenSteps,
    withinDue,
    withinTarget,
    withinDueShare: share(withinDue, published),
    withinTargetShare: share(withinTarget, published),
    medianDays: median === null ? null : Math.round(median * 10) / 10,
  };
}

/** A publication with its whole checklist done (`o` is the onboardings alias). */
const COMPLETE = sql.raw(`coalesce(o.open_steps_at_publish, 0) = 0`);

async function onboardingWindows(today: string, dueDays: number, targetDays: number) {
  return queryRows<Row>(
    getDb(),
    sql`select win.days,
               count(o.id)::int as published,
               count(o.id) filter (where o.open_steps_at_publish > 0)::int as with_open_steps,
               count(o.id) filter (where ${COMPLETE} and o.business_days_taken <= ${dueDays})::int as within_due,
               count(o.id) filter (where ${COMPLETE} and o.business_days_taken <= ${targetDays})::int as within_target,
               percentile_cont(0.5) within group (order by o.business_days_taken)
                 filter (where ${COMPLETE}) as median
          from ${WINDOWS}
          left join onboardings o
            on o.status = 'publicado' and o.published_on >= ${today}::date - (win.days - 1)
           and o.published_on <= ${today}::date
         group by win.days`,
  );
}

function leadPromise(r: Row): LeadPromise {
  const leads = Number(r.leads);
  const within = Number(r.within);
  const median = num(r.median_hours);
  return {
    leads,
    within24h: within,
    within24hShare: share(within, leads),
    medianHours: median === null ? null : Math.round(Math.max(0, median) * 10) / 10,
  };
}

async function leadWindows(today: string, now: Date) {
  const start = (days: SQL) =>
    sql`((${today}::date - (${days} - 1))::timestamp at time zone 'America/Sao_Paulo')`;
  const at = now.toISOString();
  // Materialized: each lead's first contact is looked up once, not once per window.
  return queryRows<Row>(
    getDb(),
    sql`with w as materialized (
          select l.created_at, ${FIRST_CONTACT_SQL} as first_contact
            from leads l
           where l.created_at >= ${start(sql`90`)} and l.created_at <= ${at}::timestamptz
        )
        select win.days,
               count(w.created_at) filter (where w.created_at <= ${at}::timestamptz - interval '24 hours')::int as leads,
               count(w.created_at) filter (where w.created_at <= ${at}::timestamptz - interval '24 hours'
                                  and w.first_contact <= w.created_at + interval '24 hours')::int as within,
               percentile_cont(0.5) within group (
                 order by extract(epoch from (w.first_contact - w.created_at)) / 3600.0
               ) filter (where w.first_contact is not null) as median_hours
          from ${WINDOWS}
          left join w on w.created_at >= ${start(sql`win.days`)}
         group by win.days`,
  );
}

export async function getPromiseFigures({
  today = clockToday(),
  now = clockNow(),
}: { today?: string; now?: Date } = {}): Promise<PromiseFigures> {
  const { dueDays, targetDays } = await getOnboardingSettings();
  const [onboarding, leads] = await Promise.all([
    onboardingWindows(today, dueDays, targetDays),
    leadWindows(today, now),
  ]);
  const windows = ([30, 90] as const).map((days) => ({
    days,
    onboarding: onboardingPromise(onboarding.find((r) => Number(r.days) === days)!),
    leads: leadPromise(leads.find((r) => Number(r.days) === days)!),
  }));
  return { dueDays, targetDays, windows };
}
