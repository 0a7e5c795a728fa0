// The money-integrity property: whatever happens, in whatever order, the ledger tells the truth.
// Each run is one client (a first charge with the activation fee, a renewal charge) and a random
// sequence of what the world does to it: Asaas's payment paid (exactly, less, more), refunded,
// charged back, won back, deleted or overdue; its webhooks delivered in any order and repeated;
// an admin's payment, cancellation or new amount; renewal runs (two at once); Asaas down and back;
// jobs run by one worker or two at once; the daily reconciliation. After each run, with Asaas back
// and the jobs and reconciliation done, the invariants below must hold. Seeded: a failure prints
// its seed (MONEY_SEED=<seed> repeats it). On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
// The runs are split over MONEY_PARTS test files (money-integrity-N.test.ts), each with a database
// and a seed of its own, so the two Vitest workers share them instead of one waiting for the other.
// One property in one file: its steps, the world they act on and the invariants are read together
// (a new step needs its invariant beside it), and only the money-integrity-N tests import it.
import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  chargeLines,
  charges,
  paymentDivergences,
  plans,
  providerEvents,
  referrals,
  subscriptions,
} from "~/db/schema";
import { addMonths } from "~/lib/dates";
import { createClient } from "~/modules/clients/clients.server";
import { setClock, resetClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { asaasProvider } from "~/server/payments/asaas.server";
import { useTestDatabase, onPostgres } from "../../../tests/support/db";
import { startFakeAsaas, type FakeAsaas, type FakePayment } from "../../../tests/support/fake-asaas";
import { issueRenewalCharges } from "./billing.server";
import { changeChargeAmount } from "./charge-amount.server";
import { recordPayment } from "./payments.server";
import { reconcileProviderCharges } from "./provider-reconcile.server";
import { cancelCharge } from "./reversals.server";
import { applyProviderEvent, receiveProviderWebhook } from "./webhook.server";

/** Sequences per database in all, over this many files. */
const RUNS = Number(process.env.MONEY_RUNS ?? 300);
export const MONEY_PARTS = 2;
/** The queues money moves through; the e-mails it causes are other tests' business. */
const MONEY_JOBS = [
  "events",
  "billing.send-to-provider",
  "billing.provider-follow",
  "billing.apply-provider-event",
];
const runJobs = (maxRounds = 50) => drainJobs({ only: MONEY_JOBS, maxRounds });
// Set by moneyIntegrity() in each test file: this module is shared by the parts, and with
// isolate: false a worker imports it once, so hooks registered at its top level would belong to
// the first part's file only (the second part in the same worker then had no database).
let t: ReturnType<typeof useTestDatabase>;
let fake: FakeAsaas;
let planId = "";
let run = 0;
const asaas = () => asaasProvider({ apiKey: "chave-prop", apiUrl: fake.url, webhookToken: "token-prop" });

/** This file's database, fake Asaas and plan, registered by the file that runs a part. */
function useMoneyWorld() {
  t = useTestDatabase();
  const saved = { ...process.env };
  beforeAll(async () => {
    fake = await startFakeAsaas({ apiKey: "chave-prop" });
    Object.assign(process.env, {
      ASAAS_API_KEY: "chave-prop",
      ASAAS_API_URL: fake.url,
      ASAAS_WEBHOOK_TOKEN: "token-prop",
    });
    const [plan] = await t.db
      .insert(plans)
      .values({ name: "Premium", priceCents: 8990, setupFeeCents: 14900 })
      .returning();
    planId = plan.id;
  });
  afterAll(async () => {
    process.env = saved;
    resetClock();
    await fake.close();
  });
}

/** What happens, to which of the client's two charges (0: the first, 1: the renewal). */
type Step =
  | { kind: "asaasPays"; which: 0 | 1; by: "exact" | "less" | "more" }
  | {
      kind: "asaasRefunds" | "asaasChargeback" | "asaasWinsBack" | "asaasDeletes" | "asaasOverdue";
      which: 0 | 1;
    }
  | { kind: "webhook"; which: 0 | 1; type: string; eventNo: number }
  | { kind: "adminPays" | "adminCancels" | "adminLowers"; which: 0 | 1 }
  | { kind: "renewals" | "outage" | "back" | "jobs" | "twoWorkers" | "reconcile" };

const which = fc.constantFrom<0 | 1>(0, 1);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("asaasPays" as const),
      which,
      by: fc.constantFrom("exact" as const, "exact" as const, "less" as const, "more" as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "asaasRefunds" as const,
        "asaasChargeback" as const,
        "asaasWinsBack" as const,
        "asaasDeletes" as const,
        "asaasOverdue" as const,
      ),
      which,
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("webhook" as const),
      which,
      type: fc.constantFrom(
        "PAYMENT_RECEIVED",
        "PAYMENT_CONFIRMED",
        "PAYMENT_REFUNDED",
        "PAYMENT_CHARGEBACK_REQUESTED",
        "PAYMENT_DELETED",
        "PAYMENT_OVERDUE",
        "PAYMENT_UPDATED",
      ),
      // A small pool of ids: the same event is delivered again now and then.
      eventNo: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom("adminPays" as const, "adminCancels" as const, "adminLowers" as const),
      which,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        "renewals" as const,
        "outage" as const,
        "back" as const,
        "jobs" as const,
        "jobs" as const,
        "twoWorkers" as const,
        "reconcile" as const,
      ),
    }),
  },
);

interface World {
  clientId: string;
  subscriptionId: string;
  start: string;
  /** The client's charges by position (the renewal appears once a renewal run issued it). */
  chargeIds: [string | null, string | null];
  /** Money an admin recorded by hand, per charge. */
  manual: Map<string, number>;
}

const reais = (cents: number) => Math.round(cents) / 100;
const centsOf = (p: FakePayment) => Math.round(Number(p.value) * 100);

async function chargeRow(id: string) {
  const [c] = await t.db.select().from(charges).where(eq(charges.id, id));
  return c;
}
function paymentOf(providerId: string | null) {
  return providerId ? fake.payments[providerId] : undefined;
}

async function newWorld(): Promise<World> {
  run += 1;
  // Each run on its own days, so renewal runs find only this client's subscription due.
  const start = addMonths("2030-01-01", run * 2);
  setClock(`${start}T12:00:00-03:00`);
  const client = await createClient({
    input: {
      name: `Propriedade ${run}`,
      email: `prop${run}@teste.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${run}`,
      planId,
      status: "ativo",
    },
    today: start,
  });
  await t.db.insert(referrals).values({
    businessName: `Restaurante ${run}`,
    contactName: "Carla",
    contactPhone: "11987654321",
    status: "aguardando_pagamento",
    clientId: client.id,
  });
  await runJobs();
  const [first] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, client.id));
  return {
    clientId: client.id,
    subscriptionId: sub.id,
    start,
    chargeIds: [first.id, null],
    manual: new Map(),
  };
}

async function apply(w: World, s: Step) {
  const id = "which" in s ? w.chargeIds[s.which] : null;
  const charge = id ? await chargeRow(id) : null;
  const p = paymentOf(charge?.providerId ?? null);
  switch (s.kind) {
    case "asaasPays": {
      if (!charge || !p || p.deleted || (p.status !== "PENDING" && p.status !== "OVERDUE")) return;
      const asked = centsOf(p);
      const value = s.by === "exact" ? asked : s.by === "less" ? Math.max(100, asked - 1000) : asked + 500;
      Object.assign(p, {
        status: "RECEIVED",
        value: reais(value),
        billingType: "PIX",
        clientPaymentDate: await todayOf(),
      });
      return;
    }
    case "asaasRefunds":
      if (p && (p.status === "RECEIVED" || p.status === "CONFIRMED")) p.status = "REFUNDED";
      return;
    case "asaasChargeback":
      if (p && p.status === "RECEIVED") p.status = "CHARGEBACK_REQUESTED";
      return;
    case "asaasWinsBack":
      if (p && p.status === "CHARGEBACK_REQUESTED") p.status = "RECEIVED";
      return;
    case "asaasDeletes":
      if (p && !p.deleted && (p.status === "PENDING" || p.status === "OVERDUE")) p.deleted = true;
      return;
    case "asaasOverdue":
      if (p && p.status === "PENDING") p.status = "OVERDUE";
      return;
    case "webhook": {
      if (!p) return;
      const body = {
        id: `evt_${run}_${s.which}_${s.type}_${s.eventNo}`,
        event: s.type,
        payment: { id: p.id, value: 1, externalReference: charge!.id },
      };
      const request = new Request("http://localhost/api/webhooks/asaas", {
        method: "POST",
        headers: { "content-type": "application/json", "asaas-access-token": "token-prop" },
        body: JSON.stringify(body),
      });
      await receiveProviderWebhook(asaas(), request);
      return;
    }
    case "adminPays": {
      // An admin's remainder of a part paid at Asaas is an example test (webhook.test.ts): the
      // property keeps to whole payments, whose money has one source each.
      if (!charge || charge.paidAmountCents) return;
      const r = await recordPayment({
        chargeId: charge.id,
        input: { paidOn: await todayOf(), method: "pix", amountCents: charge.amountCents },
        actor: { id: "admin-prop", name: "Admin" },
      });
      if (r.ok) w.manual.set(charge.id, (w.manual.get(charge.id) ?? 0) + charge.amountCents);
      return;
    }
    case "adminCancels":
      if (charge) await cancelCharge({ chargeId: charge.id, reason: "Teste de propriedade" });
      return;
    case "adminLowers":
      if (charge) await changeChargeAmount({ chargeId: charge.id, amountCents: charge.amountCents - 1000 });
      return;
    case "renewals": {
      setClock(`${addMonths(w.start, 1).slice(0, 8)}01T12:00:00-03:00`);
      const due = { today: await todayOf(), daysBefore: 15 };
      // Two runs at once (two instances of the daily job): one charge for the period.
      await Promise.all([issueRenewalCharges(due), issueRenewalCharges(due)]);
      const [renewal] = await t.db
        .select({ id: charges.id })
        .from(charges)
        .where(and(eq(charges.clientId, w.clientId), eq(charges.extendsSubscription, true)));
      w.chargeIds[1] = renewal?.id ?? null;
      return;
    }
    case "outage":
      fake.down = true;
      return;
    case "back":
      fake.down = false;
      return;
    case "jobs":
      await runJobs(5);
      return;
    case "twoWorkers": {
      // Two workers applying the stored events at once (really concurrent on PostgreSQL).
      const pending = await t.db
        .select({ id: providerEvents.id })
        .from(providerEvents)
        .where(
          sql`${providerEvents.processedAt} is null and ${providerEvents.eventId} like ${`evt_${run}_%`}`,
        );
      const half = Math.ceil(pending.length / 2);
      const work = (ids: { id: string }[]) =>
        Promise.all(ids.map((e) => applyProviderEvent(asaas(), e.id).catch(() => null)));
      await Promise.all([work(pending.slice(0, half)), work(pending.slice(half).reverse())]);
      return;
    }
    case "reconcile":
      await reconcileProviderCharges(asaas()).catch(() => null);
      return;
  }
}

async function todayOf() {
  const { today } = await import("~/server/clock.server");
  return today();
}

/** With Asaas back: the jobs, the webhooks that were waiting, and the daily reconciliation. */
async function settle() {
  fake.down = false;
  // Events whose job gave up while Asaas was down are still stored: the reconciliation covers them.
  await runJobs();
  await reconcileProviderCharges(asaas());
  await runJobs();
}

const RECEIVED = new Set(["RECEIVED", "CONFIRMED"]);

async function invariants(w: World) {
  const mine = await t.db.select().from(charges).where(eq(charges.clientId, w.clientId));
  const ids = mine.map((c) => c.id);
  const divergences = ids.length
    ? await t.db.select().from(paymentDivergences).where(inArray(paymentDivergences.chargeId, ids))
    : [];
  const audits = ids.length
    ? await t.db
        .select({ entityId: auditLog.entityId, action: auditLog.action })
        .from(auditLog)
        .where(inArray(auditLog.entityId, ids))
    : [];
  for (const c of mine) {
    const p = paymentOf(c.providerId);
    const count = (action: string) => audits.filter((a) => a.entityId === c.id && a.action === action).length;
    // No charge paid twice: every payment recorded is matched by a reversal, but for the one that stands.
    const standing = count("charge.paid") - count("charge.refunded") - count("charge.charged_back");
    expect(standing, `cobrança ${c.number}: pagamentos em vigor`).toBe(c.status === "paga" ? 1 : 0);
    // No paid charge without its payment.
    if (c.status === "paga") {
      expect(c.paidOn).not.toBeNull();
      expect(c.paidAmountCents!).toBeGreaterThanOrEqual(c.amountCents);
    }
    // The money is all accounted for: what Asaas holds for the charge's own payment (an in-cash
    // mark there only mirrors ours) plus what an admin recorded equals what the charge holds plus
    // what is set aside as a divergence (paid twice, paid for a cancelled charge) and not yet
    // given back.
    const atAsaas = p && !p.deleted && RECEIVED.has(p.status) ? centsOf(p) : 0;
    const received = atAsaas + (w.manual.get(c.id) ?? 0);
    const setAside = divergences
      .filter((d) => d.chargeId === c.id && (d.kind === "duplicidade" || d.kind === "cobranca_cancelada"))
      .filter((d) => d.resolution !== "devolvido")
      .reduce((n, d) => n + d.receivedCents, 0);
    expect((c.paidAmountCents ?? 0) + setAside, `cobrança ${c.number}: dinheiro`).toBe(received);
    // Both ledgers agree once Asaas is reachable: a payment open there is this charge open here at
    // the same amount; a charge paid by hand is marked received there (or cancelled there when
    // Asaas refused); a cancelled one is not payable there any more.
    const openThere = p && !p.deleted && (p.status === "PENDING" || p.status === "OVERDUE");
    if (openThere) {
      expect(["pendente", "vencida"], `cobrança ${c.number}: aberta no Asaas`).toContain(c.status);
      expect(centsOf(p!), `cobrança ${c.number}: valor no Asaas`).toBe(c.amountCents);
    }
    if (c.status === "paga" && c.paymentSource === "manual" && p)
      expect(p.status === "PENDING" || p.status === "OVERDUE", `cobrança ${c.number}: baixa no Asaas`).toBe(
        p.deleted === true,
      );
  }
  // The activation fee once per client.
  const fees = await t.db
    .select({ id: chargeLines.id })
    .from(chargeLines)
    .innerJoin(charges, eq(charges.id, chargeLines.chargeId))
    .where(and(eq(charges.clientId, w.clientId), eq(chargeLines.kind, "ativação")));
  expect(fees).toHaveLength(1);
  // One renewal charge per period, whatever ran twice.
  expect(mine.filter((c) => c.extendsSubscription)).toHaveLength(w.chargeIds[1] ? 1 : 0);
  // A paid renewal extended the subscription once; a refund does not shorten what was served.
  const extended = mine.filter((c) => c.extendsSubscription && c.extendedAt).length;
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, w.subscriptionId));
  expect(sub.endDate).toBe(addMonths(w.start, 1 + extended));
  // Every reversal reversed its consequences: the referral is in production exactly while the
  // client has a paid charge.
  const paidNow = mine.some((c) => c.status === "paga");
  const [ref] = await t.db.select().from(referrals).where(eq(referrals.clientId, w.clientId));
  expect(ref.status, "indicação").toBe(paidNow ? "producao" : "aguardando_pagamento");
}

/** Registers this file's share of the runs: part `part` of MONEY_PARTS. */
export function moneyIntegrity(part: number) {
  useMoneyWorld();
  const runs = Math.ceil(RUNS / MONEY_PARTS);
  const engine = onPostgres ? "PostgreSQL" : "PGlite";
  describe(`money integrity, part ${part} of ${MONEY_PARTS}`, () => {
    it(`holds over ${runs} random sequences (${engine})`, async () => {
      const seed = Number(process.env.MONEY_SEED ?? Math.floor(Math.random() * 2 ** 31));
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 12 }), async (steps) => {
          const w = await newWorld();
          for (const s of steps) await apply(w, s);
          await settle();
          await invariants(w);
        }),
        {
          numRuns: runs,
          seed,
          endOnFailure: true,
          reporter: (out) => {
            if (out.failed)
              throw new Error(
                `MONEY_SEED=${seed} falhou: ${String(out.errorInstance)}\n${fc.defaultReportMessage(out)}`,
              );
          },
        },
      );
    }, 900_000);
  });
}
