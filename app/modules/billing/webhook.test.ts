import { and, eq, sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, charges, plans, providerEvents, subscriptions } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { configuredProvider } from "~/server/payments/index.server";
import { useTestDatabase } from "../../../tests/support/db";
import { issueRenewalCharges, recordPayment } from "./billing.server";
import { reconcileProviderCharges, receiveProviderWebhook } from "./webhook.server";
import { sendChargeToProvider } from "./provider-sync.server";
import { asaasProvider } from "~/server/payments/asaas.server";
import { startFakeAsaas } from "../../../tests/support/fake-asaas";

const t = useTestDatabase();
let premium: string;
let seq = 0;
const saved = { ...process.env };

beforeAll(async () => {
  process.env.ASAAS_API_KEY = "chave";
  process.env.ASAAS_API_URL = "http://127.0.0.1:9";
  process.env.ASAAS_WEBHOOK_TOKEN = "token-do-webhook";
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  premium = plan.id;
});
afterAll(() => {
  for (const k of ["ASAAS_API_KEY", "ASAAS_API_URL", "ASAAS_WEBHOOK_TOKEN"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});
afterEach(() => resetClock());

/** A client paid up to 2026-04-09 with its renewal charge (period from 2026-04-10) open. */
async function renewalCharge() {
  seq += 1;
  const client = await createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `asaas${seq}@teste.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId: premium,
      status: "ativo",
    },
    today: "2026-03-10",
  });
  await issueRenewalCharges({ today: "2026-04-01", daysBefore: 10 });
  const [charge] = await t.db
    .select()
    .from(charges)
    .where(and(eq(charges.clientId, client.id), eq(charges.extendsSubscription, true)));
  return charge;
}

function post(body: unknown, token: string | null = "token-do-webhook") {
  return new Request("http://localhost/api/webhooks/asaas", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token === null ? {} : { "asaas-access-token": token }),
    },
    body: JSON.stringify(body),
  });
}

const event = (id: string, type: string, chargeId: string, extra: Record<string, unknown> = {}) => ({
  id,
  event: type,
  payment: {
    id: `pay_${chargeId.slice(0, 8)}`,
    externalReference: chargeId,
    value: 89.9,
    billingType: "PIX",
    clientPaymentDate: "2026-04-05",
    ...extra,
  },
});

async function deliver(body: unknown, token?: string | null) {
  const answer = await receiveProviderWebhook(configuredProvider()!, post(body, token));
  return answer.status;
}

async function endDateOf(subscriptionId: string | null) {
  const [s] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId!));
  return s.endDate;
}

async function chargeNow(id: string) {
  const [c] = await t.db.select().from(charges).where(eq(charges.id, id));
  return c;
}

/** Outgoing events published for a charge (the events queue's jobs), by name. */
const chargeEvents = async (chargeId: string) =>
  (
    await queryRows<{ name: string }>(
      t.db,
      sql`select data->>'event' as name from pgboss.job
           where name = 'events' and data->'payload'->>'chargeId' = ${chargeId} order by created_on`,
    )
  ).map((r) => r.name);
const providerAudits = async (chargeId: string) =>
  (
    await t.db
      .select({ action: auditLog.action, actor: auditLog.actorName })
      .from(auditLog)
      .where(eq(auditLog.entityId, chargeId))
  ).filter((a) => a.actor === "Asaas");

describe("issuing with Asaas configured", () => {
  it("a new charge is sent to Asaas by a job, not in the request; Asaas down is written on the charge", async () => {
    const charge = await renewalCharge();
    expect(charge.providerError).toBeNull();
    await drainJobs();
    const after = await chargeNow(charge.id);
    expect(after.providerError).toContain("Asaas indisponível");
    expect(after.providerNextAttemptAt).not.toBeNull();
  });
});

describe("POST /api/webhooks/asaas", () => {
  it("a wrong or missing token is 401 and nothing is stored", async () => {
    const charge = await renewalCharge();
    const before = await t.db.select().from(providerEvents);
    expect(await deliver(event("evt_bad", "PAYMENT_RECEIVED", charge.id), "outro")).toBe(401);
    expect(await deliver(event("evt_bad", "PAYMENT_RECEIVED", charge.id), null)).toBe(401);
    await drainJobs();
    expect(await t.db.select().from(providerEvents)).toHaveLength(before.length);
    expect((await chargeNow(charge.id)).status).toBe("pendente");
  });

  it("the same RECEIVED twice, before any CREATED: one payment and one extension", async () => {
    setClock("2026-04-06T12:00:00-03:00");
    const charge = await renewalCharge();
    const endBefore = await endDateOf(charge.subscriptionId);
    const body = event("evt_rcv_1", "PAYMENT_RECEIVED", charge.id);
    expect(await deliver(body)).toBe(200);
    expect(await deliver(body)).toBe(200);
    await drainJobs();
    const paid = await chargeNow(charge.id);
    expect(paid).toMatchObject({
      status: "paga",
      paidOn: "2026-04-05",
      paymentMethod: "pix",
      amountPaidCents: 8990,
    });
    expect(paid.providerId).toBe(`pay_${charge.id.slice(0, 8)}`);
    expect(endBefore).not.toBe("2026-05-10");
    expect(await endDateOf(charge.subscriptionId)).toBe("2026-05-10");
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "charge.paid"), eq(auditLog.entityId, charge.id)));
    expect(audits).toHaveLength(1);
    const stored = await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, "evt_rcv_1"));
    expect(stored).toHaveLength(1);
    expect(stored[0].outcome).toBe("paga");
    // A CONFIRMED arriving after the RECEIVED changes nothing.
    expect(await deliver(event("evt_conf_1", "PAYMENT_CONFIRMED", charge.id))).toBe(200);
    await drainJobs();
    expect(await endDateOf(charge.subscriptionId)).toBe("2026-05-10");
    const [conf] = await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, "evt_conf_1"));
    expect(conf.outcome).toBe("já estava paga");
  });

  it("REFUNDED after RECEIVED: estornada, open again, the period served is kept", async () => {
    setClock("2026-04-06T12:00:00-03:00");
    const charge = await renewalCharge();
    await deliver(event("evt_rcv_2", "PAYMENT_RECEIVED", charge.id));
    await drainJobs();
    const extended = await endDateOf(charge.subscriptionId);
    await deliver(event("evt_ref_2", "PAYMENT_REFUNDED", charge.id));
    await drainJobs();
    expect((await chargeNow(charge.id)).status).toBe("estornada");
    expect(await endDateOf(charge.subscriptionId)).toBe(extended);
    // Audited as made by the provider, and announced to the outgoing webhooks.
    expect(await providerAudits(charge.id)).toContainEqual({ action: "charge.refunded", actor: "Asaas" });
    expect(await chargeEvents(charge.id)).toContain("charge.refunded");
    // Paid again (the debt): recorded, and the subscription is not extended a second time.
    const res = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-06", method: "pix", amountCents: charge.amountCents },
    });
    expect(res.ok).toBe(true);
    expect(await endDateOf(charge.subscriptionId)).toBe(extended);
  });

  it("OVERDUE → vencida and DELETED → cancelada", async () => {
    const a = await renewalCharge();
    const b = await renewalCharge();
    await deliver(event("evt_ovd", "PAYMENT_OVERDUE", a.id));
    await deliver(event("evt_del", "PAYMENT_DELETED", b.id));
    await drainJobs();
    expect((await chargeNow(a.id)).status).toBe("vencida");
    expect((await chargeNow(b.id)).status).toBe("cancelada");
    expect(await providerAudits(a.id)).toEqual([{ action: "charge.overdue", actor: "Asaas" }]);
    expect(await providerAudits(b.id)).toEqual([{ action: "charge.cancelled", actor: "Asaas" }]);
    expect(await chargeEvents(a.id)).toContain("charge.overdue");
    expect(await chargeEvents(b.id)).toContain("charge.cancelled");
    // A second OVERDUE for the same charge (another event id) changes nothing and announces nothing.
    await deliver(event("evt_ovd_again", "PAYMENT_OVERDUE", a.id));
    await drainJobs();
    expect((await chargeEvents(a.id)).filter((n) => n === "charge.overdue")).toHaveLength(1);
  });

  it("concurrent deliveries of one event store it once and pay once", async () => {
    setClock("2026-04-06T12:00:00-03:00");
    const charge = await renewalCharge();
    const body = event("evt_conc", "PAYMENT_RECEIVED", charge.id);
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers).toEqual([200, 200, 200]);
    await drainJobs();
    expect(
      await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, "evt_conc")),
    ).toHaveLength(1);
    expect((await chargeNow(charge.id)).status).toBe("paga");
    expect(await endDateOf(charge.subscriptionId)).toBe("2026-05-10");
  });

  it("a body that is not an event is 400 and nothing is stored", async () => {
    const provider = configuredProvider()!;
    const bad = new Request("http://localhost/api/webhooks/asaas", {
      method: "POST",
      headers: { "asaas-access-token": "token-do-webhook" },
      body: "{não é json",
    });
    expect((await receiveProviderWebhook(provider, bad)).status).toBe(400);
    expect((await deliver({ event: "PAYMENT_RECEIVED" })).valueOf()).toBe(400);
  });

  it("reads a chunked event (no Content-Length); a body over 64 KB is 413 and nothing is stored", async () => {
    const provider = configuredProvider()!;
    const charge = await renewalCharge();
    const chunked = (text: string) => {
      const bytes = new TextEncoder().encode(text);
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < bytes.length; i += 1000) c.enqueue(bytes.slice(i, i + 1000));
          c.close();
        },
      });
      return new Request("http://localhost/api/webhooks/asaas", {
        method: "POST",
        headers: { "asaas-access-token": "token-do-webhook", "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
    };
    const ok = JSON.stringify(event("evt_chunked", "PAYMENT_CREATED", charge.id));
    expect((await receiveProviderWebhook(provider, chunked(ok))).status).toBe(200);
    const huge = JSON.stringify({
      ...event("evt_huge", "PAYMENT_RECEIVED", charge.id),
      pad: "x".repeat(70_000),
    });
    expect((await receiveProviderWebhook(provider, chunked(huge))).status).toBe(413);
    const ids = (await t.db.select().from(providerEvents)).map((e) => e.eventId);
    expect(ids).toContain("evt_chunked");
    expect(ids).not.toContain("evt_huge");
  });
});

describe("daily reconciliation", () => {
  it("applies what Asaas knows and its webhooks did not say, once; a failing read changes nothing", async () => {
    const fake = await startFakeAsaas({ apiKey: "chave-conciliacao" });
    try {
      const asaas = asaasProvider({ apiKey: "chave-conciliacao", apiUrl: fake.url, webhookToken: "x" });
      // Only this test's charges are at this fake: the earlier tests' ones belong to another provider.
      await t.db
        .update(charges)
        .set({ provider: "outro" })
        .where(sql`${charges.providerId} is not null`);
      const paid = await renewalCharge();
      const late = await renewalCharge();
      for (const c of [paid, late]) expect(await sendChargeToProvider(asaas, c.id)).toBe("created");
      const [payPaid, payLate] = [
        (await chargeNow(paid.id)).providerId!,
        (await chargeNow(late.id)).providerId!,
      ];
      const endBefore = await endDateOf(paid.subscriptionId);

      // Asaas is unreachable: both are counted as failed, nothing changes.
      fake.down = true;
      expect(await reconcileProviderCharges(asaas)).toEqual({ checked: 2, changed: 0, failed: 2 });
      expect((await chargeNow(paid.id)).status).toBe("pendente");
      fake.down = false;

      // The RECEIVED and OVERDUE webhooks were lost while our endpoint was down.
      Object.assign(fake.payments[payPaid], { status: "RECEIVED", clientPaymentDate: "2026-04-05" });
      fake.payments[payLate].status = "OVERDUE";
      setClock("2026-04-12T12:00:00Z");
      expect(await reconcileProviderCharges(asaas)).toEqual({ checked: 2, changed: 2, failed: 0 });
      expect(await chargeNow(paid.id)).toMatchObject({
        status: "paga",
        paidOn: "2026-04-05",
        paymentMethod: "pix",
      });
      expect(await endDateOf(paid.subscriptionId)).not.toBe(endBefore);
      const extended = await endDateOf(paid.subscriptionId);
      expect((await chargeNow(late.id)).status).toBe("vencida");
      expect(await providerAudits(paid.id)).toEqual([{ action: "charge.paid", actor: "Asaas" }]);

      // A second run: the paid one is no longer open, the overdue one is already vencida.
      expect(await reconcileProviderCharges(asaas)).toEqual({ checked: 1, changed: 0, failed: 0 });
      expect(await endDateOf(paid.subscriptionId)).toBe(extended);
      expect((await chargeEvents(paid.id)).filter((e) => e === "charge.paid")).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});
