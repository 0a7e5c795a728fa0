import { and, eq, sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, charges, mailMessages, plans } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { ProviderError, type PaymentProvider } from "~/server/payments/provider";
import { useTestDatabase } from "../../../tests/support/db";
import { drainJobs } from "~/server/jobs/queue.server";
import { startFakeAsaas } from "../../../tests/support/fake-asaas";
import { changeChargeAmount } from "./charge-amount.server";
import { cancelCharge } from "./reversals.server";
import { BILLING_MESSAGES } from "./billing.messages";
import { resendChargeToProvider, sendChargeToProvider } from "./provider-sync.server";

const t = useTestDatabase();
let premium: string;

beforeAll(async () => {
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 0 })
    .returning();
  premium = plan.id;
});

/** A provider that is down until `up` is set, and counts the payments it created. */
function flakyProvider() {
  const state = { up: false, created: 0 };
  const provider: PaymentProvider = {
    name: "asaas",
    confirmsPayments: true,
    async createCustomer() {
      if (!state.up) throw new ProviderError("Asaas indisponível: ECONNREFUSED", true);
      return { providerCustomerId: "cus_1" };
    },
    async createCharge(input) {
      state.created += 1;
      return {
        providerId: `pay_${input.externalReference.slice(0, 6)}`,
        paymentUrl: "https://sandbox.asaas.com/i/x",
        pixPayload: "000201pix",
      };
    },
    updateCharge: async (providerId) => ({ providerId, paymentUrl: null, pixPayload: null }),
    cancel: async () => {},
    refund: async () => {},
    receiveInCash: async () => {
      throw new ProviderError("não usado", false);
    },
    getPayment: async () => null,
    testConnection: async () => ({ ok: true }),
    verifyWebhook: () => false,
    parseWebhook: () => null,
  };
  return { state, provider };
}

describe("sending a charge to the provider", () => {
  it("provider down: the failure and the next attempt are on the charge; the retry creates it once", async () => {
    const client = await createClient({
      input: {
        name: "Cliente",
        email: "sync@teste.dev",
        phone: "(11) 98765-4321",
        businessName: "Restaurante",
        planId: premium,
        status: "ativo",
      },
      today: "2026-03-10",
    });
    const [charge] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
    const { state, provider } = flakyProvider();
    await expect(sendChargeToProvider(provider, charge.id)).rejects.toBeInstanceOf(ProviderError);
    const [failed] = await t.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(failed.providerError).toContain("indisponível");
    expect(failed.providerNextAttemptAt).not.toBeNull();
    expect(failed.providerId).toBeNull();

    state.up = true;
    expect(await sendChargeToProvider(provider, charge.id, { retryCount: 1, isLastAttempt: false })).toBe(
      "created",
    );
    expect(await sendChargeToProvider(provider, charge.id)).toBe("skipped");
    expect(state.created).toBe(1);
    const [sent] = await t.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(sent).toMatchObject({
      provider: "asaas",
      providerPaymentUrl: "https://sandbox.asaas.com/i/x",
      providerPixPayload: "000201pix",
      providerError: null,
      providerNextAttemptAt: null,
    });
  });

  it("a refusal that will never succeed is recorded without a next attempt", async () => {
    const client = await createClient({
      input: {
        name: "Cliente 2",
        email: "sync2@teste.dev",
        phone: "(11) 98765-4321",
        businessName: "Restaurante 2",
        planId: premium,
        status: "ativo",
      },
      today: "2026-03-10",
    });
    const [charge] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
    const { provider } = flakyProvider();
    provider.createCustomer = async () => {
      throw new ProviderError("Asaas respondeu 400: CPF/CNPJ inválido.", false, 400);
    };
    expect(await sendChargeToProvider(provider, charge.id)).toBe("failed-final");
    const [failed] = await t.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(failed.providerError).toContain("CPF/CNPJ inválido");
    expect(failed.providerNextAttemptAt).toBeNull();
  });
});

describe("'Nova cobrança' with a provider, and 'Reenviar ao provedor'", () => {
  const issuedMails = (chargeId: string) =>
    t.db
      .select({ html: mailMessages.html, text: mailMessages.text })
      .from(mailMessages)
      .where(and(eq(mailMessages.entityId, chargeId), eq(mailMessages.kind, "cobranca.nova")));

  it("the e-mail goes once the provider has the charge, with its payment page and dynamic PIX", async () => {
    const client = await createClient({
      input: {
        name: "Cliente 3",
        email: "sync3@teste.dev",
        phone: "(11) 98765-4321",
        businessName: "Restaurante 3",
        planId: premium,
        status: "ativo",
      },
      today: "2026-03-10",
    });
    const [charge] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
    const { state, provider } = flakyProvider();
    state.up = true;
    expect(await sendChargeToProvider(provider, charge.id)).toBe("created");
    expect(await sendChargeToProvider(provider, charge.id)).toBe("skipped");
    const mails = await issuedMails(charge.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].html).toContain("https://sandbox.asaas.com/i/x");
    expect(mails[0].text).toContain("000201pix");
  });

  it("is asked for by an admin for an open charge the provider does not have, audited; refused otherwise", async () => {
    const client = await createClient({
      input: {
        name: "Cliente 4",
        email: "sync4@teste.dev",
        phone: "(11) 98765-4321",
        businessName: "Restaurante 4",
        planId: premium,
        status: "ativo",
      },
      today: "2026-03-10",
    });
    const [charge] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
    const { state, provider } = flakyProvider();
    const admin = { id: "admin-1", name: "Ana Admin" };
    expect(await resendChargeToProvider({ chargeId: charge.id, actor: admin, provider: null })).toEqual({
      ok: false,
      message: BILLING_MESSAGES.providerNotConfigured,
    });
    expect(await resendChargeToProvider({ chargeId: "nao-existe", actor: admin, provider })).toEqual({
      ok: false,
      message: BILLING_MESSAGES.notFound,
    });
    expect((await resendChargeToProvider({ chargeId: charge.id, actor: admin, provider })).ok).toBe(true);
    const jobs = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pgboss.job
           where name = 'billing.resend-to-provider' and data->>'chargeId' = ${charge.id}`,
    );
    expect(jobs[0].n).toBe(1);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, charge.id), eq(auditLog.action, "charge.provider_resent")));
    expect(entry.actorName).toBe("Ana Admin");

    state.up = true;
    await sendChargeToProvider(provider, charge.id);
    expect(await resendChargeToProvider({ chargeId: charge.id, actor: admin, provider })).toEqual({
      ok: false,
      message: BILLING_MESSAGES.providerAlreadyCreated,
    });
  });
});

describe("an admin's change follows the charge at the provider", () => {
  it("'Cancelar cobrança' cancels Asaas's payment; 'Alterar valor' gives it the new amount and PIX", async () => {
    const fake = await startFakeAsaas({ apiKey: "chave-sync" });
    const saved = { ...process.env };
    Object.assign(process.env, {
      ASAAS_API_KEY: "chave-sync",
      ASAAS_API_URL: fake.url,
      ASAAS_WEBHOOK_TOKEN: "token",
    });
    try {
      const make = async (n: number) => {
        const client = await createClient({
          input: {
            name: `Cliente ${n}`,
            email: `sync-follow${n}@teste.dev`,
            phone: "(11) 98765-4321",
            businessName: `Restaurante ${n}`,
            planId: premium,
            status: "ativo",
          },
          today: "2026-03-10",
        });
        await drainJobs();
        const [charge] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
        expect(charge.providerId).toMatch(/^pay_/);
        return charge;
      };
      const cancelled = await make(10);
      const discounted = await make(11);
      const admin = { id: "admin-1", name: "Ana Admin" };

      expect(
        (await cancelCharge({ chargeId: cancelled.id, reason: "Lançada por engano", actor: admin })).ok,
      ).toBe(true);
      expect(
        (await changeChargeAmount({ chargeId: discounted.id, amountCents: 5000, actor: admin })).ok,
      ).toBe(true);
      await drainJobs();

      expect(fake.payments[cancelled.providerId!].deleted).toBe(true);
      expect(fake.payments[discounted.providerId!].value).toBe(50);
      expect(fake.payments[discounted.providerId!].deleted).toBeUndefined();
      const [after] = await t.db.select().from(charges).where(eq(charges.id, discounted.id));
      expect(after.providerPixPayload).toBe(`000201-${discounted.providerId}-50`);
    } finally {
      process.env = saved;
      await fake.close();
    }
  });
});
