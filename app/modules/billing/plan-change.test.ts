import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, chargeLines, charges, plans, subscriptions } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { changeSubscriptionPlan } from "~/modules/clients/subscription-changes.server";
import { SUBSCRIPTION_CHANGE_MESSAGES } from "~/modules/clients/clients.schema";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { issueRenewalCharges } from "./billing.server";
import { changeChargeAmount } from "./charge-amount.server";
import { recordPayment } from "./payments.server";

// One truth ("a month counts at the price charged for it"): a plan changed "Agora" after the next
// period's renewal charge was issued reprices that charge, unless money was paid on it. Found by
// the randomised business (app/modules/consistency/random-business.test.ts).
const t = useTestDatabase();
const plan: Record<string, string> = {};
let seq = 0;
afterEach(() => resetClock());

beforeAll(async () => {
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "Básico", priceCents: 4990, setupFeeCents: 19_900 },
      { name: "Premium", priceCents: 8990, setupFeeCents: 0 },
    ])
    .returning();
  for (const p of rows) plan[p.name] = p.id;
});

/** A client on Básico from 2026-10-01, its first charge paid and its November renewal issued. */
async function renewedClient() {
  seq += 1;
  setClock("2026-10-01T15:00:00Z");
  const c = await createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `reprecifica${seq}@cobranca.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId: plan.Básico,
      status: "ativo",
    },
    today: "2026-10-01",
  });
  const [first] = await t.db.select().from(charges).where(eq(charges.clientId, c.id));
  await recordPayment({
    chargeId: first.id,
    input: { paidOn: "2026-10-01", method: "pix", amountCents: first.amountCents },
    today: "2026-10-01",
  });
  setClock("2026-10-25T15:00:00Z");
  await issueRenewalCharges({ today: "2026-10-25" });
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, c.id));
  const [renewal] = await t.db
    .select()
    .from(charges)
    .where(and(eq(charges.clientId, c.id), eq(charges.periodStart, "2026-11-01")));
  expect(renewal.amountCents).toBe(4990);
  return { clientId: c.id, sub, first, renewal };
}

const chargeNow = async (id: string) => {
  const [charge] = await t.db.select().from(charges).where(eq(charges.id, id));
  const lines = await t.db.select().from(chargeLines).where(eq(chargeLines.chargeId, id));
  return { charge, lines: lines.map((l) => [l.kind, l.description, l.amountCents]) };
};

const upNow = (c: { clientId: string; sub: { id: string } }) => {
  setClock("2026-10-27T15:00:00Z");
  return changeSubscriptionPlan({ clientId: c.clientId, subscriptionId: c.sub.id, planId: plan.Premium });
};

describe("a plan changed now after the next period was charged", () => {
  it("reprices the open renewal at the new plan, audited; the started period keeps its price", async () => {
    const c = await renewedClient();
    expect((await upNow(c)).ok).toBe(true);

    const renewal = await chargeNow(c.renewal.id);
    expect(renewal.charge).toMatchObject({ status: "pendente", subtotalCents: 8990, amountCents: 8990 });
    expect(renewal.lines).toEqual([
      ["mensalidade", "Plano Premium · Mensal · 01/11/2026 a 30/11/2026", 8990],
    ]);
    const first = await chargeNow(c.first.id);
    expect(first.charge).toMatchObject({ status: "paga", amountCents: 4990 + 19_900 });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.renewal.id), eq(auditLog.action, "charge.amount_changed")));
    expect(entry.changes).toMatchObject({ valor: [4990, 8990] });
  });

  it("reprices it on the period's first day too, the day Receita counts the new plan from", async () => {
    const c = await renewedClient();
    setClock("2026-11-01T15:00:00Z");
    const res = await changeSubscriptionPlan({
      clientId: c.clientId,
      subscriptionId: c.sub.id,
      planId: plan.Premium,
    });
    expect(res.ok).toBe(true);
    expect((await chargeNow(c.renewal.id)).charge).toMatchObject({ status: "pendente", amountCents: 8990 });
  });

  it("keeps a discount given on the renewal", async () => {
    const c = await renewedClient();
    expect((await changeChargeAmount({ chargeId: c.renewal.id, amountCents: 3990 })).ok).toBe(true);
    expect((await upNow(c)).ok).toBe(true);
    expect((await chargeNow(c.renewal.id)).charge).toMatchObject({
      subtotalCents: 8990,
      discountCents: 1000,
      amountCents: 7990,
    });
  });

  it("leaves a renewal already paid at what it charged: the change now is refused until that period begins", async () => {
    const c = await renewedClient();
    await recordPayment({
      chargeId: c.renewal.id,
      input: { paidOn: "2026-10-26", method: "pix", amountCents: 4990 },
      today: "2026-10-26",
    });
    expect(await upNow(c)).toEqual({
      ok: false,
      message: SUBSCRIPTION_CHANGE_MESSAGES.nextPeriodPaid("2026-11-01"),
    });
    expect((await chargeNow(c.renewal.id)).charge).toMatchObject({ status: "paga", amountCents: 4990 });
  });
});
