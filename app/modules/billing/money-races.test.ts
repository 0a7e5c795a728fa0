// Money under concurrency: what two requests, two jobs or two instances doing the same thing at
// once leave behind. On PostgreSQL the calls really overlap (a pool of connections); on PGlite
// they are serialised, and the same outcome is still required.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeLines, charges, clients, plans } from "~/db/schema";
import { addSubscription } from "~/modules/clients/subscriptions.server";
import { asaasProvider } from "~/server/payments/asaas.server";
import type { PaymentProvider } from "~/server/payments/provider";
import { useTestDatabase } from "../../../tests/support/db";
import { startFakeAsaas, type FakeAsaas } from "../../../tests/support/fake-asaas";
import { createOneOffCharge } from "./billing.server";
import { syncProviderPayment } from "./provider-payment.server";
import { sendChargeToProvider } from "./provider-sync.server";

const t = useTestDatabase();
let fake: FakeAsaas;
let asaas: PaymentProvider;
let planId = "";
let seq = 0;

beforeAll(async () => {
  fake = await startFakeAsaas({ apiKey: "chave-corrida" });
  asaas = asaasProvider({ apiKey: "chave-corrida", apiUrl: fake.url, webhookToken: "x" });
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, setupFeeCents: 14900 })
    .returning();
  planId = plan.id;
});
afterAll(() => fake.close());

async function newClient() {
  seq += 1;
  const [client] = await t.db
    .insert(clients)
    .values({
      name: `Corrida ${seq}`,
      email: `corrida${seq}@teste.dev`,
      phone: "11999990000",
      businessName: "Bar",
    })
    .returning();
  return client.id;
}

describe("no double billing under concurrency", () => {
  it("two subscriptions added at once for a client with none bill the activation fee once", async () => {
    const clientId = await newClient();
    const add = () =>
      addSubscription({ clientId, input: { planId, startDate: "2026-12-01", renewalType: "mensal" } });
    await Promise.all([add(), add()]);
    const fees = await t.db
      .select({ id: chargeLines.id })
      .from(chargeLines)
      .innerJoin(charges, eq(charges.id, chargeLines.chargeId))
      .where(and(eq(charges.clientId, clientId), eq(chargeLines.kind, "ativação")));
    expect(fees).toHaveLength(1);
    expect(await t.db.select().from(charges).where(eq(charges.clientId, clientId))).toHaveLength(2);
  });

  it("the issuing job and 'Reenviar ao provedor' sending one charge at once create one payment", async () => {
    const clientId = await newClient();
    const made = await createOneOffCharge({
      clientId,
      input: { description: "Cardápio impresso", amountCents: 5000, dueDate: "2026-12-20" },
    });
    if (!made.ok) throw new Error(made.message);
    const outcomes = await Promise.all([
      sendChargeToProvider(asaas, made.value.id),
      sendChargeToProvider(asaas, made.value.id),
      sendChargeToProvider(asaas, made.value.id),
    ]);
    expect(outcomes.filter((o) => o === "created")).toHaveLength(1);
    const atAsaas = Object.values(fake.payments).filter((p) => p.externalReference === made.value.id);
    expect(atAsaas).toHaveLength(1);
    const posts = fake.seen.filter((s) => s.method === "POST" && s.path === "/api/v3/payments");
    expect(
      posts.filter((p) => (p.body as { externalReference: string }).externalReference === made.value.id),
    ).toHaveLength(1);
  });

  it("a read older than another worker's is read again under the charge's lock", async () => {
    const clientId = await newClient();
    const made = await createOneOffCharge({
      clientId,
      input: { description: "Fotos", amountCents: 5000, dueDate: "2026-12-20" },
    });
    if (!made.ok) throw new Error(made.message);
    await sendChargeToProvider(asaas, made.value.id);
    const [charge] = await t.db.select().from(charges).where(eq(charges.id, made.value.id));
    const payment = fake.payments[charge.providerId!];
    Object.assign(payment, {
      status: "RECEIVED",
      value: 50,
      billingType: "PIX",
      clientPaymentDate: "2026-12-05",
    });
    expect(await syncProviderPayment(asaas, payment.id)).toBe("paga");
    // A worker read "RECEIVED" before the refund; by the time it holds the lock, Asaas says refunded.
    let reads = 0;
    const stale: PaymentProvider = {
      ...asaas,
      async getPayment(id) {
        reads += 1;
        const now = await asaas.getPayment(id);
        if (reads === 1) return now && { ...now, state: "recebido" };
        return now;
      },
    };
    payment.status = "REFUNDED";
    expect(await syncProviderPayment(stale, payment.id)).toBe("estornada");
    expect(reads).toBe(2);
    const [after] = await t.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(after.status).toBe("estornada");
  });
});
