import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, charges, clients, plans, subscriptions } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { createClient } from "~/modules/clients/clients.server";
import { addSubscription } from "~/modules/clients/subscriptions.server";
import { resetClock, setClock, today } from "~/server/clock.server";
import { queryRows } from "~/db/client.server";
import { useTestDatabase } from "../../../tests/support/db";
import { runChargeAction } from "./actions.server";
import { createOneOffCharge, issueRenewalCharges } from "./billing.server";
import { changeChargeAmount } from "./charge-amount.server";
import { getCharge, listClientCharges } from "./charge-reads.server";
import { markOverdueCharges } from "./overdue.server";
import { saveBillingSettings } from "./settings.server";
import { cancelCharge } from "./reversals.server";
import { recordPayment } from "./payments.server";

const t = useTestDatabase();
let premium: string;
let basic: string;
const admin = { id: "admin-1", name: "Ana Admin" };
const pixSettings = {
  pixKey: "financeiro@empresa.dev",
  pixName: "Cardapio Digital",
  pixCity: "Sao Paulo",
  renewalDaysBefore: 10,
};

beforeAll(async () => {
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "Premium", priceCents: 8990, setupFeeCents: 14900 },
      { name: "Básico", priceCents: 4990, setupFeeCents: 9900 },
    ])
    .returning();
  premium = rows[0].id;
  basic = rows[1].id;
});

afterEach(() => resetClock());

let seq = 0;
async function newClient(planId: string | null = premium, day = "2026-03-10") {
  seq += 1;
  return createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `cobranca${seq}@teste.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId,
      status: "ativo",
    },
    today: day,
    actor: admin,
  });
}

async function subscriptionOf(clientId: string) {
  const [s] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId));
  return s;
}

describe("first charge", () => {
  it("a new client's first subscription is charged its first month plus the activation fee, in its transaction", async () => {
    setClock("2026-03-10T15:00:00Z");
    const client = await newClient();
    const [charge] = await listClientCharges({ clientId: client.id });
    expect(charge.number).toMatch(/^2026-\d{6}$/);
    expect(charge.status).toBe("pendente");
    expect(charge.lines.map((l) => [l.kind, l.description, l.amountCents])).toEqual([
      ["mensalidade", "Plano Premium · Mensal · 10/03/2026 a 09/04/2026", 8990],
      ["ativação", "Taxa de ativação", 14900],
    ]);
    expect(charge.amountCents).toBe(8990 + 14900);
    expect(charge).toMatchObject({
      periodStart: "2026-03-10",
      periodEnd: "2026-04-09",
      // Issued on Tuesday: due 3 business days later (the default "Prazo da primeira cobrança").
      dueDate: "2026-03-13",
    });
    expect(charge.pixTxid).toBe(charge.number.replace("-", ""));
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "charge.created"), eq(auditLog.entityId, charge.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0].actorName).toBe("Ana Admin");
  });

  it("a second subscription of the same client, and every renewal, carry no activation fee", async () => {
    const client = await newClient(premium, "2026-03-01");
    await addSubscription({
      clientId: client.id,
      input: { planId: basic, startDate: "2026-04-01", renewalType: "trimestral", noBilling: false },
      actor: admin,
    });
    const list = await listClientCharges({ clientId: client.id });
    const second = list.find((c) => c.periodStart === "2026-04-01")!;
    expect(second.lines.map((l) => [l.kind, l.amountCents])).toEqual([["mensalidade", 4990 * 3]]);
    const renewals = await issueRenewalCharges({ today: "2026-03-25", daysBefore: 10 });
    expect(renewals).toBeGreaterThanOrEqual(1);
    const renewal = (await listClientCharges({ clientId: client.id })).find(
      (c) => c.periodStart === "2026-04-01" && c.extendsSubscription,
    )!;
    expect(renewal.lines.map((l) => l.kind)).toEqual(["mensalidade"]);
    expect(renewal.amountCents).toBe(8990);
  });

  it("is due 3 business days after it is issued: a Friday's charge on Wednesday, on Thursday when Monday is a holiday", async () => {
    // Friday 13/03/2026: Monday, Tuesday, Wednesday.
    setClock("2026-03-13T15:00:00Z");
    const plain = await newClient(premium, "2026-03-13");
    expect((await listClientCharges({ clientId: plain.id }))[0].dueDate).toBe("2026-03-18");
    // Friday 04/09/2026: Monday 07/09 is Independência (a national holiday), so Tuesday, Wednesday,
    // Thursday.
    setClock("2026-09-04T15:00:00Z");
    const beforeHoliday = await newClient(premium, "2026-09-04");
    const [charge] = await listClientCharges({ clientId: beforeHoliday.id });
    expect(charge).toMatchObject({ periodStart: "2026-09-04", dueDate: "2026-09-10" });
  });

  it("follows the setting 'Prazo da primeira cobrança', and is never due before its period starts", async () => {
    await saveBillingSettings({ input: { ...pixSettings, firstChargeBusinessDays: 1 } });
    try {
      // Saturday 07/03/2026: 1 business day later is Monday 09/03, never the day it arrives.
      setClock("2026-03-07T15:00:00Z");
      const one = await newClient(premium, "2026-03-07");
      expect((await listClientCharges({ clientId: one.id }))[0].dueDate).toBe("2026-03-09");
      // A subscription starting later is due on its first day.
      const later = await newClient(null, "2026-03-07");
      await addSubscription({
        clientId: later.id,
        input: { planId: premium, startDate: "2026-04-01", renewalType: "mensal", noBilling: false },
        actor: admin,
      });
      expect((await listClientCharges({ clientId: later.id }))[0].dueDate).toBe("2026-04-01");
    } finally {
      await saveBillingSettings({ input: { ...pixSettings, firstChargeBusinessDays: 3 } });
    }
  });

  it("a subscription marked sem cobrança issues nothing", async () => {
    const client = await newClient(null);
    await addSubscription({
      clientId: client.id,
      input: { planId: premium, startDate: "2026-03-10", renewalType: "mensal", noBilling: true },
    });
    expect(await listClientCharges({ clientId: client.id })).toEqual([]);
    await issueRenewalCharges({ today: "2026-04-05", daysBefore: 10 });
    expect(await listClientCharges({ clientId: client.id })).toEqual([]);
  });
});

describe("renewals", () => {
  it("two runs at the same time issue the next period once, at the plan's price of the day", async () => {
    const client = await newClient(premium, "2026-05-01");
    const sub = await subscriptionOf(client.id);
    const results = await Promise.all([
      issueRenewalCharges({ today: "2026-05-22", daysBefore: 10 }),
      issueRenewalCharges({ today: "2026-05-22", daysBefore: 10 }),
    ]);
    expect(results[0] + results[1]).toBe(1);
    const rows = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.subscriptionId, sub.id), eq(charges.periodStart, "2026-06-01")));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 8990, dueDate: "2026-06-01", periodEnd: "2026-06-30" });
    expect(await issueRenewalCharges({ today: "2026-05-23", daysBefore: 10 })).toBe(0);
    // One audit entry and one charge.created event (the batch's single insert), whoever issued it.
    const [{ audits, events }] = await queryRows<{ audits: number; events: number }>(
      t.db,
      sql`select (select count(*)::int from audit_log where action = 'charge.created' and entity_id = ${rows[0].id}) as audits,
                 (select count(*)::int from pgboss.job where name = 'events' and data->>'event' = 'charge.created'
                     and data->'payload'->>'chargeId' = ${rows[0].id}) as events`,
    );
    expect([Number(audits), Number(events)]).toEqual([1, 1]);
  });

  it("too early, nothing is issued; periods that already ended are not back-billed", async () => {
    const client = await newClient(premium, "2026-07-01");
    const sub = await subscriptionOf(client.id);
    await issueRenewalCharges({ today: "2026-07-20", daysBefore: 10 });
    await issueRenewalCharges({ today: "2026-08-02", daysBefore: 10 });
    const rows = await t.db.select().from(charges).where(eq(charges.subscriptionId, sub.id));
    expect(rows.map((r) => r.periodStart)).toEqual(["2026-07-01"]);
  });

  it("a plan price change leaves issued charges unchanged and prices the next period anew", async () => {
    const [plan] = await t.db
      .insert(plans)
      .values({ name: "Variável", priceCents: 5000, setupFeeCents: 1000 })
      .returning();
    const client = await newClient(plan.id, "2026-09-01");
    const [first] = await listClientCharges({ clientId: client.id });
    await t.db.update(plans).set({ priceCents: 7000, setupFeeCents: 3000 }).where(eq(plans.id, plan.id));
    const again = await getCharge({ id: first.id });
    expect(again?.amountCents).toBe(6000);
    expect(again?.lines.map((l) => l.amountCents)).toEqual([5000, 1000]);
    await issueRenewalCharges({ today: "2026-09-25", daysBefore: 10 });
    const renewal = (await listClientCharges({ clientId: client.id })).find(
      (c) => c.periodStart === "2026-10-01",
    );
    expect(renewal?.amountCents).toBe(7000);
  });
});

describe("payments", () => {
  it("paying a renewal extends the end date once, however many times it is recorded", async () => {
    setClock("2026-04-25T12:00:00Z");
    const client = await newClient(premium, "2026-04-01");
    const sub = await subscriptionOf(client.id);
    expect(sub.endDate).toBe("2026-05-01");
    await issueRenewalCharges({ daysBefore: 10 });
    const renewal = (await listClientCharges({ clientId: client.id })).find((c) => c.extendsSubscription)!;
    const pay = () =>
      recordPayment({
        chargeId: renewal.id,
        input: { paidOn: today(), method: "pix", amountCents: renewal.amountCents },
        actor: admin,
      });
    const first = await pay();
    expect(first.ok).toBe(true);
    const second = await pay();
    expect(second).toEqual({ ok: false, message: "Esta cobrança já está paga." });
    expect((await subscriptionOf(client.id)).endDate).toBe("2026-06-01");
    const paid = await getCharge({ id: renewal.id });
    expect(paid).toMatchObject({
      status: "paga",
      paidOn: "2026-04-25",
      paidAmountCents: 8990,
      paymentMethod: "pix",
    });
    expect(paid?.extendedAt).not.toBeNull();
  });

  it("paying the first charge changes no date", async () => {
    setClock("2026-04-02T12:00:00Z");
    const client = await newClient(premium, "2026-04-02");
    const [charge] = await listClientCharges({ clientId: client.id });
    const result = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-02", method: "dinheiro", amountCents: 23890 },
    });
    expect(result.ok).toBe(true);
    expect((await subscriptionOf(client.id)).endDate).toBe("2026-05-02");
  });

  it("refuses a wrong amount and a cancelled charge with pt-BR messages, changing nothing", async () => {
    setClock("2026-04-03T12:00:00Z");
    const client = await newClient(premium, "2026-04-03");
    const [charge] = await listClientCharges({ clientId: client.id });
    const auditBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const wrong = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-03", method: "pix", amountCents: 8990 },
    });
    expect(wrong).toEqual({
      ok: false,
      message:
        "O valor pago (R$\u00a089,90) é diferente do valor da cobrança (R$\u00a0238,90). Para conceder um desconto, altere antes o valor da cobrança.",
    });
    expect((await getCharge({ id: charge.id }))?.status).toBe("pendente");
    const future = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-04", method: "pix", amountCents: 23890 },
    });
    expect(future).toEqual({ ok: false, message: "A data do pagamento não pode ser no futuro." });

    expect((await cancelCharge({ chargeId: charge.id, reason: "Cliente desistiu" })).ok).toBe(true);
    const onCancelled = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-03", method: "pix", amountCents: 23890 },
    });
    expect(onCancelled).toEqual({ ok: false, message: "Esta cobrança está cancelada e não pode ser paga." });
    const after = await getCharge({ id: charge.id });
    expect(after).toMatchObject({
      status: "cancelada",
      cancelReason: "Cliente desistiu",
      paidOn: null,
      paidAmountCents: null,
    });
    const auditAfter = await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    // Only the cancellation was audited.
    expect(auditAfter[0].n - auditBefore[0].n).toBe(1);
  });

  it("a discount is an audited edit of the open charge's amount, then that amount is paid", async () => {
    setClock("2026-04-04T12:00:00Z");
    const client = await newClient(premium, "2026-04-04");
    const [charge] = await listClientCharges({ clientId: client.id });
    expect(await changeChargeAmount({ chargeId: charge.id, amountCents: 30000 })).toEqual({
      ok: false,
      message: "O novo valor não pode ser maior que o total dos itens (R$\u00a0238,90).",
    });
    const changed = await changeChargeAmount({ chargeId: charge.id, amountCents: 20000, actor: admin });
    expect(changed.ok && changed.value).toMatchObject({
      amountCents: 20000,
      discountCents: 3890,
      subtotalCents: 23890,
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "charge.amount_changed"), eq(auditLog.entityId, charge.id)));
    expect(entry.changes).toEqual({ valor: [23890, 20000], desconto: [0, 3890] });
    const paid = await recordPayment({
      chargeId: charge.id,
      input: { paidOn: "2026-04-04", method: "transferência", amountCents: 20000 },
    });
    expect(paid.ok).toBe(true);
    expect(await cancelCharge({ chargeId: charge.id, reason: "x" })).toEqual({
      ok: false,
      message: "Uma cobrança paga não pode ser cancelada.",
    });
  });

  it("refuses a discount to zero, below zero, to the same amount, above the items or on a closed charge, changing nothing", async () => {
    setClock("2026-04-04T12:00:00Z");
    const client = await newClient(premium, "2026-04-04");
    const [charge] = await listClientCharges({ clientId: client.id });
    const audits = async () =>
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "charge.amount_changed"), eq(auditLog.entityId, charge.id)))
      ).length;
    const refused = async (amountCents: number, message: string) =>
      expect(await changeChargeAmount({ chargeId: charge.id, amountCents, actor: admin })).toEqual({
        ok: false,
        message,
      });
    await refused(0, "O novo valor deve ser maior que zero. Para não cobrar, cancele a cobrança.");
    await refused(-100, "O novo valor deve ser maior que zero. Para não cobrar, cancele a cobrança.");
    await refused(23890, "O novo valor é igual ao valor atual da cobrança.");
    await refused(23891, "O novo valor não pode ser maior que o total dos itens (R$\u00a0238,90).");
    // Through the form: a negative or non-numeric amount never reaches the rule.
    const viaForm = async (amount: string) => {
      return runChargeAction({ intent: "amount", id: charge.id, amount }, admin);
    };
    expect(await viaForm("-10,00")).toMatchObject({
      ok: false,
      fieldErrors: { amount: "Valor inválido. Use por exemplo 89,90." },
    });
    expect(await viaForm("0,00")).toMatchObject({
      ok: false,
      message: "O novo valor deve ser maior que zero. Para não cobrar, cancele a cobrança.",
    });
    expect(await viaForm("200,00")).toEqual({ ok: true, message: "Valor da cobrança alterado com sucesso!" });
    expect(await audits()).toBe(1);
    const [row] = await t.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(row).toMatchObject({ amountCents: 20000, discountCents: 3890 });
    // A charge that is no longer open keeps its amount.
    expect((await cancelCharge({ chargeId: charge.id, reason: "Cliente desistiu" })).ok).toBe(true);
    await refused(15000, "Só é possível alterar o valor de uma cobrança em aberto.");
    const [after] = await t.db.select().from(charges).where(eq(charges.id, charge.id));
    expect(after).toMatchObject({ amountCents: 20000, discountCents: 3890, status: "cancelada" });
    expect(await audits()).toBe(1);
  });

  it("a one-off charge has one avulsa line and its own number", async () => {
    setClock("2026-04-05T12:00:00Z");
    const client = await newClient(null);
    const made = await createOneOffCharge({
      clientId: client.id,
      input: { description: "Fotos do cardápio", amountCents: 25000, dueDate: "2026-04-15" },
      actor: admin,
    });
    expect(made.ok).toBe(true);
    const [charge] = await listClientCharges({ clientId: client.id });
    expect(charge).toMatchObject({
      origin: "avulsa",
      amountCents: 25000,
      dueDate: "2026-04-15",
      subscriptionId: null,
    });
    expect(charge.lines.map((l) => [l.kind, l.description])).toEqual([["avulsa", "Fotos do cardápio"]]);
    const numbers = await t.db.select({ number: charges.number }).from(charges);
    expect(new Set(numbers.map((n) => n.number)).size).toBe(numbers.length);
  });
});

describe("overdue", () => {
  it("counts a due date on a weekend or a national holiday from the next business day", async () => {
    const client = await newClient(null);
    const due = async (dueDate: string) => {
      const made = await createOneOffCharge({
        clientId: client.id,
        input: { description: `Vence ${dueDate}`, amountCents: 10000, dueDate },
      });
      return made.ok ? made.value.id : "";
    };
    const saturday = await due("2030-03-09");
    // 2030-04-19 is Good Friday, a national holiday: due on Monday the 22nd.
    const holiday = await due("2030-04-19");
    const status = async (id: string) => (await getCharge({ id }))?.status;
    await markOverdueCharges({ today: "2030-03-10" });
    await markOverdueCharges({ today: "2030-03-11" });
    expect(await status(saturday)).toBe("pendente");
    await markOverdueCharges({ today: "2030-03-12" });
    expect(await status(saturday)).toBe("vencida");
    await markOverdueCharges({ today: "2030-04-22" });
    expect(await status(holiday)).toBe("pendente");
    await markOverdueCharges({ today: "2030-04-23" });
    expect(await status(holiday)).toBe("vencida");
  });

  it("marks vencida only once the São Paulo date has passed the due date", async () => {
    const client = await newClient(null);
    const made = await createOneOffCharge({
      clientId: client.id,
      input: { description: "Treinamento", amountCents: 10000, dueDate: "2030-03-12" },
    });
    const id = made.ok ? made.value.id : "";
    // 23:59 of the due date in São Paulo, already the next day in UTC.
    setClock("2030-03-13T02:59:00Z");
    await markOverdueCharges();
    expect((await getCharge({ id }))?.status).toBe("pendente");
    setClock("2030-03-13T03:00:00Z");
    expect(await markOverdueCharges()).toBeGreaterThanOrEqual(1);
    expect((await getCharge({ id }))?.status).toBe("vencida");
    // A second run the same day finds nothing left.
    expect(await markOverdueCharges()).toBe(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "charge.overdue"))
      .orderBy(sql`${auditLog.at} desc`)
      .limit(1);
    expect(entry.actorId).toBeNull();
    // An overdue charge can still be paid.
    setClock("2030-03-12T12:00:00Z");
    const paid = await recordPayment({
      chargeId: id,
      input: { paidOn: addDays("2030-03-12", 0), method: "boleto", amountCents: 10000 },
    });
    expect(paid.ok).toBe(true);
  });
});

describe("database rules", () => {
  it("refuses a second charge for the same subscription period and unknown statuses", async () => {
    const client = await newClient(premium, "2026-10-01");
    const [charge] = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
    await expect(
      t.db.insert(charges).values({ ...charge, id: undefined, number: "2026-999999" }),
    ).rejects.toThrow();
    await expect(
      t.db
        .update(charges)
        .set({ status: "reembolsada" as never })
        .where(eq(charges.id, charge.id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(clients).set({ document: "123" }).where(eq(clients.id, client.id)),
    ).rejects.toThrow();
  });
});
