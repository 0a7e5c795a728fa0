// A plan changed "Agora" charges what it should. An upgrade charges the price
// difference for the days left of the paid period (round half up to the cent), shown before
// confirming; a downgrade gives it as a credit taken off the next charges, each as its own line,
// never below R$ 5,00, the rest carried forward, once even when the renewal job runs twice.
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { chargeLines, charges, clientCredits, plans, subscriptions } from "~/db/schema";
import { formatMoney } from "~/lib/format";
import { createClient } from "~/modules/clients/clients.server";
import { changeSubscriptionPlan } from "~/modules/clients/subscription-changes.server";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { issueRenewalCharges } from "./billing.server";
import { creditsLeft, MIN_CHARGE_AFTER_CREDIT_CENTS } from "./credits.server";
import { recordPayment } from "./payments.server";
import { previewPlanChange } from "./plan-change.server";
import { proratedCents, prorationSummary } from "./proration";
import { nextCharge } from "./next-charge.server";
import { cancelCharge } from "./reversals.server";
import { chargeTotals, chargeTotalsFromCharges } from "./totals.server";

const t = useTestDatabase();
const plan: Record<string, string> = {};
let seq = 0;
afterEach(() => resetClock());

beforeAll(async () => {
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "Básico", priceCents: 2000, setupFeeCents: 0 },
      { name: "Premium", priceCents: 9000, setupFeeCents: 0 },
      { name: "Premium Plus", priceCents: 10_001, setupFeeCents: 0 },
      { name: "Black", priceCents: 15_000, setupFeeCents: 0 },
    ])
    .returning();
  for (const p of rows) plan[p.name] = p.id;
});

/** A client on `planName` from `start` (a 30-day November by default), its first charge paid. */
async function paidClient(planName: string, start = "2026-11-01") {
  seq += 1;
  setClock(`${start}T15:00:00Z`);
  const c = await createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `proporcional${seq}@cobranca.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId: plan[planName],
      status: "ativo",
    },
    today: start,
  });
  const [first] = await t.db.select().from(charges).where(eq(charges.clientId, c.id));
  await recordPayment({
    chargeId: first.id,
    input: { paidOn: start, method: "pix", amountCents: first.amountCents },
    today: start,
  });
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, c.id));
  return { clientId: c.id, sub, first };
}

const change = (c: { clientId: string; sub: { id: string } }, planName: string, day: string) => {
  setClock(`${day}T15:00:00Z`);
  return changeSubscriptionPlan({ clientId: c.clientId, subscriptionId: c.sub.id, planId: plan[planName] });
};

const chargesOf = async (clientId: string) => {
  const rows = await t.db
    .select()
    .from(charges)
    .where(eq(charges.clientId, clientId))
    .orderBy(asc(charges.createdAt), asc(charges.number));
  return Promise.all(
    rows.map(async (c) => ({
      charge: c,
      lines: (
        await t.db
          .select()
          .from(chargeLines)
          .where(eq(chargeLines.chargeId, c.id))
          .orderBy(asc(chargeLines.position))
      ).map((l) => [l.kind, l.description, l.amountCents]),
    })),
  );
};

describe("the arithmetic", () => {
  it("rounds half up to the cent on difference × days left ÷ days in the period", () => {
    expect(proratedCents(6000, 20, 30)).toBe(4000);
    // 1001 × 15 ÷ 30 = 500,5: half up gives 501 (to even would give 500).
    expect(proratedCents(1001, 15, 30)).toBe(501);
    expect(proratedCents(-1001, 15, 30)).toBe(501);
    expect(proratedCents(1000, 20, 30)).toBe(667);
    expect(proratedCents(1000, 10, 30)).toBe(333);
    expect(proratedCents(1000, 0, 30)).toBe(0);
  });
});

describe("an upgrade 'Agora'", () => {
  it("10 days into a 30-day paid period charges 2/3 of the difference today, previewed the same", async () => {
    const c = await paidClient("Premium");
    setClock("2026-11-11T15:00:00Z");
    const preview = await previewPlanChange({ subscriptionId: c.sub.id, planId: plan.Black });
    expect(preview).toMatchObject({ kind: "ajuste", amountCents: 4000, monthlyCents: 15_000 });
    expect(prorationSummary(preview!)).toBe(
      `${formatMoney(4000)} hoje, depois ${formatMoney(15_000)} por mês`,
    );
    expect(prorationSummary(preview!)).toMatch(/^R\$\s40,00 hoje, depois R\$\s150,00 por mês$/);

    expect((await change(c, "Black", "2026-11-11")).ok).toBe(true);
    const all = await chargesOf(c.clientId);
    expect(all).toHaveLength(2);
    const adjustment = all[1];
    expect(adjustment.charge).toMatchObject({
      subscriptionId: c.sub.id,
      origin: "avulsa",
      status: "pendente",
      dueDate: "2026-11-11",
      periodStart: "2026-11-11",
      periodEnd: "2026-11-30",
      amountCents: 4000,
      extendsSubscription: false,
      // Financeiro's "Tipo" filter reads the line kinds as bits (ajuste 8).
      lineKinds: 8,
    });
    for (const kind of ["ajuste", "avulsa", "mensalidade"] as const)
      expect(await chargeTotals({ kind })).toEqual(await chargeTotalsFromCharges({ kind }));
    expect((await chargeTotals({ kind: "ajuste" })).receivableCents).toBeGreaterThanOrEqual(4000);
    expect(adjustment.lines).toEqual([
      [
        "ajuste",
        "Diferença da troca de plano Premium → Black · 20 de 30 dias, 11/11/2026 a 30/11/2026",
        4000,
      ],
    ]);
    // The paid charge keeps what it charged.
    expect(all[0].charge).toMatchObject({ status: "paga", amountCents: 9000 });
  });

  it("rounds a half cent up (Premium → Premium Plus, 15 of 30 days: 500,5 → R$ 5,01)", async () => {
    const c = await paidClient("Premium");
    expect((await change(c, "Premium Plus", "2026-11-16")).ok).toBe(true);
    const all = await chargesOf(c.clientId);
    expect(all[1].charge.amountCents).toBe(501);
    expect(all[1].lines[0]).toEqual([
      "ajuste",
      "Diferença da troca de plano Premium → Premium Plus · 15 de 30 dias, 16/11/2026 a 30/11/2026",
      501,
    ]);
  });

  it("charges nothing on the first day of a period not yet paid: that charge is repriced whole", async () => {
    seq += 1;
    setClock("2026-11-01T15:00:00Z");
    const c = await createClient({
      input: {
        name: `Cliente ${seq}`,
        email: `proporcional${seq}@cobranca.dev`,
        phone: "(11) 98765-4321",
        businessName: `Restaurante ${seq}`,
        planId: plan.Premium,
        status: "ativo",
      },
      today: "2026-11-01",
    });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, c.id));
    const p = await previewPlanChange({ subscriptionId: sub.id, planId: plan.Black });
    expect(p).toMatchObject({ kind: "none", amountCents: 0 });
    expect(prorationSummary(p!)).toMatch(/^R\$\s0,00 hoje, depois R\$\s150,00 por mês$/);
    expect((await change({ clientId: c.id, sub }, "Black", "2026-11-01")).ok).toBe(true);
    const all = await chargesOf(c.id);
    expect(all).toHaveLength(1);
    expect(all[0].charge.amountCents).toBe(15_000);
  });
});

describe("a downgrade 'Agora'", () => {
  it("gives a credit taken off the next renewal as its own line, once even when the job runs twice", async () => {
    const c = await paidClient("Black");
    setClock("2026-11-11T15:00:00Z");
    const preview = await previewPlanChange({ subscriptionId: c.sub.id, planId: plan.Premium });
    expect(prorationSummary(preview!)).toMatch(
      /^R\$\s0,00 hoje e crédito de R\$\s40,00 na próxima cobrança, depois R\$\s90,00 por mês$/,
    );
    expect((await change(c, "Premium", "2026-11-11")).ok).toBe(true);
    const [credit] = await t.db.select().from(clientCredits).where(eq(clientCredits.clientId, c.clientId));
    expect(credit).toMatchObject({
      subscriptionId: c.sub.id,
      amountCents: 4000,
      description: "Crédito da troca de plano Black → Premium · 20 de 30 dias, 11/11/2026 a 30/11/2026",
    });
    // No charge today.
    expect(await chargesOf(c.clientId)).toHaveLength(1);
    // "Próxima cobrança" already says what the renewal will be: the credit taken off.
    expect(await nextCharge({ subscriptionId: c.sub.id, today: "2026-11-11" })).toMatchObject({
      amountCents: 5000,
      dueDate: "2026-12-01",
      issued: false,
    });

    setClock("2026-11-25T15:00:00Z");
    await Promise.all([
      issueRenewalCharges({ today: "2026-11-25" }),
      issueRenewalCharges({ today: "2026-11-25" }),
    ]);
    await issueRenewalCharges({ today: "2026-11-26" });
    const all = await chargesOf(c.clientId);
    expect(all).toHaveLength(2);
    expect(all[1].charge).toMatchObject({
      periodStart: "2026-12-01",
      subtotalCents: 5000,
      amountCents: 5000,
      lineKinds: 1 | 16,
    });
    for (const kind of ["crédito", "mensalidade"] as const)
      expect(await chargeTotals({ kind })).toEqual(await chargeTotalsFromCharges({ kind }));
    expect(all[1].lines).toEqual([
      ["mensalidade", "Plano Premium · Mensal · 01/12/2026 a 31/12/2026", 9000],
      ["crédito", credit.description, -4000],
    ]);
    expect(await creditsLeft(t.db, c.clientId)).toEqual([]);
  });

  it("never takes a charge below R$ 5,00: the rest is carried to the next renewal; a cancelled charge gives it back", async () => {
    const c = await paidClient("Black");
    // 13 000 × 20 ÷ 30 = 8 666,67 → 8 667.
    expect((await change(c, "Básico", "2026-11-11")).ok).toBe(true);
    setClock("2026-11-25T15:00:00Z");
    await issueRenewalCharges({ today: "2026-11-25" });
    let all = await chargesOf(c.clientId);
    const december = all[1];
    expect(december.charge).toMatchObject({
      periodStart: "2026-12-01",
      amountCents: MIN_CHARGE_AFTER_CREDIT_CENTS,
    });
    expect(december.lines.map((l) => [l[0], l[2]])).toEqual([
      ["mensalidade", 2000],
      ["crédito", -1500],
    ]);
    expect((await creditsLeft(t.db, c.clientId)).map((x) => x.leftCents)).toEqual([8667 - 1500]);

    // December paid: January's renewal takes the next part.
    expect(
      (
        await recordPayment({
          chargeId: december.charge.id,
          input: { paidOn: "2026-11-30", method: "pix", amountCents: MIN_CHARGE_AFTER_CREDIT_CENTS },
          today: "2026-11-30",
        })
      ).ok,
    ).toBe(true);
    setClock("2026-12-25T15:00:00Z");
    await issueRenewalCharges({ today: "2026-12-25" });
    all = await chargesOf(c.clientId);
    const january = all[2];
    expect(january.charge).toMatchObject({
      periodStart: "2027-01-01",
      amountCents: MIN_CHARGE_AFTER_CREDIT_CENTS,
    });
    expect((await creditsLeft(t.db, c.clientId)).map((x) => x.leftCents)).toEqual([8667 - 3000]);

    // January cancelled: its part of the credit comes back.
    expect((await cancelCharge({ chargeId: january.charge.id, reason: "Teste" })).ok).toBe(true);
    expect((await creditsLeft(t.db, c.clientId)).map((x) => x.leftCents)).toEqual([8667 - 1500]);
  });

  it("after the renewal was issued, reprices it and takes the credit off it at once", async () => {
    const c = await paidClient("Black", "2026-10-01");
    setClock("2026-10-25T15:00:00Z");
    await issueRenewalCharges({ today: "2026-10-25" });
    // October has 31 days: 27 to 31 are 5 left. 6 000 × 5 ÷ 31 = 967,74 → 968.
    expect((await change(c, "Premium", "2026-10-27")).ok).toBe(true);
    const [november] = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.clientId, c.clientId), eq(charges.periodStart, "2026-11-01")));
    expect(november).toMatchObject({
      status: "pendente",
      subtotalCents: 9000 - 968,
      amountCents: 9000 - 968,
    });
    const lines = await t.db
      .select()
      .from(chargeLines)
      .where(eq(chargeLines.chargeId, november.id))
      .orderBy(asc(chargeLines.position));
    expect(lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ["mensalidade", 9000],
      ["crédito", -968],
    ]);
  });

  it("gives no credit for a period not paid (a credit is money received)", async () => {
    seq += 1;
    setClock("2026-11-01T15:00:00Z");
    const c = await createClient({
      input: {
        name: `Cliente ${seq}`,
        email: `proporcional${seq}@cobranca.dev`,
        phone: "(11) 98765-4321",
        businessName: `Restaurante ${seq}`,
        planId: plan.Black,
        status: "ativo",
      },
      today: "2026-11-01",
    });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, c.id));
    expect((await change({ clientId: c.id, sub }, "Premium", "2026-11-11")).ok).toBe(true);
    expect(await t.db.select().from(clientCredits).where(eq(clientCredits.clientId, c.id))).toEqual([]);
  });
});
