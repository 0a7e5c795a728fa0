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

  it("cancels with DELETE and refunds with POST /refund; getStatus maps the result", async () => {
    const p = provider();
    const { providerId } = await p.createCharge(charge);
    expect((await p.getStatus(providerId))?.status).toBe("pendente");
    await p.refund(providerId);
    expect(fake.seen.at(-1)).toMatchObject({ method: "POST", path: `/api/v3/payments/${providerId}/refund` });
    expect((await p.getStatus(providerId))?.status).toBe("estornada");
    await p.cancel(providerId);
    expect(fake.seen.at(-1)).toMatchObject({ method: "DELETE", path: `/api/v3/payments/${providerId}` });
    expect((await p.getStatus(providerId))?.status).toBe("cancelada");
    expect(await p.getStatus("pay_inexistente")).toBeNull();
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

  it("parses a RECEIVED event with the payment date, amount and method", () => {
    const ev = provider().parseWebhook({
      id: "evt_1",
      event: "PAYMENT_RECEIVED",
      payment: {
        id: "pay_9",
        externalReference: "ref",
        value: 129.9,
        billingType: "PIX",
        clientPaymentDate: "2026-12-09",
      },
    });
    expect(ev).toEqual({
      eventId: "evt_1",
      type: "PAYMENT_RECEIVED",
      kind: "paid",
      providerPaymentId: "pay_9",
      externalReference: "ref",
      paidOn: "2026-12-09",
      amountPaidCents: 12_990,
      method: "pix",
    });
    expect(
      provider().parseWebhook({ id: "evt_2", event: "PAYMENT_CHARGEBACK_REQUESTED", payment: {} })?.kind,
    ).toBe("refunded");
    expect(provider().parseWebhook({ id: "evt_3", event: "SUBSCRIPTION_CREATED" })?.kind).toBe("ignored");
    expect(provider().parseWebhook({ event: "PAYMENT_RECEIVED" })).toBeNull();
    expect(provider().parseWebhook("lixo")).toBeNull();
  });
});
