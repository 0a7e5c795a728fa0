// Consequences subscribe to the change that causes them (modules/events): this file lists who
// follows each event, and shows that a reversal is a reversal wherever it comes from (a refund
// read back from Asaas, an admin's "Estornar pagamento"): the same referral, commission,
// suspension and revenue outcome. PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, charges, plans, referrals, subscriptions } from "~/db/schema";
import { SUBSCRIBERS } from "~/jobs.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { refundCharge } from "~/modules/billing/reversals.server";
import { receiveProviderWebhook } from "~/modules/billing/webhook.server";
import { createClient } from "~/modules/clients/clients.server";
import { transactionSubscribersOf, type DomainEventName } from "~/modules/events/events.server";
import { subscriptionMrrCents } from "~/modules/clients/subscription-history.server";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs, subscribersOf } from "~/server/jobs/queue.server";
import { configuredProvider } from "~/server/payments/index.server";
import { useTestDatabase } from "../support/db";
import { startFakeAsaas, type FakeAsaas } from "../support/fake-asaas";

const t = useTestDatabase();
let fake: FakeAsaas;
let planId = "";
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeAsaas({ apiKey: "chave-eventos" });
  Object.assign(process.env, {
    ASAAS_API_KEY: "chave-eventos",
    ASAAS_API_URL: fake.url,
    ASAAS_WEBHOOK_TOKEN: "token-eventos",
  });
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0, commissionCents: 12000 })
    .returning();
  planId = plan.id;
  setClock("2026-05-04T12:00:00-03:00");
});
afterAll(async () => {
  process.env = saved;
  resetClock();
  await fake.close();
});

describe("who follows each event", () => {
  it("lists the in-transaction subscribers and the jobs of every event that has any", () => {
    const events = [...new Set(SUBSCRIBERS.map((s) => s.event))].sort() as DomainEventName[];
    const inTransaction = Object.fromEntries(events.map((e) => [e, transactionSubscribersOf(e)]));
    expect(inTransaction).toEqual({
      "charge.paid": ["referrals.first-payment", "onboarding.first-payment", "billing.lift-suspension"],
      "charge.reversed": ["referrals.payment-reversed", "billing.suspension-after-reversal"],
      "lead.converted": ["referrals.lead-converted"],
      "lead.status_changed": ["referrals.lead-lost", "referrals.lead-resumed"],
      "onboarding.published": ["referrals.completed"],
      "subscription.started": ["billing.first-charge"],
      "subscription.plan_changed": ["billing.reprice-next-period", "billing.prorate-plan-change"],
    });
    // After the commit: the jobs (e-mails, webhooks, the payment provider).
    expect(subscribersOf("charge.paid")).toEqual(
      expect.arrayContaining(["billing.provider-follow", "webhooks.dispatch"]),
    );
    expect(subscribersOf("charge.created")).toEqual(expect.arrayContaining(["billing.send-to-provider"]));
    expect(subscribersOf("charge.divergence")).toEqual(["billing.divergence-mail"]);
  });
});

let seq = 0;
/** A client whose first charge is paid (its referral completed, its commission due). */
async function paidClient(how: "asaas" | "manual") {
  seq += 1;
  const client = await createClient({
    input: {
      name: `Eventos ${seq}`,
      email: `eventos${seq}@teste.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId,
      status: "ativo",
    },
    today: "2026-05-04",
  });
  const [referral] = await t.db
    .insert(referrals)
    .values({
      businessName: `Restaurante ${seq}`,
      contactName: "Carla",
      contactPhone: "11987654321",
      status: "concluido",
      planName: "Premium",
      commissionCents: 12000,
      clientId: client.id,
    })
    .returning();
  const [charge] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
  if (how === "asaas") {
    await drainJobs();
    const [sent] = await t.db.select().from(charges).where(eq(charges.id, charge.id));
    Object.assign(fake.payments[sent.providerId!], {
      status: "RECEIVED",
      billingType: "PIX",
      clientPaymentDate: "2026-05-04",
    });
    await deliver(`evt_pago_${seq}`, "PAYMENT_RECEIVED", sent.providerId!);
  } else {
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-05-04", method: "transferência", amountCents: charge.amountCents },
    });
    expect(paid.ok).toBe(true);
  }
  return { clientId: client.id, chargeId: charge.id, referralId: referral.id };
}

async function deliver(id: string, event: string, paymentId: string) {
  const request = new Request("http://localhost/api/webhooks/asaas", {
    method: "POST",
    headers: { "content-type": "application/json", "asaas-access-token": "token-eventos" },
    body: JSON.stringify({ id, event, payment: { id: paymentId } }),
  });
  expect((await receiveProviderWebhook(configuredProvider()!, request)).status).toBe(200);
  await drainJobs();
}

/** What a reversal changed, as the team would look for it. */
async function outcome(c: { clientId: string; chargeId: string; referralId: string }) {
  const [charge] = await t.db.select().from(charges).where(eq(charges.id, c.chargeId));
  const [referral] = await t.db.select().from(referrals).where(eq(referrals.id, c.referralId));
  const [move] = await t.db
    .select({ changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, c.referralId), eq(auditLog.action, "referral.status_changed")));
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, c.clientId));
  return {
    charge: charge.status,
    referral: referral.status,
    referralMove: move?.changes,
    subscription: sub.status,
    mrrCents: await subscriptionMrrCents(t.db, sub.id),
  };
}

describe("a reversal is a reversal, wherever it comes from", () => {
  const expected = {
    charge: "estornada",
    referral: "aguardando_pagamento",
    // The commission was due and not yet paid out: it simply stops counting.
    referralMove: {
      status: ["concluido", "aguardando_pagamento"],
      motivo: [null, "Primeira cobrança cancelada ou estornada"],
      comissaoEstornada: [null, "a_receber"],
    },
    // A refund ends nothing: the subscription and its monthly value stay.
    subscription: "ativa",
    mrrCents: 8990,
  };

  it("a refund arriving by webhook (read back from Asaas)", async () => {
    const paid = await paidClient("asaas");
    const [charge] = await t.db.select().from(charges).where(eq(charges.id, paid.chargeId));
    fake.payments[charge.providerId!].status = "REFUNDED";
    await deliver(`evt_estorno_${seq}`, "PAYMENT_REFUNDED", charge.providerId!);
    expect(await outcome(paid)).toEqual(expected);
  });

  it("an admin's 'Estornar pagamento' of a charge paid by hand", async () => {
    const paid = await paidClient("manual");
    const refunded = await refundCharge({ chargeId: paid.chargeId, actor: { id: "admin-1", name: "Ana" } });
    expect(refunded).toEqual({ ok: true, value: "estornada" });
    expect(await outcome(paid)).toEqual(expected);
  });

  it("an admin's 'Estornar pagamento' of a charge paid at Asaas asks Asaas, and follows its answer", async () => {
    const paid = await paidClient("asaas");
    const asked = await refundCharge({
      chargeId: paid.chargeId,
      actor: { id: "admin-1", name: "Ana" },
      providerName: "asaas",
    });
    expect(asked).toEqual({ ok: true, value: "solicitado" });
    await drainJobs();
    expect(fake.seen.some((s) => s.method === "POST" && s.path.endsWith("/refund"))).toBe(true);
    expect(await outcome(paid)).toEqual(expected);
  });
});
