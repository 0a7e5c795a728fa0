// Cards that mean what their rows mean: Financeiro's cards sum the rows the
// list shows for the same URL, whatever the filter, and each dashboard card links to the
// Financeiro filter whose rows add up to it. Everything goes through the routes' loaders.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { charges, clients } from "~/db/schema";
import * as billingRoute from "~/routes/admin/billing";
import * as dashboardRoute from "~/routes/admin/dashboard";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get } from "../../../tests/support/requests";
import { PAYABLE_CHARGE_STATUSES, type PaymentMethod } from "./billing.constants";
import { createOneOffCharge } from "./billing.server";
import { cancelCharge } from "./reversals.server";
import { markOverdueCharges } from "./overdue.server";
import { recordPayment } from "./payments.server";
import { owedCents } from "./charge-paid";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
type BillingData = Awaited<ReturnType<typeof billingRoute.loader>>;
type DashboardData = Awaited<ReturnType<typeof dashboardRoute.loader>>;
let admin = "";
const ids: Record<string, string> = {};
const who: Record<string, string> = {};

async function oneOff(clientId: string, name: string, amountCents: number, dueDate: string) {
  const made = await createOneOffCharge({
    clientId,
    input: { description: name, amountCents, dueDate },
    today: "2026-10-01",
  });
  if (!made.ok) throw new Error(made.message);
  ids[name] = made.value.id;
}

async function pay(name: string, paidOn: string, method: PaymentMethod, amountCents: number) {
  const paid = await recordPayment({
    chargeId: ids[name],
    input: { paidOn, method, amountCents },
    today: paidOn,
  });
  if (!paid.ok) throw new Error(paid.message);
}

/** What a provider reports beyond "Registrar pagamento" (a part, or more than the amount). */
async function providerPaid(name: string, paidOn: string, paidAmountCents: number, status?: "paga") {
  await t.db
    .update(charges)
    .set({
      paidOn,
      paidAmountCents,
      paymentMethod: "pix",
      paymentSource: "provedor",
      ...(status ? { status } : {}),
    })
    .where(eq(charges.id, ids[name]));
}

beforeAll(async () => {
  admin = await adminCookie();
  const rows = await t.db
    .insert(clients)
    .values([
      { name: "Ana Souza", email: "ana@cards.dev", phone: "11999990000", businessName: "Pizzaria da Ana" },
      { name: "Bia Lima", email: "bia@cards.dev", phone: "11999990001", businessName: "Lanches da Bia" },
      { name: "Caio Reis", email: "caio@cards.dev", phone: "11999990002", businessName: "Açaí do Caio" },
    ])
    .returning();
  [who.ana, who.bia, who.caio] = rows.map((r) => r.id);
  await oneOff(who.ana, "a-nov", 10000, "2026-11-20"); // due in November, paid late in December
  await oneOff(who.ana, "a-dez", 15530, "2026-12-05"); // due and paid in December
  await oneOff(who.ana, "a-aberta", 20000, "2026-12-10"); // still open
  await oneOff(who.bia, "b-adiantada", 8650, "2026-12-01"); // paid early, in November
  await oneOff(who.bia, "b-parcial", 5000, "2026-11-10"); // overdue, a part paid in December
  await oneOff(who.caio, "c-amais", 7000, "2026-12-15"); // paid in December, more than its amount
  await oneOff(who.caio, "c-cancelada", 3000, "2026-12-20");
  await oneOff(who.caio, "c-outubro", 4000, "2026-10-10"); // paid in October
  await pay("c-outubro", "2026-10-12", "boleto", 4000);
  await pay("b-adiantada", "2026-11-28", "pix", 8650);
  await markOverdueCharges({ today: "2026-12-01" });
  await pay("a-nov", "2026-12-02", "pix", 10000);
  await providerPaid("b-parcial", "2026-12-03", 1000);
  await pay("a-dez", "2026-12-05", "dinheiro", 15530);
  await providerPaid("c-amais", "2026-12-06", 7500, "paga");
  expect((await cancelCharge({ chargeId: ids["c-cancelada"], reason: "Lançada por engano" })).ok).toBe(true);
});

afterEach(() => resetClock());

async function financeiro(path: string) {
  const data = (await billingRoute.loader(args(get(path, admin)))) as BillingData;
  expect(data.toast).toBeNull();
  // Every row of the filter on one page, so the sums below are over all of them.
  expect(data.hasMore).toBe(false);
  const owed = (r: (typeof data.rows)[number]) => owedCents(r);
  const isOwed = (s: string) => (PAYABLE_CHARGE_STATUSES as readonly string[]).includes(s);
  const sums = {
    receivableCents: data.rows.filter((r) => isOwed(r.status)).reduce((n, r) => n + owed(r), 0),
    receivedCents: data.rows.reduce((n, r) => n + (r.paidAmountCents ?? 0), 0),
    overdueCents: data.rows.filter((r) => r.status === "vencida").reduce((n, r) => n + owed(r), 0),
  };
  return { data, sums, names: data.rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id)).sort() };
}

describe("Financeiro's cards sum the rows of the same filter", () => {
  it("for every filter the page offers, alone and combined", async () => {
    const urls = [
      "/admin/billing",
      "/admin/billing?status=paga",
      "/admin/billing?status=paga&from=2026-12-01&to=2026-12-31",
      "/admin/billing?from=2026-12-01&to=2026-12-31",
      "/admin/billing?from=2026-11-01&to=2026-11-30&paid_from=2026-12-01",
      "/admin/billing?paid_from=2026-12-01&paid_to=2026-12-07",
      "/admin/billing?paid_from=2026-12-01&paid_to=2026-12-07&status=vencida",
      "/admin/billing?paid_to=2026-11-30&method=pix",
      "/admin/billing?status=vencida",
      "/admin/billing?status=cancelada",
      "/admin/billing?method=pix",
      "/admin/billing?kind=avulsa&status=pendente",
      "/admin/billing?kind=mensalidade",
      `/admin/billing?client=${who.ana}&status=paga`,
      "/admin/billing?q=bia",
      "/admin/billing?q=caio&from=2026-12-01",
    ];
    for (const url of urls) {
      const { data, sums } = await financeiro(url);
      expect({ url, totals: data.totals }).toEqual({ url, totals: sums });
    }
  });

  it("'paga' with a December due-date range: Recebido is what those rows received, not December's payments", async () => {
    const { data, names } = await financeiro("/admin/billing?status=paga&from=2026-12-01&to=2026-12-31");
    expect(names).toEqual(["a-dez", "b-adiantada", "c-amais"]);
    // 155,30 + 86,50 + 75,00 (the row says "Pago R$ 75,00 (R$ 5,00 a mais)"); nothing owed.
    expect(data.totals).toEqual({ receivableCents: 0, receivedCents: 31680, overdueCents: 0 });
  });

  it("by payment date: the money that came in those days, partial payments included", async () => {
    const { data, names } = await financeiro("/admin/billing?paid_from=2026-12-01&paid_to=2026-12-31");
    expect(names).toEqual(["a-dez", "a-nov", "b-parcial", "c-amais"]);
    expect(data.totals).toEqual({
      receivableCents: 4000,
      receivedCents: 10000 + 15530 + 1000 + 7500,
      overdueCents: 4000,
    });
  });

  it("rejects nonsense dates by ignoring them, never a 500", async () => {
    const { data } = await financeiro("/admin/billing?paid_from=2026-02-31&paid_to=ontem");
    expect(data.filters).toMatchObject({ paidFrom: null, paidTo: null });
    expect(data.rows).toHaveLength(8);
  });
});

describe("the dashboard's money cards link to the rows that add up to them", () => {
  it("Recebido no mês opens this month's payments (São Paulo), Em atraso the overdue charges", async () => {
    // 03:30 UTC is 00:30 of 7 December in São Paulo: the month so far is 1–7 December.
    setClock("2026-12-07T03:30:00Z");
    const dash = (await dashboardRoute.loader(args(get("/admin", admin)))) as DashboardData;
    const billing = dash.billing!;
    expect(billing.receivedThisMonthCents).toBe(10000 + 1000 + 15530 + 7500);
    expect(billing.receivedThisMonthPath).toBe("/admin/billing?paid_from=2026-12-01&paid_to=2026-12-07");
    const received = await financeiro(billing.receivedThisMonthPath);
    expect(received.sums.receivedCents).toBe(billing.receivedThisMonthCents);
    expect(received.data.totals?.receivedCents).toBe(billing.receivedThisMonthCents);

    expect(billing.overdueCents).toBe(4000);
    const overdue = await financeiro(billing.overduePath);
    expect(overdue.names).toEqual(["b-parcial"]);
    expect(overdue.data.rows).toHaveLength(billing.overdueCount);
    expect(overdue.sums.overdueCents).toBe(billing.overdueCents);
    expect(overdue.data.totals?.overdueCents).toBe(billing.overdueCents);
  });

  it("early in a month the link covers only that month's days so far", async () => {
    setClock("2026-11-30T12:00:00Z");
    const dash = (await dashboardRoute.loader(args(get("/admin", admin)))) as DashboardData;
    const { receivedThisMonthCents, receivedThisMonthPath } = dash.billing!;
    expect(receivedThisMonthCents).toBe(8650);
    const rows = await financeiro(receivedThisMonthPath);
    expect(rows.names).toEqual(["b-adiantada"]);
    expect(rows.sums.receivedCents).toBe(8650);
  });
});
