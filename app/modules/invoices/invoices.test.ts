// Contract tests of the tax invoice (NFS-e, decision 045) against the local fake Asaas, extended
// with its invoice endpoints and INVOICE_* webhooks as docs.asaas.com shows them. A charge is paid
// the real way (a PAYMENT_RECEIVED notice read back from the fake), its note is issued by the job
// that follows charge.paid, and each INVOICE_* notice is read back before anything moves. Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { createServer, type Server } from "node:http";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { InvoiceIssuingNotice } from "~/components/admin/invoices/invoice-issuing-notice";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  charges,
  clients,
  invoices,
  invoiceSettings,
  plans,
  providerEvents,
  webhookEndpoints,
} from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { issueRenewalCharges } from "~/modules/billing/billing.server";
import { receiveProviderWebhook } from "~/modules/billing/webhook.server";
import { createClient } from "~/modules/clients/clients.server";
import { createWebhook } from "~/modules/webhooks/webhooks.server";
import { resetClock, setClock } from "~/server/clock.server";
import { drainJobs } from "~/server/jobs/queue.server";
import { configuredProvider } from "~/server/payments/index.server";
import { useTestDatabase } from "../../../tests/support/db";
import { startFakeAsaas, type FakeAsaas } from "../../../tests/support/fake-asaas";
import { listInvoices, REISSUE_MESSAGES, reissueInvoice } from "./admin.server";
import { invoiceSettingsSchema } from "./invoices.schema";
import { INVOICE_REASONS, issueChargeInvoice } from "./issue.server";
import { reconcileOpenInvoices } from "./jobs.server";
import { invoiceIssuingProblems, saveInvoiceSettings } from "./settings.server";

const t = useTestDatabase();
let premium: string;
let seq = 0;
let fake: FakeAsaas;
let hooks: Server;
const delivered: { event: string; data: Record<string, unknown> }[] = [];
const saved = { ...process.env };
const admin = { id: "admin-nf", name: "Ana Fiscal" };

/** The fiscal data as the form sends it (Simples Nacional: IBS/CBS optional, sent when filled). */
const SETTINGS_FORM = {
  enabled: "on",
  taxRegime: "simples_nacional",
  municipalRegistration: "1234567",
  subscriptionServiceItem: "1.05",
  subscriptionServiceCode: "0105",
  subscriptionServiceName: "Licenciamento de programas de computação",
  activationServiceItem: "1.07",
  activationServiceCode: "0107",
  activationServiceName: "Suporte técnico em informática",
  issRate: "2",
  pisRate: "0,65",
  cofinsRate: "3",
  csllRate: "1",
  irRate: "1,5",
  inssRate: "0",
  descriptionTemplate: "Cardápio digital, plano {plano}, período {periodo} (cobrança {cobranca}).",
  issueWhen: "pagamento",
  ibsCbsCst: "000",
  ibsCbsClassification: "000001",
  ibsCbsOperationIndicator: "",
  nbsCode: "",
};

async function configureInvoices(form: Record<string, string> = SETTINGS_FORM) {
  await saveInvoiceSettings({ input: invoiceSettingsSchema.parse(form), actor: admin });
}

beforeAll(async () => {
  fake = await startFakeAsaas({ apiKey: "chave" });
  process.env.ASAAS_API_KEY = "chave";
  process.env.ASAAS_API_URL = fake.url;
  process.env.ASAAS_WEBHOOK_TOKEN = "token-do-webhook";
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
  resetEnvCache();
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  premium = plan.id;
  hooks = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      delivered.push(JSON.parse(body) as (typeof delivered)[number]);
      res.end("ok");
    });
  });
  await new Promise<void>((r) => hooks.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/nf`;
  const created = await createWebhook({
    input: { url, events: ["invoice.issued", "invoice.failed", "invoice.cancelled"] },
    createdBy: null,
  });
  if (!created.ok) throw new Error(created.message);
});
afterAll(async () => {
  for (const k of ["ASAAS_API_KEY", "ASAAS_API_URL", "ASAAS_WEBHOOK_TOKEN", "WEBHOOKS_ALLOW_PRIVATE"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetEnvCache();
  await t.db.delete(webhookEndpoints);
  await fake.close();
  await new Promise((r) => hooks.close(r));
});
beforeEach(async () => {
  setClock("2026-04-06T12:00:00-03:00");
  delivered.length = 0;
  await configureInvoices();
});
afterEach(() => resetClock());

/** A client's renewal charge (R$ 89,90, period from 2026-04-10) at Asaas, as the issuing job sends it. */
/** A complete fiscal address (São Paulo). */
const ADDRESS = {
  addressCep: "01310100",
  addressStreet: "Avenida Paulista",
  addressNumber: "1000",
  addressComplement: null,
  addressDistrict: "Bela Vista",
  addressCity: "São Paulo",
  addressCityIbge: "3550308",
  addressUf: "SP",
};

async function renewalCharge({
  document = "52998224725",
  address = true,
}: { document?: string | null; address?: boolean } = {}) {
  seq += 1;
  setClock("2026-03-10T12:00:00-03:00");
  const client = await createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `nf${seq}@teste.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId: premium,
      status: "ativo",
      document,
      ...(address ? ADDRESS : {}),
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
  return { charge, client, payment: fake.payments[charge.providerId!] };
}

function post(body: unknown) {
  return new Request("http://localhost/api/webhooks/asaas", {
    method: "POST",
    headers: { "content-type": "application/json", "asaas-access-token": "token-do-webhook" },
    body: JSON.stringify(body),
  });
}
async function deliver(body: unknown) {
  const answer = await receiveProviderWebhook(configuredProvider()!, post(body));
  await drainJobs();
  return answer.status;
}

/** The client pays at Asaas and Asaas says so: the charge is paid, and its note job runs. */
async function paid(payment: Record<string, unknown>, eventId: string) {
  Object.assign(payment, {
    status: "RECEIVED",
    value: 89.9,
    billingType: "PIX",
    clientPaymentDate: "2026-04-05",
  });
  expect(await deliver({ id: eventId, event: "PAYMENT_RECEIVED", payment: { id: payment.id } })).toBe(200);
}

async function noteOf(chargeId: string) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.chargeId, chargeId));
  return row;
}
const posts = (path: string) => fake.seen.filter((s) => s.method === "POST" && s.path.endsWith(path));
const outcomeOf = async (eventId: string) =>
  (await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, eventId)))[0]?.outcome;
const notesAtAsaas = (chargeId: string) =>
  Object.values(fake.invoices).filter((i) => i.externalReference === chargeId);
const sent = (event: string) => delivered.filter((d) => d.event === event);

describe("issuing on payment", () => {
  it("issues the paid charge's note with its value, period, service code, taxes and the charge id", async () => {
    const { charge, payment } = await renewalCharge();
    await paid(payment, "evt_nf_pay_1");
    const bodies = fake.seen.filter(
      (s) =>
        s.method === "POST" &&
        s.path === "/api/v3/invoices" &&
        (s.body as { externalReference?: string }).externalReference === charge.id,
    );
    expect(bodies).toHaveLength(1);
    expect(bodies[0].body).toEqual({
      payment: payment.id,
      serviceDescription: `Cardápio digital, plano Premium, período 10/04/2026 a 09/05/2026 (cobrança ${charge.number}).`,
      observations: expect.stringContaining(`Cobrança ${charge.number}.`),
      externalReference: charge.id,
      value: 89.9,
      deductions: 0,
      effectiveDate: "2026-04-06",
      municipalServiceCode: "0105",
      municipalServiceName: "Licenciamento de programas de computação",
      taxes: { retainIss: false, iss: 2, cofins: 3, csll: 1, inss: 0, ir: 1.5, pis: 0.65 },
      ibsCbs: { cst: "000", classificationCode: "000001" },
    });
    const note = await noteOf(charge.id);
    expect(note).toMatchObject({
      status: "agendada",
      provider: "asaas",
      valueCents: 8990,
      serviceCode: "0105",
    });
    expect(note.providerId).toMatch(/^inv_/);
    // The job run again (a second delivery of charge.paid) asks for nothing more.
    expect(await issueChargeInvoice(configuredProvider()!, charge.id)).toBe("skipped");
    expect(notesAtAsaas(charge.id)).toHaveLength(1);
  });

  it("a retry after a lost answer finds the note already asked for instead of asking twice", async () => {
    const { charge, payment } = await renewalCharge();
    await paid(payment, "evt_nf_pay_lost");
    const note = await noteOf(charge.id);
    // Asaas created the note but its answer never arrived: the row still waits without its id.
    await t.db.update(invoices).set({ provider: null, providerId: null }).where(eq(invoices.id, note.id));
    expect(await issueChargeInvoice(configuredProvider()!, charge.id)).toBe("issued");
    expect(await noteOf(charge.id)).toMatchObject({ providerId: note.providerId, status: "agendada" });
    expect(notesAtAsaas(charge.id)).toHaveLength(1);
  });

  it("Asaas unreachable: the job is retried, nothing recorded as an error until its last attempt", async () => {
    const { charge, payment } = await renewalCharge();
    await t.db.update(invoiceSettings).set({ enabled: false });
    await paid(payment, "evt_nf_pay_down");
    await t.db.update(invoiceSettings).set({ enabled: true });
    fake.down = true;
    await expect(issueChargeInvoice(configuredProvider()!, charge.id)).rejects.toThrow("Asaas respondeu 503");
    expect(await noteOf(charge.id)).toMatchObject({
      status: "agendada",
      providerId: null,
      errorReason: null,
    });
    expect(await issueChargeInvoice(configuredProvider()!, charge.id, { isLastAttempt: true })).toBe(
      "failed",
    );
    expect(await noteOf(charge.id)).toMatchObject({ status: "erro", errorReason: "Asaas respondeu 503" });
    fake.down = false;
  });

  it("without the fiscal data nothing is issued, and the dashboard's warning says what is missing", async () => {
    await t.db.delete(invoiceSettings);
    const { charge, payment } = await renewalCharge();
    await paid(payment, "evt_nf_pay_nosettings");
    expect((await t.db.select().from(charges).where(eq(charges.id, charge.id)))[0].status).toBe("paga");
    expect(await noteOf(charge.id)).toBeUndefined();
    expect(notesAtAsaas(charge.id)).toHaveLength(0);
    const problems = await invoiceIssuingProblems();
    expect(problems).toContain(
      "Notas fiscais não são emitidas: preencha os dados fiscais em Configurações → Financeiro → Nota fiscal.",
    );
    // The dashboard says it, with the way to the settings.
    const handler = createStaticHandler([
      { path: "*", Component: () => createElement(InvoiceIssuingNotice, { problems }) },
    ]);
    const context = await handler.query(new Request("http://localhost/admin/dashboard"));
    if (context instanceof Response) throw new Error("unexpected response");
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToStaticMarkup(
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    );
    expect(html).toContain("Notas fiscais não são emitidas: preencha os dados fiscais");
    expect(html).toContain('href="/admin/settings/billing/nota-fiscal"');
  });
});

describe("INVOICE_* webhooks, read back", () => {
  it("authorised: number, verification code, PDF and XML stored; repeated and late notices applied once", async () => {
    const { charge, payment } = await renewalCharge();
    await paid(payment, "evt_nf_pay_2");
    const { providerId } = await noteOf(charge.id);
    // The notice claims more than the note: nothing is taken from it.
    const created = fake.invoiceEvent("evt_inv_created_2", "INVOICE_CREATED", providerId!);
    fake.setInvoice(providerId!, "AUTHORIZED", {
      number: "2026000123",
      validationCode: "AB12-CD34",
      pdfUrl: "https://sandbox.asaas.com/nf/inv.pdf",
      xmlUrl: "https://sandbox.asaas.com/nf/inv.xml",
    });
    const authorized = fake.invoiceEvent("evt_inv_auth_2", "INVOICE_AUTHORIZED", providerId!);
    expect(await deliver(authorized)).toBe(200);
    expect(await deliver(authorized)).toBe(200); // the same event again: stored once
    // INVOICE_CREATED heard after the authorisation: read back, the note is still authorised.
    expect(await deliver(created)).toBe(200);
    const note = await noteOf(charge.id);
    expect(note).toMatchObject({
      status: "emitida",
      number: "2026000123",
      validationCode: "AB12-CD34",
      pdfUrl: "https://sandbox.asaas.com/nf/inv.pdf",
      xmlUrl: "https://sandbox.asaas.com/nf/inv.xml",
      errorReason: null,
    });
    expect(await outcomeOf("evt_inv_auth_2")).toBe("nota fiscal emitida");
    expect(await outcomeOf("evt_inv_created_2")).toBe("sem mudança");
    expect(
      await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, "evt_inv_auth_2")),
    ).toHaveLength(1);
    // invoice.issued reached the outgoing webhook once, with the note.
    expect(sent("invoice.issued")).toHaveLength(1);
    expect(sent("invoice.issued")[0].data).toMatchObject({
      invoice: { id: note.id, charge_id: charge.id, number: "2026000123", status: "emitida" },
      charge: { id: charge.id },
    });
  });

  it("INVOICE_ERROR stores the city's reason; “Emitir novamente” asks once, however often clicked", async () => {
    const { charge, payment } = await renewalCharge();
    await paid(payment, "evt_nf_pay_3");
    const note = await noteOf(charge.id);
    fake.setInvoice(note.providerId!, "ERROR", {
      statusDescription: "Código de serviço 0105 inválido no município.",
    });
    await deliver(fake.invoiceEvent("evt_inv_err_3", "INVOICE_ERROR", note.providerId!));
    expect(await noteOf(charge.id)).toMatchObject({
      status: "erro",
      errorReason: "Código de serviço 0105 inválido no município.",
    });
    expect(sent("invoice.failed").map((d) => (d.data.invoice as { id: string }).id)).toEqual([note.id]);
    const before = posts(`/invoices/${note.providerId}/authorize`).length;
    const [first, second] = await Promise.all([
      reissueInvoice({ id: note.id, actor: admin }),
      reissueInvoice({ id: note.id, actor: admin }),
    ]);
    expect([first, second].filter((r) => r.ok)).toEqual([{ ok: true, message: REISSUE_MESSAGES.asked }]);
    expect([first, second].filter((r) => !r.ok)).toEqual([
      { ok: false, message: REISSUE_MESSAGES.notInError },
    ]);
    expect(posts(`/invoices/${note.providerId}/authorize`).length - before).toBe(1);
    expect(await noteOf(charge.id)).toMatchObject({ status: "agendada", errorReason: null });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, note.id));
    expect(audits.map((a) => a.action)).toEqual(["invoice.reissued"]);
  });

  it("the daily reconciliation reads an open note back when its webhook was lost", async () => {
    const { charge, payment } = await renewalCharge();
    await paid(payment, "evt_nf_pay_rec");
    const { providerId } = await noteOf(charge.id);
    fake.setInvoice(providerId!, "AUTHORIZED", { number: "77" });
    await reconcileOpenInvoices(configuredProvider()!);
    expect(await noteOf(charge.id)).toMatchObject({ status: "emitida", number: "77" });
  });
});

describe("a client without CPF/CNPJ or address", () => {
  it("gets no note and the reason says what is missing; once filled, “Emitir novamente” issues it once", async () => {
    const { charge, client, payment } = await renewalCharge({ document: null, address: false });
    await paid(payment, "evt_nf_pay_4");
    const note = await noteOf(charge.id);
    expect(note).toMatchObject({
      status: "erro",
      providerId: null,
      errorReason: INVOICE_REASONS.noDocumentNorAddress,
    });
    expect(notesAtAsaas(charge.id)).toHaveLength(0);
    expect(sent("invoice.failed")).toHaveLength(1);
    // The document alone is not enough: the note is refused again, now for the address only.
    await t.db.update(clients).set({ document: "11222333000181" }).where(eq(clients.id, client.id));
    expect(await reissueInvoice({ id: note.id, actor: admin })).toEqual({
      ok: true,
      message: REISSUE_MESSAGES.queued,
    });
    await drainJobs();
    expect(await noteOf(charge.id)).toMatchObject({ status: "erro", errorReason: INVOICE_REASONS.noAddress });
    expect(notesAtAsaas(charge.id)).toHaveLength(0);
    await t.db.update(clients).set(ADDRESS).where(eq(clients.id, client.id));
    expect(await reissueInvoice({ id: note.id, actor: admin })).toEqual({
      ok: true,
      message: REISSUE_MESSAGES.queued,
    });
    expect(await reissueInvoice({ id: note.id, actor: admin })).toEqual({
      ok: false,
      message: REISSUE_MESSAGES.notInError,
    });
    await drainJobs();
    expect(notesAtAsaas(charge.id)).toHaveLength(1);
    const after = await noteOf(charge.id);
    expect(after).toMatchObject({ status: "agendada", errorReason: null });
    expect(after.providerId).toMatch(/^inv_/);
    // Asaas issues to its own copy of the client: brought up to date (CNPJ, address) before the note.
    expect(Object.values(fake.customers).filter((c) => c.externalReference === client.id)).toEqual([
      expect.objectContaining({
        cpfCnpj: "11222333000181",
        postalCode: "01310100",
        address: "Avenida Paulista",
        addressNumber: "1000",
        province: "Bela Vista",
      }),
    ]);
    const calls = fake.seen.map(
      (c) => `${c.method} ${c.path.replace(/\?.*$/, "").replace(/cus_\d+/, ":id")}`,
    );
    const customerWrite = Math.max(
      calls.lastIndexOf("PUT /api/v3/customers/:id"),
      calls.lastIndexOf("POST /api/v3/customers"),
    );
    expect(customerWrite).toBeGreaterThan(-1);
    expect(customerWrite).toBeLessThan(calls.lastIndexOf("POST /api/v3/invoices"));
  });
});

describe("cancellation when the charge is refunded", () => {
  async function issuedNote(eventId: string) {
    const { charge, payment } = await renewalCharge();
    await paid(payment, eventId);
    const { providerId } = await noteOf(charge.id);
    fake.setInvoice(providerId!, "AUTHORIZED", { number: "900" });
    await deliver(fake.invoiceEvent(`${eventId}_auth`, "INVOICE_AUTHORIZED", providerId!));
    // Asaas refunds the payment and says so: the charge is estornada, then charge.reversed.
    payment.status = "REFUNDED";
    await deliver({ id: `${eventId}_ref`, event: "PAYMENT_REFUNDED", payment: { id: payment.id } });
    return { charge, providerId: providerId! };
  }

  it("asks the provider to cancel the note; INVOICE_CANCELED read back cancels it", async () => {
    const { charge, providerId } = await issuedNote("evt_nf_pay_5");
    expect((await t.db.select().from(charges).where(eq(charges.id, charge.id)))[0].status).toBe("estornada");
    expect(posts(`/invoices/${providerId}/cancel`)).toHaveLength(1);
    const asked = await noteOf(charge.id);
    expect(asked.status).toBe("emitida");
    expect(asked.cancelRequestedAt).not.toBeNull();
    fake.setInvoice(providerId, "CANCELED");
    await deliver(fake.invoiceEvent("evt_inv_cancel_5", "INVOICE_CANCELED", providerId));
    await deliver(fake.invoiceEvent("evt_inv_cancel_5b", "INVOICE_CANCELED", providerId));
    expect(await noteOf(charge.id)).toMatchObject({ status: "cancelada" });
    expect(sent("invoice.cancelled")).toHaveLength(1);
    // A late authorisation notice cannot bring a cancelled note back.
    await deliver(fake.invoiceEvent("evt_inv_late_5", "INVOICE_AUTHORIZED", providerId));
    expect(await noteOf(charge.id)).toMatchObject({ status: "cancelada" });
  });

  it("a denied cancellation is recorded with the city's reason; the note stands", async () => {
    const { charge, providerId } = await issuedNote("evt_nf_pay_6");
    fake.setInvoice(providerId, "CANCELLATION_DENIED", {
      statusDescription: "Prazo para cancelamento expirado.",
    });
    await deliver(fake.invoiceEvent("evt_inv_denied_6", "INVOICE_CANCELLATION_DENIED", providerId));
    expect(await noteOf(charge.id)).toMatchObject({
      status: "cancelamento_negado",
      number: "900",
      errorReason: "Prazo para cancelamento expirado.",
    });
    expect(sent("invoice.cancelled")).toHaveLength(0);
  });

  it("a note the provider refuses to cancel outright is recorded as denied", async () => {
    const { charge, payment } = await renewalCharge();
    await paid(payment, "evt_nf_pay_7");
    const { providerId } = await noteOf(charge.id);
    fake.setInvoice(providerId!, "AUTHORIZED", { number: "901" });
    await deliver(fake.invoiceEvent("evt_nf_pay_7_auth", "INVOICE_AUTHORIZED", providerId!));
    // The city already refused a cancellation made in the provider's panel (no notice heard here).
    fake.setInvoice(providerId!, "CANCELLATION_DENIED");
    payment.status = "REFUNDED";
    await deliver({ id: "evt_nf_pay_7_ref", event: "PAYMENT_REFUNDED", payment: { id: payment.id } });
    expect(await noteOf(charge.id)).toMatchObject({
      status: "cancelamento_negado",
      errorReason: "Asaas respondeu 400: Só é possível cancelar uma nota emitida.",
    });
  });
});

describe("Financeiro → Notas fiscais", () => {
  it("lists the notes by status and month, with the charge, the client and the reason of an error", async () => {
    const { charge } = await renewalCharge({ document: null }).then(async (r) => {
      await paid(r.payment, "evt_nf_pay_list");
      return r;
    });
    const errors = await listInvoices({ status: "erro", month: "2026-04" });
    expect(errors.rows.every((r) => r.status === "erro")).toBe(true);
    expect(errors.rows.find((r) => r.chargeNumber === charge.number)).toMatchObject({
      errorReason: INVOICE_REASONS.noDocument,
      valueCents: 8990,
      clientName: expect.stringMatching(/^Restaurante /),
    });
    expect(
      (await listInvoices({ status: "emitida" })).rows.some((r) => r.chargeNumber === charge.number),
    ).toBe(false);
    expect((await listInvoices({ month: "2026-05" })).total).toBe(0);
  });
});
