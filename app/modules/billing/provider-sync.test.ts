import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { charges, plans } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { ProviderError, type PaymentProvider } from "~/server/payments/provider";
import { useTestDatabase } from "../../../tests/support/db";
import { sendChargeToProvider } from "./provider-sync.server";

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
    cancel: async () => {},
    refund: async () => {},
    getStatus: async () => null,
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
