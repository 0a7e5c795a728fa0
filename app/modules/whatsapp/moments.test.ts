// The WhatsApp moments beside their e-mails (new charge, reminder steps, suspension), the client's
// channel preference and the e-mail fallback, against the local fake Cloud API. On PGlite and,
// with TEST_DATABASE_URL, on PostgreSQL.
import { and, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, mailMessages, plans, subscriptions } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { upsertAdmin } from "~/modules/auth/users.server";
import { createOneOffCharge } from "~/modules/billing/billing.server";
import { listClientCharges } from "~/modules/billing/charge-reads.server";
import { markOverdueCharges } from "~/modules/billing/overdue.server";
import { sendChargeReminders } from "~/modules/billing/reminders.server";
import { saveBillingSettings } from "~/modules/billing/settings.server";
import { suspendOverdueSubscriptions } from "~/modules/billing/suspension.server";
import { createClient } from "~/modules/clients/clients.server";
import { addSubscription } from "~/modules/clients/subscriptions.server";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { action } from "~/routes/resources/webhook-whatsapp";
import { useTestDatabase } from "../../../tests/support/db";
import {
  startFakeWhatsApp,
  statusWebhook,
  webhookRequest,
  type FakeWhatsApp,
} from "../../../tests/support/fake-whatsapp";
import { recordConsent } from "./consent.server";
import { releaseDueFallbacks } from "./fallback.server";
import { newChargeMoment } from "./moments.server";
import { messagePreferenceOf, setMessagePreference } from "./preference.server";

const t = useTestDatabase();
const APP_SECRET = "segredo-do-app";
const admin = { id: "admin-1", name: "Ana Admin" };
const saved = { ...process.env };
let fake: FakeWhatsApp;
let premium: string;
let seq = 0;

beforeAll(async () => {
  fake = await startFakeWhatsApp({ accessToken: "token-de-acesso" });
  Object.assign(process.env, {
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: "token-de-acesso",
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: "token-de-verificacao",
    WHATSAPP_PAYMENT_LINK_BASE: "https://sandbox.asaas.com/i/",
  });
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  premium = plan.id;
  await saveBillingSettings({
    input: {
      pixKey: "financeiro@empresa.dev",
      pixName: "Cardapio Digital",
      pixCity: "Sao Paulo",
      renewalDaysBefore: 10,
    },
  });
  await upsertAdmin({ email: "dona@empresa.dev", password: "senha-admin-123", name: "Dona" });
});
afterAll(async () => {
  for (const k of Object.keys(process.env))
    if (k.startsWith("WHATSAPP_") && saved[k] === undefined) delete process.env[k];
  await fake.close();
});
beforeEach(() => fake.reset());
afterEach(() => resetClock());

/** A client with a monthly subscription whose first charge is due on `start`; consenting unless told. */
async function newClient(start: string, { consent = true } = {}) {
  seq += 1;
  const phone = `(11) 9${String(8000_0000 + seq).slice(0, 4)}-${String(8000_0000 + seq).slice(4)}`;
  const issuedOn = addDays(start, -10);
  const client = await createClient({
    input: {
      name: `Dona ${seq}`,
      email: `zapmom${seq}@cliente.dev`,
      phone,
      businessName: `Cantina ${seq}`,
      planId: null,
      status: "ativo",
    },
    today: issuedOn,
    actor: admin,
  });
  if (consent)
    expect(
      (await recordConsent({ clientId: client.id, phone, source: "area_do_cliente", actor: null })).ok,
    ).toBe(true);
  setClock(`${issuedOn}T15:00:00Z`);
  try {
    await addSubscription({
      clientId: client.id,
      input: { planId: premium, startDate: start, renewalType: "mensal" },
      actor: admin,
    });
  } finally {
    resetClock();
  }
  const [charge] = await listClientCharges({ clientId: client.id });
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, client.id));
  const to = `55119${String(8000_0000 + seq)}`;
  return { client, charge, sub, to };
}

type Sent = {
  to: string;
  template: { name: string; components: { type: string; parameters: { text: string }[] }[] };
};
const sentTo = (to: string) => fake.sent.map((m) => m.body as unknown as Sent).filter((b) => b.to === to);
const bodyParams = (m: Sent) => m.template.components[0].parameters.map((p) => p.text);
const deliver = () => drainJobs({ only: ["whatsapp.deliver"] });
const emailsOf = (entityId: string, kind: string) =>
  t.db
    .select({ id: mailMessages.id, status: mailMessages.status, channel: mailMessages.channel })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.entityId, entityId),
        eq(mailMessages.kind, kind),
        eq(mailMessages.channel, "email"),
      ),
    );

describe("the moments beside their e-mails", () => {
  it("a new charge: amount, due date and the PIX copia e cola in the body, once", async () => {
    const { client, to } = await newClient("2026-05-04");
    // The subscription's first charge has its own message: sent and set aside first.
    await drainJobs({ only: ["events", "mail.charge-issued", "whatsapp.deliver"] });
    fake.reset();
    const made = await createOneOffCharge({
      clientId: client.id,
      input: { description: "Ajuste no cardápio", amountCents: 12_990, dueDate: "2026-05-20" },
    });
    if (!made.ok) throw new Error(made.message);
    await drainJobs({ only: ["events", "mail.charge-issued", "whatsapp.deliver"] });
    await drainJobs({ only: ["events", "mail.charge-issued", "whatsapp.deliver"] });
    const news = sentTo(to).filter((m) => m.template.name === "cobranca_nova");
    expect(news).toHaveLength(1);
    const [nome, numero, valor, vencimento, pix] = bodyParams(news[0]);
    expect([nome, valor, vencimento]).toEqual([client.name, "R$ 129,90", "20/05/2026"]);
    expect(numero).toMatch(/^\d{4}-\d{6}$/);
    expect(pix).toMatch(/^000201.*br\.gov\.bcb\.pix/);
    // Both channels by default: the e-mail went too.
    expect(await emailsOf(made.value.id, "cobranca.nova")).toMatchObject([{ status: "pendente" }]);
  });

  it("the provider's payment link makes it the template with the 'Pagar cobrança' button", () => {
    const facts = {
      chargeId: "c1",
      clientName: "Maria",
      number: "2026-000001",
      amountCents: 8990,
      dueDate: "2026-05-04",
      pixCode: "000201x",
    };
    expect(newChargeMoment({ ...facts, link: "https://sandbox.asaas.com/i/pay_123" })).toMatchObject({
      template: "cobranca_nova_link",
      values: { link: "pay_123", valor: "R$\u00a089,90", vencimento: "04/05/2026" },
    });
    expect(newChargeMoment({ ...facts, link: "https://outro.dev/pay_123" })?.template).toBe("cobranca_nova");
    expect(newChargeMoment({ ...facts, link: null, pixCode: null })).toBeNull();
  });

  it("each reminder step (-3, 0, +3, +7) once, with its own template, the job running twice a day", async () => {
    const { charge, to } = await newClient("2026-06-10");
    fake.reset();
    for (let day = "2026-06-05"; day <= "2026-06-18"; day = addDays(day, 1)) {
      await sendChargeReminders({ today: day });
      await sendChargeReminders({ today: day });
      await deliver();
    }
    const got = sentTo(to);
    expect(got.map((m) => m.template.name)).toEqual([
      "cobranca_vence_em_breve",
      "cobranca_vence_hoje",
      "cobranca_vencida",
      "cobranca_vencida",
    ]);
    expect(bodyParams(got[0]).slice(0, 4)).toEqual([
      expect.any(String),
      charge.number,
      "R$ 89,90",
      "10/06/2026",
    ]);
    expect(bodyParams(got[1])).toHaveLength(4);
    expect(bodyParams(got[1])[3]).toMatch(/^000201/);
    expect(await emailsOf(charge.id, "cobranca.lembrete")).toHaveLength(4);
  });

  it("the suspension goes by WhatsApp with the PIX code, once", async () => {
    const { client, charge, to } = await newClient("2026-09-01");
    fake.reset();
    await markOverdueCharges({ today: "2026-09-02" });
    expect(await suspendOverdueSubscriptions({ today: "2026-09-17" })).toBeGreaterThanOrEqual(1);
    expect(await suspendOverdueSubscriptions({ today: "2026-09-17" })).toBe(0);
    await deliver();
    const got = sentTo(to).filter((m) => m.template.name === "assinatura_suspensa");
    expect(got).toHaveLength(1);
    expect(bodyParams(got[0]).slice(0, 5)).toEqual([
      client.name,
      client.businessName,
      charge.number,
      "R$ 89,90",
      "01/09/2026",
    ]);
  });

  it("no consent: e-mail only, nothing by WhatsApp", async () => {
    const { charge, to } = await newClient("2026-07-06", { consent: false });
    await sendChargeReminders({ today: "2026-07-06" });
    await deliver();
    expect(sentTo(to)).toEqual([]);
    expect(await emailsOf(charge.id, "cobranca.lembrete")).toHaveLength(1);
  });
});

describe("the client's channel preference", () => {
  it("is audited, refuses an unknown value, and 'Só e-mail' sends no WhatsApp even with consent", async () => {
    const { client, charge, to } = await newClient("2026-07-13");
    expect(await messagePreferenceOf(client.id)).toBe("ambos");
    expect(
      await setMessagePreference({ clientId: client.id, preference: "sms", actor: admin }),
    ).toMatchObject({ ok: false });
    expect(await setMessagePreference({ clientId: client.id, preference: "email", actor: admin })).toEqual({
      ok: true,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, client.id), eq(auditLog.action, "client.preferencia_de_canal")));
    expect(audits).toHaveLength(1);
    expect(audits[0].changes).toEqual({ messagePreference: ["E-mail e WhatsApp", "Só e-mail"] });
    await sendChargeReminders({ today: "2026-07-13" });
    await deliver();
    expect(sentTo(to)).toEqual([]);
    expect(await emailsOf(charge.id, "cobranca.lembrete")).toMatchObject([{ status: "pendente" }]);
  });

  it("'Só WhatsApp' without consent still sends the e-mail", async () => {
    const { client, charge } = await newClient("2026-07-20", { consent: false });
    await setMessagePreference({ clientId: client.id, preference: "whatsapp", actor: null });
    await sendChargeReminders({ today: "2026-07-20" });
    expect(await emailsOf(charge.id, "cobranca.lembrete")).toMatchObject([{ status: "pendente" }]);
  });

  it("'Só WhatsApp' holds the e-mail; a failed status releases it once", async () => {
    const { client, charge, to } = await newClient("2026-07-27");
    await setMessagePreference({ clientId: client.id, preference: "whatsapp", actor: null });
    await sendChargeReminders({ today: "2026-07-27" });
    await deliver();
    const [held] = await emailsOf(charge.id, "cobranca.lembrete");
    expect(held.status).toBe("reserva");
    const [sent] = fake.sent.filter((m) => (m.body as { to: string }).to === to);
    for (let i = 0; i < 2; i++) {
      await action({
        request: webhookRequest(
          "http://localhost/api/webhooks/whatsapp",
          statusWebhook([{ id: sent.id, status: "failed", at: new Date(), to }]),
          APP_SECRET,
        ),
        params: {},
        context: {},
      } as never);
      await drainJobs({ only: ["whatsapp.apply-event"] });
    }
    expect(await emailsOf(charge.id, "cobranca.lembrete")).toMatchObject([
      { id: held.id, status: "pendente" },
    ]);
    expect(await releaseDueFallbacks()).toBe(0);
  });

  it("'Só WhatsApp': a message not delivered in 24 hours releases the e-mail; a delivered one does not", async () => {
    const a = await newClient("2026-08-03");
    const b = await newClient("2026-08-03");
    for (const c of [a, b])
      await setMessagePreference({ clientId: c.client.id, preference: "whatsapp", actor: null });
    setClock("2026-08-03T09:00:00-03:00");
    await sendChargeReminders({ today: "2026-08-03" });
    await deliver();
    const [sentB] = fake.sent.filter((m) => (m.body as { to: string }).to === b.to);
    await action({
      request: webhookRequest(
        "http://localhost/api/webhooks/whatsapp",
        statusWebhook([{ id: sentB.id, status: "delivered", at: new Date(), to: b.to }]),
        APP_SECRET,
      ),
      params: {},
      context: {},
    } as never);
    await drainJobs({ only: ["whatsapp.apply-event"] });
    setClock("2026-08-04T08:00:00-03:00");
    expect(await releaseDueFallbacks()).toBe(0);
    setClock("2026-08-04T09:30:00-03:00");
    // Others' steps of the same day (earlier tests' charges) may be released with it.
    expect(await releaseDueFallbacks()).toBeGreaterThanOrEqual(1);
    expect(await releaseDueFallbacks()).toBe(0);
    expect(await emailsOf(a.charge.id, "cobranca.lembrete")).toMatchObject([{ status: "pendente" }]);
    expect(await emailsOf(b.charge.id, "cobranca.lembrete")).toMatchObject([{ status: "reserva" }]);
    const fallbacks = await t.db.select().from(mailMessages).where(like(mailMessages.kind, "whatsapp.%"));
    expect(fallbacks.filter((m) => m.fallbackMailId).length).toBeGreaterThanOrEqual(2);
  });
});
