// One truth, proved at scale: on a randomised business (seeded; CONSISTENCY_SEED overrides the seed)
// of 50 clients over 18 months, made only by the product's own functions while a running clock
// moves day by day (the demo's runTimeline: payments by each client's habit, renewals, overdue,
// suspension, period-end cancellations), the consistency check finds no difference; the business
// really has what it claims; and one corrupted history row is reported with its subscription.
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { plans } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { refundCharge } from "~/modules/billing/reversals.server";
import { createClient } from "~/modules/clients/clients.server";
import { cancelSubscription, changeSubscriptionPlan } from "~/modules/clients/subscription-changes.server";
import { addSubscription } from "~/modules/clients/subscriptions.server";
import { cancelCharge, runTimeline, type Payers, type Step } from "~/modules/demo/simulate.server";
import { ContactSchema } from "~/modules/leads/contact.schema";
import { createLead } from "~/modules/leads/contact.server";
import { convertLead } from "~/modules/leads/conversion.server";
import { moveLead } from "~/modules/leads/move-lead.server";
import { revenueMonths } from "~/modules/revenue/revenue.server";
import { resetClock, setClock } from "~/server/clock.server";
import { whileBuildingDemo } from "~/server/mail/mail.server";
import { useTestDatabase } from "../../../tests/support/db";
import { checkConsistency } from "./consistency.server";

const t = useTestDatabase();
const SEED = Number(process.env.CONSISTENCY_SEED ?? 44_2026);
const TODAY = "2026-12-07";
/** 18 months back: the first client signs up on this day or later (a lead arrives days before). */
const FIRST = addDays(TODAY, -545);
const CLIENTS = 50;
afterEach(() => resetClock());

/** mulberry32: a small seeded PRNG, so a failing business can be made again from its seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

const rows = <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t.db, q);
const subscriptionOf = async (clientId: string) =>
  (
    await rows<{ id: string; plan_id: string }>(
      sql`select id, plan_id from subscriptions where client_id = ${clientId}`,
    )
  )[0];

/** What the business did that the check must hold through (counted as it happens). */
const done = {
  changes: { agora: 0, renovacao: 0 },
  cancels: { agora: 0, fim_do_periodo: 0 },
  refunds: 0,
  conversions: 0,
};

/**
 * The people of the business and their dated decisions. Roles by index make sure every kind of
 * client is there whatever the seed (late payers, never-payers, payers who stop, refunds); the
 * days, plans, renewal types, changes and cancellations are drawn from the seed.
 */
function story(planIds: Record<string, string>) {
  const rnd = prng(SEED);
  const names = Object.keys(planIds);
  const steps = new Map<string, Step[]>();
  const on = (day: string, step: Step) => {
    if (day <= TODAY) steps.set(day, [...(steps.get(day) ?? []), step]);
  };
  const payers: Payers = new Map();
  const clientOf = new Map<number, string>();

  for (let i = 0; i < CLIENTS; i++) {
    const joined = addDays(FIRST, rnd.int(0, 500));
    const startPlan = rnd.pick(names);
    const lateDelay = rnd.int(18, 28);
    const way = i % 3 === 0 ? "mensal" : i % 3 === 1 ? "longer" : "lead";
    const renewal = rnd.pick(["trimestral", "semestral", "anual"] as const);
    const person = {
      name: `Cliente Aleatório ${i}`,
      email: `cliente${i}@aleatorio.dev`,
      phone: `(11) 9${String(8000_0000 + i).slice(0, 4)}-${String(1000 + i)}`,
      businessName: `Negócio ${i}`,
    };
    // Late payers pay after the suspension days (15): suspended, then back when they pay.
    const payer: Payers extends Map<string, infer P> ? P : never =
      i % 8 === 1
        ? { delay: lateDelay }
        : i % 16 === 2
          ? "never"
          : i % 10 === 7
            ? { delay: 0, lastDue: addDays(joined, rnd.int(40, 200)) }
            : { delay: rnd.int(-2, 3) };
    const signedUp = (clientId: string) => {
      clientOf.set(i, clientId);
      payers.set(clientId, payer);
    };
    if (way === "lead") {
      let leadId = "";
      const contactDay = addDays(joined, -rnd.int(2, 10));
      on(contactDay, async () => {
        const input = ContactSchema.parse({ ...person, business: person.businessName, plan: startPlan });
        leadId = (await createLead({ input, plan: startPlan, isRepresentative: false, attribution: null }))
          .id;
        for (const [from, to] of [
          ["novo", "contatado"],
          ["contatado", "qualificado"],
          ["qualificado", "negociando"],
        ] as const)
          expect(await moveLead({ id: leadId, from, to })).toMatchObject({ ok: true });
      });
      on(joined, async () => {
        const res = await convertLead({ id: leadId, planId: planIds[startPlan], actor: null });
        if (!res.ok) throw new Error(`conversão ${i}: ${res.message}`);
        done.conversions++;
        signedUp(res.clientId);
      });
    } else
      on(joined, async () => {
        const mensal = way === "mensal";
        const input = { ...person, planId: mensal ? planIds[startPlan] : null, status: "ativo" as const };
        const client = await createClient({ input, today: joined });
        if (!mensal)
          await addSubscription({
            clientId: client.id,
            input: { planId: planIds[startPlan], startDate: joined, renewalType: renewal },
          });
        signedUp(client.id);
      });

    // Up to two plan changes, each now or at the renewal (refused, as in use, when not allowed:
    // a suspended subscription, a renewal already charged).
    let day = joined;
    for (let k = 0; k < 2 && rnd.next() < 0.5; k++) {
      day = addDays(day, rnd.int(15, 200));
      const when = rnd.pick(["agora", "renovacao"] as const);
      const pickFrom = rnd.next();
      on(day, async () => {
        const clientId = clientOf.get(i)!;
        const sub = await subscriptionOf(clientId);
        const others = names.filter((n) => planIds[n] !== sub.plan_id);
        const planId = planIds[others[Math.floor(pickFrom * others.length)]];
        const res = await changeSubscriptionPlan({ clientId, subscriptionId: sub.id, planId, when });
        if (res.ok) done.changes[when]++;
      });
    }
    // Some give back a paid charge's money.
    if (i % 9 === 4)
      on(addDays(joined, rnd.int(20, 120)), async () => {
        const [paid] = await rows<{ id: string }>(
          sql`select id from charges where client_id = ${clientOf.get(i)!} and status = 'paga'
               order by paid_on desc, number desc limit 1`,
        );
        if (paid && (await refundCharge({ chargeId: paid.id })).ok) done.refunds++;
      });
    // About a third leave (those who stopped paying always do), writing off what they still owe.
    const stopped = typeof payer === "object" && payer.lastDue;
    if (stopped || rnd.next() < 0.3) {
      const when = stopped ? "agora" : rnd.pick(["agora", "fim_do_periodo"] as const);
      const leave = stopped ? addDays(payer.lastDue!, rnd.int(35, 80)) : addDays(joined, rnd.int(40, 480));
      on(leave, async () => {
        const clientId = clientOf.get(i)!;
        const sub = await subscriptionOf(clientId);
        const res = await cancelSubscription({ clientId, subscriptionId: sub.id, when });
        if (!res.ok) return;
        done.cancels[when]++;
        const open = await rows<{ id: string }>(
          sql`select id from charges where client_id = ${clientId} and status in ('pendente', 'vencida')`,
        );
        for (const c of open) await cancelCharge({ chargeId: c.id, reason: "Contrato encerrado." });
      });
    }
  }
  return { steps, payers, clientOf };
}

describe(`a randomised business of ${CLIENTS} clients over 18 months (seed ${SEED})`, () => {
  let clientOf: Map<number, string>;
  beforeAll(async () => {
    const made = await t.db
      .insert(plans)
      .values([
        { name: "Básico", priceCents: 4990, setupFeeCents: 19_900 },
        { name: "Premium", priceCents: 8990, setupFeeCents: 29_900 },
        { name: "Black", priceCents: 14_990 },
      ])
      .returning();
    const s = story(Object.fromEntries(made.map((p) => [p.name, p.id])));
    clientOf = s.clientOf;
    try {
      await whileBuildingDemo(() =>
        runTimeline({
          first: [...s.steps.keys()].sort()[0],
          today: TODAY,
          steps: s.steps,
          payers: s.payers,
          held: new Set(),
        }),
      );
    } finally {
      resetClock();
    }
  }, 600_000);

  const check = () => {
    setClock(`${TODAY}T15:00:00Z`);
    return checkConsistency({ today: TODAY });
  };

  it("shows no difference between the pages and the base tables", async () => {
    const found = await check();
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });

  it("really has what it claims: conversions, changes both ways and timings, churn, return, refunds", async () => {
    expect(clientOf.size).toBe(CLIENTS);
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from clients`);
    expect(n).toBeGreaterThanOrEqual(50);
    expect(done.conversions).toBeGreaterThan(0);
    expect(done.changes.agora).toBeGreaterThan(0);
    expect(done.changes.renovacao).toBeGreaterThan(0);
    expect(done.cancels.agora).toBeGreaterThan(0);
    expect(done.cancels.fim_do_periodo).toBeGreaterThan(0);
    expect(done.refunds).toBeGreaterThan(0);

    const months = await revenueMonths({ today: TODAY, months: 19 });
    const total = (m: "novo" | "expansao" | "contracao" | "churn" | "reativacao") =>
      months.reduce((sum, month) => sum + month.movements[m].clients, 0);
    for (const m of ["novo", "expansao", "contracao", "churn", "reativacao"] as const)
      expect(total(m), m).toBeGreaterThan(0);

    const [facts] = await rows<{
      converted: number;
      refunded: number;
      returned: number;
      overdue_paid: number;
    }>(sql`
      select (select count(*)::int from leads where status_funil = 'convertido') as converted,
             (select count(*)::int from charges where status = 'estornada') as refunded,
             (select count(*)::int from audit_log a where a.action = 'subscription.reactivated'
                 and exists (select 1 from audit_log b where b.action = 'subscription.suspended'
                              and b.entity_id = a.entity_id and b.at < a.at)) as returned,
             (select count(*)::int from charges where status = 'paga' and paid_on > due_date) as overdue_paid`);
    expect(facts.converted).toBe(done.conversions);
    expect(facts.refunded).toBe(done.refunds);
    expect(facts.returned).toBeGreaterThan(0);
    expect(facts.overdue_paid).toBeGreaterThan(0);
  });

  it("reports one corrupted history row with its subscription and client", async () => {
    const [hit] = await rows<{ id: string; subscription_id: string; client_id: string }>(sql`
      update subscription_events set mrr_after_cents = mrr_after_cents + 1000
       where id = (select id from subscription_events where kind = 'inicio' and subscription_id is not null
                    order by effective_on, id limit 1)
      returning id, subscription_id, client_id`);
    try {
      const found = await check();
      const named = found.filter((d) => d.check === "receita.assinatura");
      expect(named.map((d) => d.ids)).toEqual([[hit.subscription_id, hit.client_id]]);
    } finally {
      await t.db.execute(
        sql`update subscription_events set mrr_after_cents = mrr_after_cents - 1000 where id = ${hit.id}`,
      );
    }
    expect(await check()).toEqual([]);
  });
});
