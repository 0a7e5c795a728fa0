import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asaasProvider, sameSecret } from "./asaas.server";
import { ProviderError } from "./provider";
import { startFakeAsaas, type FakeAsaas } from "../../../tests/support/fake-asaas";

// A local fake of Asaas's REST v3 that records what it was sent and answers like the docs say.
let fake: FakeAsaas;
beforeAll(async () => {
  fake = await startFakeAsaas({ apiKey: "chave-teste" });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const provider = () => asaasProvider({ apiKey: "chave-teste", apiUrl: fake.url, webhookToken: "segredo" });
const charge = {
  externalReference: "5b0e7c8e-0000-4000-8000-000000000001",
  providerCustomerId: "cus_1",
  amountCents: 12_990,
  dueDate: "2026-12-10",
  description: "Cobrança 2026-000001",
};

describe("Asaas adapter against a fake Asaas", () => {
  it("creates the payment with UNDEFINED billing, reais, due date and our charge id, and returns link and PIX", async () => {
    const out = await provider().createCharge(charge);
    const post = fake.seen.find((s) => s.method === "POST" && s.path === "/api/v3/payments");
    expect(post?.token).toBe("chave-teste");
    expect(post?.body).toEqual({
      customer: "cus_1",
      billingType: "UNDEFINED",
      value: 129.9,
      dueDate: "2026-12-10",
      description: "Cobrança 2026-000001",
      externalReference: charge.externalReference,
    });
    expect(out).toMatchObject({
      providerId: "pay_1",
      paymentUrl: "https://sandbox.asaas.com/i/pay_1",
      pixPayload: "000201-pay_1-129.9",
      pixQrImage: "data:image/png;base64,iVBORw0K",
    });
  });

  it("creates the customer once: a second call finds it by our client id", async () => {
    const out = await provider().createCustomer({
      externalReference: "cli-1",
      name: "Pizzaria Boa",
      document: "12345678000190",
    });
    expect(out.providerCustomerId).toBe("cus_1");
    expect(fake.seen.find((s) => s.method === "POST")?.body).toMatchObject({
      name: "Pizzaria Boa",
      cpfCnpj: "12345678000190",
      externalReference: "cli-1",
      // Our reminder schedule e-mails the client; Asaas's own notifications would repeat it.
      notificationDisabled: true,
    });
  });

  it("brings a customer found by our client id up to date when asked, with the fiscal address", async () => {
    const client = { externalReference: "cli-2", name: "Cantina Boa", document: "52998224725" };
    const { providerCustomerId } = await provider().createCustomer(client);
    // Found again: left as it is unless an update is asked for (a charge sent needs only the id).
    await provider().createCustomer({ ...client, name: "Outro nome" });
    expect(fake.customers[providerCustomerId!]).toMatchObject({ name: "Cantina Boa" });
    const address = {
      postalCode: "01310100",
      street: "Avenida Paulista",
      number: "1000",
      district: "Bela Vista",
    };
    const again = await provider().createCustomer({ ...client, address, update: true });
    expect(again.providerCustomerId).toBe(providerCustomerId);
    expect(Object.keys(fake.customers)).toHaveLength(1);
    expect(fake.customers[providerCustomerId!]).toMatchObject({
      cpfCnpj: "52998224725",
      postalCode: "01310100",
      address: "Avenida Paulista",
      addressNumber: "1000",
      province: "Bela Vista",
    });
  });

  it("an error answer is a retryable failure; the retry creates the payment once", async () => {
    fake.failNext = [{ status: 503, body: {} }];
    const err = await provider()
      .createCharge(charge)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(true);
    await provider().createCharge(charge);
    // A retry after the payment was made but the answer lost finds it instead of duplicating it.
    await provider().createCharge(charge);
    expect(Object.keys(fake.payments)).toHaveLength(1);
  });

  it("a 400 with Asaas's errors is not retried and says why", async () => {
    fake.failNext = [
      { status: 400, body: { errors: [{ code: "invalid_value", description: "Valor inválido." }] } },
    ];
    const err = (await provider()
      .createCharge(charge)
      .catch((e: unknown) => e)) as ProviderError;
    expect(err.retryable).toBe(false);
    expect(err.message).toContain("Valor inválido.");
  });

  it("a wrong key is refused by Asaas and reported by Testar conexão", async () => {
    const bad = asaasProvider({ apiKey: "errada", apiUrl: fake.url, webhookToken: "segredo" });
    expect(await bad.testConnection()).toEqual({ ok: false, message: "Chave do Asaas recusada." });
    expect(await provider().testConnection()).toEqual({ ok: true });
  });

  it("reads a payment back with GET /payments/{id}: its state, value, date and our charge id", async () => {
    const p = provider();
    const { providerId } = await p.createCharge(charge);
    expect(await p.getPayment(providerId)).toEqual({
      id: providerId,
      externalReference: charge.externalReference,
      state: "aberto",
      raw: "PENDING",
      valueCents: 12_990,
      paidOn: null,
      method: null,
    });
    expect(fake.seen.at(-1)).toMatchObject({ method: "GET", path: `/api/v3/payments/${providerId}` });
    Object.assign(fake.payments[providerId], {
      status: "RECEIVED",
      value: 1,
      billingType: "PIX",
      clientPaymentDate: "2026-12-09",
    });
    expect(await p.getPayment(providerId)).toMatchObject({
      state: "recebido",
      valueCents: 100,
      paidOn: "2026-12-09",
      method: "pix",
    });
    for (const [status, state] of [
      ["CONFIRMED", "recebido"],
      ["REFUND_IN_PROGRESS", "recebido"],
      ["REFUNDED", "estornado"],
      ["CHARGEBACK_REQUESTED", "contestado"],
      ["CHARGEBACK_DISPUTE", "contestado"],
      ["AWAITING_CHARGEBACK_REVERSAL", "contestado"],
      ["OVERDUE", "vencido"],
      ["RECEIVED_IN_CASH", "recebido_em_dinheiro"],
    ] as const) {
      fake.payments[providerId].status = status;
      expect((await p.getPayment(providerId))?.state).toBe(state);
    }
    fake.payments[providerId].deleted = true;
    expect((await p.getPayment(providerId))?.state).toBe("removido");
    expect(await p.getPayment("pay_inexistente")).toBeNull();
  });

  it("cancels with DELETE, refunds with POST /refund, marks received with POST /receiveInCash", async () => {
    const p = provider();
    const a = (await p.createCharge(charge)).providerId;
    const paid = await p.receiveInCash(a, { paidOn: "2026-12-08", amountCents: 12_990 });
    expect(fake.seen.at(-1)).toMatchObject({
      method: "POST",
      path: `/api/v3/payments/${a}/receiveInCash`,
      body: { paymentDate: "2026-12-08", value: 129.9, notifyCustomer: false },
    });
    expect(paid).toMatchObject({ state: "recebido_em_dinheiro", valueCents: 12_990, paidOn: "2026-12-08" });
    // Asaas refuses to mark a payment received twice, or to cancel a received one: a 4xx, not retried.
    const again = (await p
      .receiveInCash(a, { paidOn: "2026-12-08", amountCents: 12_990 })
      .catch((e: unknown) => e)) as ProviderError;
    expect(again.retryable).toBe(false);
    expect((await p.cancel(a).catch((e: unknown) => e)) as ProviderError).toBeInstanceOf(ProviderError);

    const b = (await p.createCharge({ ...charge, externalReference: "ref-b" })).providerId;
    fake.payments[b].status = "RECEIVED";
    await p.refund(b);
    expect(fake.seen.at(-1)).toMatchObject({ method: "POST", path: `/api/v3/payments/${b}/refund` });
    expect((await p.getPayment(b))?.state).toBe("estornado");
    const c = (await p.createCharge({ ...charge, externalReference: "ref-c" })).providerId;
    await p.cancel(c);
    expect(fake.seen.at(-1)).toMatchObject({ method: "DELETE", path: `/api/v3/payments/${c}` });
    expect((await p.getPayment(c))?.state).toBe("removido");
  });

  it("a provider that does not answer is a retryable failure", async () => {
    const down = asaasProvider({ apiKey: "chave-teste", apiUrl: "http://127.0.0.1:9", webhookToken: "x" });
    const err = (await down.createCharge(charge).catch((e: unknown) => e)) as ProviderError;
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.retryable).toBe(true);
  });
});

describe("Asaas webhooks", () => {
  it("accepts only the exact token", () => {
    const p = provider();
    expect(p.verifyWebhook(new Headers({ "asaas-access-token": "segredo" }))).toBe(true);
    expect(p.verifyWebhook(new Headers({ "asaas-access-token": "segred" }))).toBe(false);
    expect(p.verifyWebhook(new Headers())).toBe(false);
    expect(sameSecret("", "")).toBe(false);
  });

  it("parses an event as a notice: which payment to read back, nothing more", () => {
    const ev = provider().parseWebhook({
      id: "evt_1",
      event: "PAYMENT_RECEIVED",
      payment: { id: "pay_9", externalReference: "ref", value: 129.9, billingType: "PIX" },
    });
    // The value, date and reference in the body are not taken: the payment is read from Asaas.
    expect(ev).toEqual({
      eventId: "evt_1",
      type: "PAYMENT_RECEIVED",
      kind: "payment",
      providerPaymentId: "pay_9",
    });
    expect(
      provider().parseWebhook({
        id: "evt_2",
        event: "PAYMENT_CHARGEBACK_REQUESTED",
        payment: { id: "pay_9" },
      })?.kind,
    ).toBe("payment");
    expect(provider().parseWebhook({ id: "evt_3", event: "SUBSCRIPTION_CREATED" })?.kind).toBe("ignored");
    expect(provider().parseWebhook({ id: "evt_4", event: "PAYMENT_RECEIVED", payment: {} })?.kind).toBe(
      "ignored",
    );
    expect(provider().parseWebhook({ event: "PAYMENT_RECEIVED" })).toBeNull();
    expect(provider().parseWebhook("lixo")).toBeNull();
  });
});

describe("Asaas tax invoices (NFS-e) against a fake Asaas", () => {
  const note = {
    externalReference: "5b0e7c8e-0000-4000-8000-000000000002",
    providerPaymentId: "pay_1",
    valueCents: 8_990,
    serviceDescription: "Cardápio digital, plano Premium, período 10/04/2026 a 09/05/2026.",
    observations: "Cobrança 2026-000002.",
    effectiveDate: "2026-04-06",
    municipalServiceCode: "0105",
    municipalServiceName: "Licenciamento de programas",
    taxes: { retainIss: true, issBp: 250, pisBp: 65, cofinsBp: 300, csllBp: 100, irBp: 150, inssBp: 0 },
    ibsCbs: { cst: "000", classification: "000001", operationIndicator: "100301", nbsCode: null },
  };

  it("schedules the note with reais, percentages, the IBS/CBS group and our charge id; a retry finds it", async () => {
    await provider().createCharge(charge);
    const first = await provider().issueInvoice!(note);
    const post = fake.seen.find((s) => s.method === "POST" && s.path === "/api/v3/invoices");
    expect(post?.body).toMatchObject({
      payment: "pay_1",
      value: 89.9,
      externalReference: note.externalReference,
      taxes: { retainIss: true, iss: 2.5, pis: 0.65, cofins: 3, csll: 1, ir: 1.5, inss: 0 },
      ibsCbs: { cst: "000", classificationCode: "000001", operationIndicator: "100301" },
    });
    expect(first).toMatchObject({ state: "agendada", raw: "SCHEDULED", number: null });
    const again = await provider().issueInvoice!(note);
    expect(again.id).toBe(first.id);
    expect(fake.seen.filter((s) => s.method === "POST" && s.path === "/api/v3/invoices")).toHaveLength(1);
  });

  it("reads a note back with its number, code and links; an unknown note is null", async () => {
    await provider().createCharge(charge);
    const { id } = await provider().issueInvoice!(note);
    fake.setInvoice(id, "AUTHORIZED", {
      number: 321,
      validationCode: "X1",
      pdfUrl: "https://a/p.pdf",
      xmlUrl: "https://a/x.xml",
    });
    expect(await provider().getInvoice!(id)).toMatchObject({
      state: "emitida",
      number: "321",
      validationCode: "X1",
      pdfUrl: "https://a/p.pdf",
      xmlUrl: "https://a/x.xml",
    });
    expect(await provider().getInvoice!("inv_inexistente")).toBeNull();
  });

  it("cancels an authorised note (processing), refuses one already cancelled with a final error", async () => {
    await provider().createCharge(charge);
    const { id } = await provider().issueInvoice!(note);
    fake.setInvoice(id, "AUTHORIZED");
    expect((await provider().cancelInvoice!(id)).state).toBe("cancelando");
    fake.setInvoice(id, "CANCELED");
    const refused = await provider().cancelInvoice!(id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).retryable).toBe(false);
  });

  it("an INVOICE_* webhook is an invoice notice naming the note; a PAYMENT_* one still a payment's", () => {
    expect(
      provider().parseWebhook({
        id: "evt_1",
        event: "INVOICE_AUTHORIZED",
        invoice: { id: "inv_000000000001" },
      }),
    ).toEqual({
      eventId: "evt_1",
      type: "INVOICE_AUTHORIZED",
      kind: "invoice",
      providerPaymentId: null,
      providerInvoiceId: "inv_000000000001",
    });
    expect(
      provider().parseWebhook({ id: "evt_2", event: "PAYMENT_RECEIVED", payment: { id: "pay_9" } }),
    ).toMatchObject({
      kind: "payment",
      providerPaymentId: "pay_9",
    });
    expect(provider().parseWebhook({ id: "evt_3", event: "INVOICE_CREATED" })?.kind).toBe("ignored");
  });
});
