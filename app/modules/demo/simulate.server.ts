import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { addBusinessDays, isBusinessDay } from "~/lib/business-days";
import { addDays } from "~/lib/dates";
import {
  cancelCharge,
  createOneOffCharge,
  issueRenewalCharges,
  recordPayment,
  markOverdueCharges,
  suspendOverdueSubscriptions,
} from "~/modules/billing/index.server";
import { endCancelledSubscriptions } from "~/modules/clients/index.server";
import { drainJobs, jobsWaiting } from "~/server/jobs/queue.server";
import { runClockFrom } from "~/server/clock.server";
import { publishOnboarding, setOnboardingItem } from "~/modules/onboarding/index.server";
import type { PaymentMethod } from "~/modules/billing/billing.constants";

/** One day of the demo's past: its decisions, each at its own minute of the day. */
export type Step = () => Promise<unknown>;

const METHODS: PaymentMethod[] = ["pix", "pix", "pix", "transferência", "pix", "cartão", "pix", "dinheiro"];

/**
 * Each client's way of paying, by client id: days after the due date (negative: early; a charge
 * is never paid before it is issued), only charges due up to `lastDue`, or never.
 */
export type Payers = Map<string, { delay: number; lastDue?: string } | "never">;

export interface Timeline {
  first: string;
  today: string;
  steps: Map<string, Step[]>;
  payers: Payers;
  /** Clients whose onboarding is still being worked on today (never published by the demo). */
  held: Set<string>;
}

/** The clock from a minute of a São Paulo day (10:00 plus `minute`): every write is dated by it. */
function at(day: string, minute: number) {
  runClockFrom(new Date(Date.parse(`${day}T13:00:00Z`) + minute * 60_000));
}

/**
 * Moves the clock through every day from `first` to `today`, as the business lived them: the
 * day's decisions, the payments due, then the nightly jobs (renewal charges, overdue, suspension)
 * and what the published events cause (drainJobs). The caller resets the clock.
 */
export async function runTimeline(t: Timeline): Promise<void> {
  for (let day = t.first; day <= t.today; day = addDays(day, 1)) {
    let minute = 0;
    for (const step of t.steps.get(day) ?? []) {
      at(day, minute++);
      await step();
    }
    at(day, 120);
    await payDueCharges(day, t.payers);
    await workOnboardings(day, t);
    at(day, 600);
    await issueRenewalCharges({ today: day });
    await markOverdueCharges({ today: day });
    await endCancelledSubscriptions({ today: day });
    await suspendOverdueSubscriptions({ today: day });
    await drainWaiting();
  }
}

/**
 * What the day's events cause (referral moves, e-mails): the queues that have jobs waiting, until
 * none has (a job may queue others). One count per round instead of a fetch from every queue.
 */
async function drainWaiting() {
  for (let round = 0; round < 20; round++) {
    const queues = (await jobsWaiting()).filter((q) => q.waiting > 0).map((q) => q.queue);
    if (!queues.length) return;
    await drainJobs({ only: queues, maxRounds: 1 });
  }
}

async function payDueCharges(day: string, payers: Payers) {
  // A charge exists from the day it was issued: paying it "early" is paying it that day.
  const open = await queryRows<{ id: string; client_id: string; due_date: string; owed: number }>(
    getDb(),
    sql`select id, client_id, due_date::text as due_date,
               amount_cents - coalesce(paid_amount_cents, 0) as owed
          from charges where status in ('pendente', 'vencida') order by due_date, number`,
  );
  for (const [i, c] of open.entries()) {
    const payer = payers.get(c.client_id);
    if (!payer || payer === "never") continue;
    if (payer.lastDue && c.due_date > payer.lastDue) continue;
    const payDay = addDays(c.due_date, payer.delay);
    if (day < payDay) continue;
    await recordPayment({
      chargeId: c.id,
      input: { paidOn: day, method: METHODS[i % METHODS.length], amountCents: Number(c.owed) },
      today: day,
    });
  }
}

/**
 * The team's onboarding work: one checklist item each business day after it opened, published
 * after three to five business days, except the clients still in onboarding today.
 */
async function workOnboardings(day: string, t: Timeline) {
  if (!isBusinessDay(day)) return;
  const open = await queryRows<{ id: string; client_id: string; opened_on: string }>(
    getDb(),
    sql`select id, client_id, opened_on::text as opened_on from onboardings
         where status <> 'publicado' and opened_on < ${day}::date order by opened_on, id`,
  );
  for (const [i, o] of open.entries()) {
    const [item] = await queryRows<{ id: string }>(
      getDb(),
      sql`select id from onboarding_items where onboarding_id = ${o.id} and done_at is null
           order by position limit 1`,
    );
    if (item) await setOnboardingItem({ onboardingId: o.id, itemId: item.id, done: true, actor: null });
    const publishOn = addBusinessDays(o.opened_on, 3 + (i % 3));
    if (!t.held.has(o.client_id) && day >= publishOn)
      // The demo team publishes on its schedule, open checklist steps or not (they are counted).
      await publishOnboarding({
        onboardingId: o.id,
        input: { menuUrl: `https://cardapio.exemplo.com.br/${o.id.slice(0, 8)}`, confirmOpenSteps: "1" },
        actor: null,
      });
  }
}

export { cancelCharge, createOneOffCharge };
