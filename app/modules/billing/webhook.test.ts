// A payment is recorded only as it really happened: a webhook from Asaas is a notice; the payment
// is read back from the provider (a local fake that answers as docs.asaas.com shows) and checked
// against the charge before anything moves. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL.
import { and, eq, sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  charges,
  mailMessages,
  paymentDivergences,
  plans,
  providerEvents,
  referrals,
  subscriptions,
  user,
} from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { renewalDigestJob } from "~/modules/mail-jobs/mail-jobs.server";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { configuredProvider } from "~/server/payments/index.server";
import { useTestDatabase } from "../../../tests/support/db";
import { startFakeAsaas, type FakeAsaas } from "../../../tests/support/fake-asaas";
import { issueRenewalCharges } from "./billing.server";
import { changeChargeAmount } from "./charge-amount.server";
import { isPayable } from "./billing.constants";
import { clientChargesView } from "./charge-pix.server";
import { chargeTotalsFromCharges, chargeTotals } from "./list.server";
import { recordPayment } from "./payments.server";
import { reconcileProviderCharges } from "./provider-reconcile.server";
import { cancelCharge } from "./reversals.server";
import { receiveProviderWebhook } from "./webhook.server";

const t = useTestDatabase();
let premium: string;
let seq = 0;
let fake: FakeAsaas;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeAsaas({ apiKey: "chave" });
  process.env.ASAAS_API_KEY = "chave";
  process.env.ASAAS_API_URL = fake.url;
  process.env.ASAAS_WEBHOOK_TOKEN = "token-do-webhook";
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  premium = plan.id;
  // An admin, to be told of divergences.
  await t.db
    .insert(user)
    .values({ id: "admin-fin", name: "Fin Admin", email: "fin@teste.dev", role: "admin" });
});
afterAll(async () => {
  for (const k of ["ASAAS_API_KEY", "ASAAS_API_URL", "ASAAS_WEBHOOK_TOKEN"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await fake.close();
});
beforeEach(() => setClock("2026-04-06T12:00:00-03:00"));
afterEach(() => {
  fake.down = false;
  resetClock();
});

/**
 * A client paid up to 2026-04-09 whose renewal charge (period from 2026-04-10, R$ 89,90) is at
 * Asaas, as the issuing job sends it. Returns the charge and its payment at the fake.
 */
async function renewalCharge() {
  seq += 1;
  setClock("2026-03-10T12:00:00-03:00");
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
  await drainJobs();
  setClock("2026-04-06T12:00:00-03:00");
  const [charge] = await t.db
    .select()
    .from(charges)
    .where(and(eq(charges.clientId, client.id), eq(charges.extendsSubscription, true)));
  expect(charge.providerId).toMatch(/^pay_/);
  return { charge, payment: fake.payments[charge.providerId!] };
}

/** What Asaas's own record says once the client pays (value in reais, as Asaas keeps it). */
function paidAtAsaas(payment: Record<string, unknown>, value = 89.9, date = "2026-04-05") {
  Object.assign(payment, { status: "RECEIVED", value, billingType: "PIX", clientPaymentDate: date });
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

/** A webhook body as Asaas sends it; its payment fields are whatever the sender claims. */
const event = (id: string, type: string, paymentId: string, claims: Record<string, unknown> = {}) => ({
  id,
  event: type,
  payment: { id: paymentId, value: 89.9, billingType: "PIX", clientPaymentDate: "2026-04-05", ...claims },
});

async function deliver(body: unknown, token?: string | null) {
  const answer = await receiveProviderWebhook(configuredProvider()!, post(body, token));
  await drainJobs();
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
const outcomeOf = async (eventId: string) =>
  (await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, eventId)))[0]?.outcome;
const divergencesOf = (chargeId: string) =>
  t.db
    .select({
      kind: paymentDivergences.kind,
      expected: paymentDivergences.expectedCents,
      received: paymentDivergences.receivedCents,
    })
    .from(paymentDivergences)
    .where(eq(paymentDivergences.chargeId, chargeId));
const chargeEvents = async (chargeId: string) =>
  (
    await queryRows<{ name: string }>(
      t.db,
      sql`select data->>'event' as name from pgboss.job
           where name = 'events' and data->'payload'->>'chargeId' = ${chargeId} order by created_on`,
    )
  ).map((r) => r.name);
/**
 * The provider's audit entries of a charge, by action: the test clock stands still, so entries of
 * one test share their time and have no order of their own (what each moved shows the order).
 */
const providerAudits = async (chargeId: string) =>
  (
    await t.db
      .select({ action: auditLog.action, actor: auditLog.actorName })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, chargeId), eq(auditLog.actorName, "Asaas")))
  ).sort((a, b) => a.action.localeCompare(b.action));
const providerMoves = async (chargeId: string) =>
  (
    await t.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, chargeId), eq(auditLog.actorName, "Asaas")))
  )
    .map((a) => [a.action, (a.changes as { status?: unknown }).status])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe("POST /api/webhooks/asaas", () => {
  it("a wrong or missing token is 401 and nothing is stored", async () => {
    const { charge, payment } = await renewalCharge();
    paidAtAsaas(payment);
    const before = await t.db.select().from(providerEvents);
    expect(await deliver(event("evt_bad", "PAYMENT_RECEIVED", payment.id), "outro")).toBe(401);
    expect(await deliver(event("evt_bad", "PAYMENT_RECEIVED", payment.id), null)).toBe(401);
    expect(await t.db.select().from(providerEvents)).toHaveLength(before.length);
    expect((await chargeNow(charge.id)).status).toBe("pendente");
  });

  it("the same RECEIVED twice: read back, one payment and one extension", async () => {
    const { charge, payment } = await renewalCharge();
    paidAtAsaas(payment);
    const body = event("evt_rcv_1", "PAYMENT_RECEIVED", payment.id);
    expect(await deliver(body)).toBe(200);
    expect(await deliver(body)).toBe(200);
    expect(await chargeNow(charge.id)).toMatchObject({
      status: "paga",
      paidOn: "2026-04-05",
      paymentMethod: "pix",
      paidAmountCents: 8990,
      paymentSource: "provedor",
    });
    expect(await endDateOf(charge.subscriptionId)).toBe("2026-05-10");
    expect(await providerAudits(charge.id)).toEqual([{ action: "charge.paid", actor: "Asaas" }]);
    expect(await outcomeOf("evt_rcv_1")).toBe("paga");
    // The payment was read from Asaas, not taken from the body.
    expect(fake.seen.some((s) => s.method === "GET" && s.path === `/api/v3/payments/${payment.id}`)).toBe(
      true,
    );
    // A CONFIRMED arriving after the RECEIVED changes nothing.
    expect(await deliver(event("evt_conf_1", "PAYMENT_CONFIRMED", payment.id))).toBe(200);
    expect(await endDateOf(charge.subscriptionId)).toBe("2026-05-10");
    expect(await outcomeOf("evt_conf_1")).toBe("já estava paga");
  });

  it("a body that claims a payment Asaas does not report moves nothing", async () => {
    const { charge, payment } = await renewalCharge();
    // Asaas says the payment is still open; the event says it was received.
    await deliver(event("evt_lie", "PAYMENT_RECEIVED", payment.id));
    expect((await chargeNow(charge.id)).status).toBe("pendente");
    expect(await outcomeOf("evt_lie")).toBe("sem mudança");
  });

  it("underpaid: R$ 1,00 for R$ 89,90 leaves the charge open with the part recorded, a divergence and no extension", async () => {
    const { charge, payment } = await renewalCharge();
    paidAtAsaas(payment, 1);
    // The body claims the full amount; Asaas's record is what counts.
    await deliver(event("evt_under", "PAYMENT_RECEIVED", payment.id, { value: 89.9 }));
    const after = await chargeNow(charge.id);
    expect(after).toMatchObject({ status: "pendente", paidAmountCents: 100, paidOn: "2026-04-05" });
    expect(await endDateOf(charge.subscriptionId)).toBe("2026-04-10");
    expect(await divergencesOf(charge.id)).toEqual([{ kind: "parcial", expected: 8990, received: 100 }]);
    expect(await outcomeOf("evt_under")).toBe("parcial");
    // Still owed, and chased, for the rest: "A receber" counts R$ 88,90 of it.
    expect(isPayable(after.status)).toBe(true);
    const day = { from: charge.dueDate, to: charge.dueDate };
    // The totals table the database keeps agrees with the charges themselves.
    expect(await chargeTotals(day)).toEqual(await chargeTotalsFromCharges(day));
    expect((await chargeTotals({ clientId: charge.clientId, ...day })).receivableCents).toBe(8890);
    expect((await chargeTotals({ clientId: charge.clientId })).receivedCents).toBe(100);
    // The admins are told by e-mail.
    const mails = await t.db
      .select({ subject: mailMessages.subject })
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "cobranca.divergencia"), eq(mailMessages.entityId, charge.id)));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0].subject).toBe(`Divergência no pagamento: Pago a menos (cobrança ${charge.number})`);
    // And the morning digest lists it until it is settled.
    await renewalDigestJob.handler(
      { today: "2026-04-06" },
      { id: "d", retryCount: 0, retryLimit: 0, isLastAttempt: true },
    );
    const [digest] = await t.db
      .select({ subject: mailMessages.subject, text: mailMessages.text })
      .from(mailMessages)
      .where(eq(mailMessages.kind, "assinaturas.resumo"));
    expect(digest.subject).toContain("1 divergência de pagamento");
    expect(digest.text).toMatch(new RegExp(`Pago a menos[^\\n]* · cobrança ${charge.number}`));
    // The client area shows the rest with the static PIX (the provider's payment is closed).
    const [view] = (await clientChargesView({ clientId: charge.clientId })).filter((c) => c.id === charge.id);
    expect(view.paidAmountCents).toBe(100);
    expect(view.payLink).toBeNull();
    // "Registrar pagamento" of the rest settles it, and its divergence.
    expect(
      await recordPayment({
        chargeId: charge.id,
        input: { paidOn: "2026-04-06", method: "pix", amountCents: 8990 },
      }),
    ).toMatchObject({ ok: false });
    const rest = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-06", method: "pix", amountCents: 8890 },
    });
    expect(rest.ok).toBe(true);
    expect(await chargeNow(charge.id)).toMatchObject({ status: "paga", paidAmountCents: 8990 });
    const [settled] = await t.db
      .select()
      .from(paymentDivergences)
      .where(eq(paymentDivergences.chargeId, charge.id));
    expect(settled.resolution).toBe("quitada");
    // The provider's partial payment is not a second payment of the charge.
    await deliver(event("evt_under_again", "PAYMENT_RECEIVED", payment.id));
    expect(await outcomeOf("evt_under_again")).toBe("já estava paga");
    expect(await divergencesOf(charge.id)).toHaveLength(1);
  });

  it("overpaid: paga, with the excess shown as a divergence", async () => {
    const { charge, payment } = await renewalCharge();
    paidAtAsaas(payment, 100);
    await deliver(event("evt_over", "PAYMENT_RECEIVED", payment.id));
    expect(await chargeNow(charge.id)).toMatchObject({ status: "paga", paidAmountCents: 10_000 });
    expect(await divergencesOf(charge.id)).toEqual([{ kind: "excedente", expected: 8990, received: 10_000 }]);
  });

  it("a payment id this app never created pays nothing, whatever externalReference the body names", async () => {
    const { charge, payment } = await renewalCharge();
    await deliver(
      event("evt_foreign", "PAYMENT_RECEIVED", "pay_999_foreign", { externalReference: charge.id }),
    );
    expect(await outcomeOf("evt_foreign")).toBe("pagamento inexistente no provedor");
    expect((await chargeNow(charge.id)).status).toBe("pendente");
    // Created in Asaas's panel naming our charge, and paid: real money, but not the charge's
    // payment. It is shown for review, and the charge stays open.
    fake.payments.pay_999_foreign = {
      id: "pay_999_foreign",
      externalReference: charge.id,
      status: "RECEIVED",
      value: 89.9,
      billingType: "PIX",
      clientPaymentDate: "2026-04-05",
    };
    await deliver(event("evt_foreign_2", "PAYMENT_RECEIVED", "pay_999_foreign"));
    expect(await outcomeOf("evt_foreign_2")).toBe("pagamento não vinculado a esta cobrança");
    expect((await chargeNow(charge.id)).status).toBe("pendente");
    expect(await divergencesOf(charge.id)).toEqual([
      { kind: "pagamento_nao_vinculado", expected: 8990, received: 8990 },
    ]);
    // A payment whose own record names another charge is refused too.
    payment.externalReference = "5b0e7c8e-0000-4000-8000-000000000001";
    paidAtAsaas(payment);
    await deliver(event("evt_wrong_ref", "PAYMENT_RECEIVED", payment.id));
    expect(await outcomeOf("evt_wrong_ref")).toBe("referência externa não confere");
    expect((await chargeNow(charge.id)).status).toBe("pendente");
  });

  it("a charge not linked yet is linked only by the provider's own record", async () => {
    const { charge, payment } = await renewalCharge();
    // As if the issuing job's answer was lost: the charge has no provider id here.
    await t.db.update(charges).set({ provider: null, providerId: null }).where(eq(charges.id, charge.id));
    paidAtAsaas(payment);
    await deliver(event("evt_link", "PAYMENT_RECEIVED", payment.id));
    expect(await chargeNow(charge.id)).toMatchObject({ status: "paga", providerId: payment.id });
  });

  it("refund then a late RECEIVED: estornada, not chased, and the referral back to waiting", async () => {
    const { charge, payment } = await renewalCharge();
    const [ref] = await t.db
      .insert(referrals)
      .values({
        businessName: "Restaurante indicado",
        contactName: "Carla",
        contactPhone: "11987654321",
        status: "aguardando_pagamento",
        clientId: charge.clientId,
      })
      .returning();
    // The client's first charge (its own period) is still open: this renewal is the only paid one.
    paidAtAsaas(payment);
    await deliver(event("evt_rcv_2", "PAYMENT_RECEIVED", payment.id));
    expect((await t.db.select().from(referrals).where(eq(referrals.id, ref.id)))[0].status).toBe("producao");
    const extended = await endDateOf(charge.subscriptionId);
    payment.status = "REFUNDED";
    await deliver(event("evt_ref_2", "PAYMENT_REFUNDED", payment.id));
    const refunded = await chargeNow(charge.id);
    expect(refunded).toMatchObject({ status: "estornada", paidAmountCents: null, paidOn: null });
    expect(isPayable(refunded.status)).toBe(false);
    // The period already served is not shortened.
    expect(await endDateOf(charge.subscriptionId)).toBe(extended);
    expect((await t.db.select().from(referrals).where(eq(referrals.id, ref.id)))[0].status).toBe(
      "aguardando_pagamento",
    );
    expect(await providerAudits(charge.id)).toEqual([
      { action: "charge.paid", actor: "Asaas" },
      { action: "charge.refunded", actor: "Asaas" },
    ]);
    expect(await chargeEvents(charge.id)).toContain("charge.refunded");
    // A RECEIVED delivered late (a retried job, a second worker): Asaas says refunded.
    await deliver(event("evt_rcv_late", "PAYMENT_RECEIVED", payment.id));
    expect((await chargeNow(charge.id)).status).toBe("estornada");
    // An admin cannot pay it by hand either.
    expect(
      await recordPayment({
        chargeId: charge.id,
        input: { paidOn: "2026-04-06", method: "pix", amountCents: 8990 },
      }),
    ).toMatchObject({ ok: false });
  });

  it("REFUNDED heard before RECEIVED: both are applied, in order; a refund of an unpaid payment changes nothing", async () => {
    const { charge, payment } = await renewalCharge();
    await deliver(event("evt_ref_unpaid", "PAYMENT_REFUNDED", payment.id));
    expect((await chargeNow(charge.id)).status).toBe("pendente");
    paidAtAsaas(payment);
    payment.status = "REFUNDED";
    await deliver(event("evt_ref_first", "PAYMENT_REFUNDED", payment.id));
    await deliver(event("evt_rcv_after", "PAYMENT_RECEIVED", payment.id));
    expect((await chargeNow(charge.id)).status).toBe("estornada");
    // Paid, then refunded: what each entry moved shows the order.
    expect(await providerMoves(charge.id)).toEqual([
      ["charge.paid", ["pendente", "paga"]],
      ["charge.refunded", ["paga", "estornada"]],
    ]);
  });

  it("a chargeback makes the paid charge a debt again: contestada, chased, counted in A receber", async () => {
    const { charge, payment } = await renewalCharge();
    paidAtAsaas(payment);
    await deliver(event("evt_rcv_cb", "PAYMENT_RECEIVED", payment.id));
    payment.status = "CHARGEBACK_REQUESTED";
    await deliver(event("evt_cb", "PAYMENT_CHARGEBACK_REQUESTED", payment.id));
    const back = await chargeNow(charge.id);
    expect(back).toMatchObject({ status: "contestada", paidAmountCents: null });
    expect(isPayable(back.status)).toBe(true);
    expect((await chargeTotals({ clientId: charge.clientId })).receivableCents).toBeGreaterThanOrEqual(8990);
    expect(await chargeEvents(charge.id)).toContain("charge.charged_back");
    // The dispute won: Asaas reports it received again.
    payment.status = "RECEIVED";
    await deliver(event("evt_cb_won", "PAYMENT_RECEIVED", payment.id));
    expect((await chargeNow(charge.id)).status).toBe("paga");
  });

  it("OVERDUE → vencida and DELETED → cancelada, as Asaas reports them", async () => {
    const a = await renewalCharge();
    const b = await renewalCharge();
    a.payment.status = "OVERDUE";
    b.payment.deleted = true;
    await deliver(event("evt_ovd", "PAYMENT_OVERDUE", a.payment.id));
    await deliver(event("evt_del", "PAYMENT_DELETED", b.payment.id));
    expect((await chargeNow(a.charge.id)).status).toBe("vencida");
    expect((await chargeNow(b.charge.id)).status).toBe("cancelada");
    expect(await providerAudits(a.charge.id)).toEqual([{ action: "charge.overdue", actor: "Asaas" }]);
    expect(await providerAudits(b.charge.id)).toEqual([{ action: "charge.cancelled", actor: "Asaas" }]);
    await deliver(event("evt_ovd_again", "PAYMENT_OVERDUE", a.payment.id));
    expect((await chargeEvents(a.charge.id)).filter((n) => n === "charge.overdue")).toHaveLength(1);
  });

  it("Asaas unreachable: the event waits for the job's retry, nothing moves", async () => {
    const { charge, payment } = await renewalCharge();
    paidAtAsaas(payment);
    fake.down = true;
    await receiveProviderWebhook(
      configuredProvider()!,
      post(event("evt_down", "PAYMENT_RECEIVED", payment.id)),
    );
    await drainJobs({ maxRounds: 2 });
    expect((await chargeNow(charge.id)).status).toBe("pendente");
    expect(await outcomeOf("evt_down")).toBeNull();
  });

  it("concurrent deliveries of one event store it once and pay once", async () => {
    const { charge, payment } = await renewalCharge();
    paidAtAsaas(payment);
    const body = event("evt_conc", "PAYMENT_RECEIVED", payment.id);
    const provider = configuredProvider()!;
    const answers = await Promise.all([1, 2, 3].map(() => receiveProviderWebhook(provider, post(body))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await drainJobs();
    expect(
      await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, "evt_conc")),
    ).toHaveLength(1);
    expect((await chargeNow(charge.id)).status).toBe("paga");
    expect(await endDateOf(charge.subscriptionId)).toBe("2026-05-10");
  });

  it("a body that is not an event is 400; a chunked body over 64 KB is 413; nothing is stored", async () => {
    const provider = configuredProvider()!;
    const bad = new Request("http://localhost/api/webhooks/asaas", {
      method: "POST",
      headers: { "asaas-access-token": "token-do-webhook" },
      body: "{não é json",
    });
    expect((await receiveProviderWebhook(provider, bad)).status).toBe(400);
    expect(await deliver({ event: "PAYMENT_RECEIVED" })).toBe(400);
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
    const ok = JSON.stringify(event("evt_chunked", "PAYMENT_CREATED", "pay_x"));
    expect((await receiveProviderWebhook(provider, chunked(ok))).status).toBe(200);
    const huge = JSON.stringify({
      ...event("evt_huge", "PAYMENT_RECEIVED", "pay_x"),
      pad: "x".repeat(70_000),
    });
    expect((await receiveProviderWebhook(provider, chunked(huge))).status).toBe(413);
    const ids = (await t.db.select().from(providerEvents)).map((e) => e.eventId);
    expect(ids).toContain("evt_chunked");
    expect(ids).not.toContain("evt_huge");
  });
});

describe("both ledgers agree", () => {
  it("'Registrar pagamento' marks Asaas's payment received there, so the client cannot pay it again", async () => {
    const { charge, payment } = await renewalCharge();
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-06", method: "transferência", amountCents: 8990 },
      actor: { id: "admin-1", name: "Ana Admin" },
    });
    expect(paid.ok).toBe(true);
    await drainJobs();
    expect(payment).toMatchObject({ status: "RECEIVED_IN_CASH", value: 89.9, paymentDate: "2026-04-06" });
    // Asaas's own notice of that comes back and changes nothing.
    await deliver(event("evt_cash", "PAYMENT_RECEIVED_IN_CASH", payment.id));
    expect(await outcomeOf("evt_cash")).toBe("já estava paga");
    expect(await divergencesOf(charge.id)).toEqual([]);
  });

  it("paid by hand here while the client paid at Asaas: recorded as paid twice, never swallowed", async () => {
    const { charge, payment } = await renewalCharge();
    // Asaas is down when the admin records the payment; meanwhile the client pays there.
    fake.down = true;
    await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-06", method: "pix", amountCents: 8990 },
    });
    await drainJobs({ maxRounds: 2 });
    fake.down = false;
    paidAtAsaas(payment);
    await deliver(event("evt_twice", "PAYMENT_RECEIVED", payment.id));
    expect(await outcomeOf("evt_twice")).toBe("paga duas vezes (divergência)");
    expect(await divergencesOf(charge.id)).toEqual([{ kind: "duplicidade", expected: 8990, received: 8990 }]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, charge.id), eq(auditLog.action, "charge.divergence")));
    expect(audits).toHaveLength(1);
  });

  it("a payment at Asaas for a charge cancelled here is recorded for review, with an audit entry and an e-mail", async () => {
    const { charge, payment } = await renewalCharge();
    // Asaas is down: the cancellation does not reach it, and the client pays the old link.
    fake.down = true;
    expect((await cancelCharge({ chargeId: charge.id, reason: "Cliente desistiu" })).ok).toBe(true);
    await drainJobs({ maxRounds: 2 });
    fake.down = false;
    paidAtAsaas(payment);
    await deliver(event("evt_cancelled_paid", "PAYMENT_RECEIVED", payment.id));
    expect((await chargeNow(charge.id)).status).toBe("cancelada");
    expect(await divergencesOf(charge.id)).toEqual([
      { kind: "cobranca_cancelada", expected: 0, received: 8990 },
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, charge.id), eq(auditLog.action, "charge.divergence")));
    expect(audit.actorName).toBe("Asaas");
    const mails = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, "cobranca.divergencia"), eq(mailMessages.entityId, charge.id)));
    expect(mails.length).toBeGreaterThan(0);
  });

  it("after 'Alterar valor' with Asaas down, the client sees the new amount's static PIX, never the old dynamic one", async () => {
    const { charge, payment } = await renewalCharge();
    const before = (await clientChargesView({ clientId: charge.clientId })).find((c) => c.id === charge.id)!;
    expect(before.payLink).toBe(payment.invoiceUrl);
    expect(before.pixCode).toBe(`000201-${payment.id}-89.9`);
    fake.down = true;
    expect((await changeChargeAmount({ chargeId: charge.id, amountCents: 5000 })).ok).toBe(true);
    await drainJobs({ maxRounds: 2 });
    // No PIX key in Configurações → Financeiro: "Atualizando a forma de pagamento".
    let view = (await clientChargesView({ clientId: charge.clientId })).find((c) => c.id === charge.id)!;
    expect(view).toMatchObject({ amountCents: 5000, payLink: null, pixCode: null, payUpdating: true });
    const { saveBillingSettings } = await import("./settings.server");
    await saveBillingSettings({
      input: {
        pixKey: "financeiro@cardapio.dev",
        pixName: "Cardapio Digital",
        pixCity: "Sao Paulo",
        renewalDaysBefore: 10,
      },
    });
    view = (await clientChargesView({ clientId: charge.clientId })).find((c) => c.id === charge.id)!;
    expect(view.payLink).toBeNull();
    expect(view.pixCode).toContain("540550.00");
    expect(view.pixCode).not.toContain(payment.id);
    // Asaas back: the daily reconciliation (or the job's retry) updates it, and its PIX returns.
    fake.down = false;
    await reconcileProviderCharges(configuredProvider()!);
    expect(payment.value).toBe(50);
    view = (await clientChargesView({ clientId: charge.clientId })).find((c) => c.id === charge.id)!;
    expect(view.pixCode).toBe(`000201-${payment.id}-50`);
    expect(view.payLink).toBe(payment.invoiceUrl);
  });
});

describe("daily reconciliation", () => {
  it("applies what Asaas knows and its webhooks did not say, once; a failing read changes nothing", async () => {
    // Only this test's charges are at this provider: the earlier tests' ones move aside.
    await t.db
      .update(charges)
      .set({ provider: "outro" })
      .where(sql`${charges.providerId} is not null`);
    const paid = await renewalCharge();
    const late = await renewalCharge();
    await t.db
      .update(charges)
      .set({ provider: "outro" })
      .where(
        sql`${charges.providerId} is not null and ${charges.id} not in (${paid.charge.id}, ${late.charge.id})`,
      );
    const asaas = configuredProvider()!;
    const endBefore = await endDateOf(paid.charge.subscriptionId);

    fake.down = true;
    expect(await reconcileProviderCharges(asaas)).toEqual({ checked: 2, changed: 0, failed: 2 });
    expect((await chargeNow(paid.charge.id)).status).toBe("pendente");
    fake.down = false;

    paidAtAsaas(paid.payment);
    late.payment.status = "OVERDUE";
    setClock("2026-04-12T12:00:00Z");
    expect(await reconcileProviderCharges(asaas)).toEqual({ checked: 2, changed: 2, failed: 0 });
    expect(await chargeNow(paid.charge.id)).toMatchObject({
      status: "paga",
      paidOn: "2026-04-05",
      paymentMethod: "pix",
    });
    const extended = await endDateOf(paid.charge.subscriptionId);
    expect(extended).not.toBe(endBefore);
    expect((await chargeNow(late.charge.id)).status).toBe("vencida");

    // A second run: the paid one is checked for a later refund, and nothing changes.
    expect(await reconcileProviderCharges(asaas)).toEqual({ checked: 2, changed: 0, failed: 0 });
    expect(await endDateOf(paid.charge.subscriptionId)).toBe(extended);
    expect((await chargeEvents(paid.charge.id)).filter((e) => e === "charge.paid")).toHaveLength(1);
    // A refund whose webhook was lost is found within the window.
    paid.payment.status = "REFUNDED";
    expect((await reconcileProviderCharges(asaas)).changed).toBe(1);
    expect((await chargeNow(paid.charge.id)).status).toBe("estornada");
  });
});
