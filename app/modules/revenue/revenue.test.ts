import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { chargeLines, charges, clients, plans, subscriptionEvents, subscriptions } from "~/db/schema";
import { createClient } from "~/modules/clients/clients.server";
import { cancelSubscription, changeSubscriptionPlan } from "~/modules/clients/subscription-changes.server";
import { addSubscription, deleteSubscription } from "~/modules/clients/subscriptions.server";
import { issueRenewalCharges } from "~/modules/billing/billing.server";
import { resetClock, setClock } from "~/server/clock.server";
import * as revenuePage from "~/routes/admin/revenue";
import * as revenueExport from "~/routes/admin/revenue/export";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get } from "../../../tests/support/requests";
import { changeSubscription } from "~/modules/clients/subscription-history.server";
import { getMrrFigure, revenueClients, revenueMonths, revenueNow } from "./revenue.server";

const t = useTestDatabase();
const admin = { id: "admin-1", name: "Ana Admin" };
const TODAY = "2026-11-15";
const ids: Record<string, string> = {};
const plan: Record<string, string> = {};

afterEach(() => resetClock());

async function client(key: string, planId: string | null, day: string) {
  const c = await createClient({
    input: {
      name: `Cliente ${key}`,
      email: `${key}@receita.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${key}`,
      planId,
      status: "ativo",
    },
    today: day,
    actor: admin,
  });
  ids[key] = c.id;
  return c;
}
async function subOf(key: string) {
  const rows = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, ids[key]));
  return rows.find((r) => r.status === "ativa" && !r.cancelAt) ?? rows[0];
}
async function at(day: string, fn: () => Promise<unknown>) {
  setClock(`${day}T15:00:00Z`);
  try {
    return await fn();
  } finally {
    resetClock();
  }
}

/**
 * Twelve months (Dec 2025 – Nov 2026) computed by hand. Monthly prices: A R$ 100, B R$ 200,
 * C R$ 50 (sold annually). Before the window: c2 on A, c3 on B, c4 on C annual (from 2025-07-01).
 *
 * | month | start  | novo  | expansão | reativação | contração | churn | end    |
 * |-------|-------:|------:|---------:|-----------:|----------:|------:|-------:|
 * | 12/25 | 35 000 |       |          |            |           |       | 35 000 |
 * | 01/26 | 35 000 | 10 000 (c1)      |            |           |       | 45 000 |
 * | 02/26 | 45 000 | 10 000 (c5)      |            |           |       | 55 000 |
 * | 03/26 | 55 000 |       | 10 000 (c2 A→B)       |           |       | 65 000 |
 * | 04/26 | 65 000 |       |          |            | 10 000 (c3 B→A)   | 55 000 |
 * | 05/26 | 55 000 |       |          |            |           |       | 55 000 |
 * | 06/26 | 55 000 |       |          |            |           | 10 000 (c5 now) | 45 000 |
 * | 07/26 | 45 000 |       |          |            |           | 5 000 (c4, cancelled in March at period end) | 40 000 |
 * | 08/26 | 40 000 | (c6 "sem cobrança": no revenue, no movement)                 | 40 000 |
 * | 09/26 | 40 000 |       |          | 20 000 (c5 back on B) |   |       | 60 000 |
 * | 10/26 | 60 000 |       |          |            |           |       | 60 000 |
 * | 11/26 | 60 000 | 20 000 (c7)      |            |           |       | 80 000 |
 */
const EXPECTED: [string, number, number, number, number, number, number, number][] = [
  // month, start, novo, expansao, reativacao, contracao, churn, end
  ["2025-12", 35000, 0, 0, 0, 0, 0, 35000],
  ["2026-01", 35000, 10000, 0, 0, 0, 0, 45000],
  ["2026-02", 45000, 10000, 0, 0, 0, 0, 55000],
  ["2026-03", 55000, 0, 10000, 0, 0, 0, 65000],
  ["2026-04", 65000, 0, 0, 0, 10000, 0, 55000],
  ["2026-05", 55000, 0, 0, 0, 0, 0, 55000],
  ["2026-06", 55000, 0, 0, 0, 0, 10000, 45000],
  ["2026-07", 45000, 0, 0, 0, 0, 5000, 40000],
  ["2026-08", 40000, 0, 0, 0, 0, 0, 40000],
  ["2026-09", 40000, 0, 0, 20000, 0, 0, 60000],
  ["2026-10", 60000, 0, 0, 0, 0, 0, 60000],
  ["2026-11", 60000, 20000, 0, 0, 0, 0, 80000],
];

beforeAll(async () => {
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "A", priceCents: 10000, setupFeeCents: 50000 },
      { name: "B", priceCents: 20000, setupFeeCents: 50000 },
      { name: "C", priceCents: 5000, setupFeeCents: 0 },
    ])
    .returning();
  [plan.A, plan.B, plan.C] = rows.map((r) => r.id);

  await client("c1", plan.A, "2026-01-10");
  await client("c2", plan.A, "2025-06-01");
  await client("c3", plan.B, "2025-10-01");
  await client("c4", null, "2025-07-01");
  await addSubscription({
    clientId: ids.c4,
    input: { planId: plan.C, startDate: "2025-07-01", renewalType: "anual" },
    actor: admin,
  });
  await client("c5", plan.A, "2026-02-01");
  await at("2026-03-05", async () =>
    expect(
      await changeSubscriptionPlan({
        clientId: ids.c2,
        subscriptionId: (await subOf("c2")).id,
        planId: plan.B,
      }),
    ).toEqual({ ok: true, message: "Plano trocado para B." }),
  );
  await at("2026-03-15", async () =>
    expect(
      await cancelSubscription({
        clientId: ids.c4,
        subscriptionId: (await subOf("c4")).id,
        when: "fim_do_periodo",
      }),
    ).toEqual({ ok: true, message: "Assinatura cancelada ao fim do período: termina em 01/07/2026." }),
  );
  await at("2026-04-20", async () =>
    changeSubscriptionPlan({ clientId: ids.c3, subscriptionId: (await subOf("c3")).id, planId: plan.A }),
  );
  await at("2026-06-10", async () =>
    expect(
      await cancelSubscription({ clientId: ids.c5, subscriptionId: (await subOf("c5")).id, when: "agora" }),
    ).toEqual({ ok: true, message: "Assinatura cancelada." }),
  );
  await client("c6", null, "2026-08-01");
  await addSubscription({
    clientId: ids.c6,
    input: { planId: plan.A, startDate: "2026-08-01", renewalType: "mensal", noBilling: true },
  });
  await addSubscription({
    clientId: ids.c5,
    input: { planId: plan.B, startDate: "2026-09-03", renewalType: "mensal" },
  });
  await client("c7", plan.B, "2026-11-02");
});

describe("revenue movements over twelve months (hand-computed fixture)", () => {
  it("gives each month's starting MRR, five movements and ending MRR", async () => {
    const months = await revenueMonths({ today: TODAY });
    const got = months.map((m) => [
      m.month,
      m.startCents,
      m.movements.novo.cents,
      m.movements.expansao.cents,
      m.movements.reativacao.cents,
      m.movements.contracao.cents,
      m.movements.churn.cents,
      m.endCents,
    ]);
    expect(got).toEqual(EXPECTED);
  });

  it("churns an annual plan cancelled mid-period at the period's end, not when cancelled", async () => {
    const months = await revenueMonths({ today: TODAY });
    expect(months.find((m) => m.month === "2026-03")!.movements.churn.clients).toBe(0);
    expect(months.find((m) => m.month === "2026-07")!.movements.churn.clients).toBe(1);
    expect(await revenueClients({ today: TODAY, month: "2026-07", movement: "churn" })).toMatchObject([
      { clientId: ids.c4, cents: 5000 },
    ]);
  });

  it("counts a client who leaves and comes back as a reactivation, not a new client", async () => {
    const rows = await revenueClients({ today: TODAY, month: "2026-09", movement: "reativacao" });
    expect(rows.map((r) => r.name)).toEqual(["Cliente c5"]);
    expect(await revenueClients({ today: TODAY, month: "2026-09", movement: "novo" })).toEqual([]);
  });

  it("derives churn rates, net retention and LTV from the month's figures", async () => {
    const months = await revenueMonths({ today: TODAY });
    const june = months.find((m) => m.month === "2026-06")!;
    // 1 lost of 5 paying at the start (c1..c5), none new in June.
    expect(june.logoChurn).toBeCloseTo(1 / 5);
    expect(june.revenueChurn).toBeCloseTo(10000 / 55000);
    expect(june.netRetention).toBeCloseTo(45000 / 55000);
    // ARPA at the end (45 000 ÷ 4) ÷ 0.2.
    expect(june.ltvCents).toBe(Math.round(45000 / 4 / 0.2));
    const may = months.find((m) => m.month === "2026-05")!;
    expect(may.logoChurn).toBe(0);
    expect(may.ltvCents).toBeNull();
    expect(may.netRetention).toBe(1);
  });

  it("keeps activation fees out of MRR although the first charges hold them", async () => {
    const [fees] = await t.db
      .select({ total: sql<string>`sum(${chargeLines.amountCents})` })
      .from(chargeLines)
      .innerJoin(charges, eq(charges.id, chargeLines.chargeId))
      .where(eq(chargeLines.kind, "ativação"));
    expect(Number(fees.total)).toBeGreaterThan(0);
    const now = await revenueNow({ today: TODAY });
    expect(now).toMatchObject({ mrrCents: 80000, arrCents: 960000, payingClients: 5, arpaCents: 16000 });
  });

  it("gives the dashboard's MRR card today's MRR against the month's start", async () => {
    // November began at 60 000 and c7 (R$ 200) joined on the 2nd: +33%.
    expect(await getMrrFigure({ today: TODAY })).toEqual({
      mrrCents: 80000,
      previousCents: 60000,
      change: 33,
    });
  });

  it("counts an overdue subscription as MRR em risco, and a suspended one out of MRR until it returns", async () => {
    const sub = await subOf("c7");
    const [charge] = await t.db.select().from(charges).where(eq(charges.subscriptionId, sub.id)).limit(1);
    await t.db.update(charges).set({ status: "vencida" }).where(eq(charges.id, charge.id));
    expect(await revenueNow({ today: TODAY })).toMatchObject({ mrrCents: 80000, atRiskCents: 20000 });
    // Suspended for that charge (as suspension.server.ts records it): churn, no longer at risk.
    const move = (status: "suspensa" | "ativa", before: number, after: number) =>
      t.db.transaction((tx) =>
        changeSubscription(
          tx,
          sub,
          { status },
          {
            kind: status === "suspensa" ? "suspensao" : "reativacao",
            effectiveOn: "2026-11-10",
            mrrBeforeCents: before,
            mrrAfterCents: after,
          },
        ),
      );
    await move("suspensa", 20000, 0);
    expect(await revenueNow({ today: TODAY })).toMatchObject({
      mrrCents: 60000,
      payingClients: 4,
      atRiskCents: 0,
    });
    await move("ativa", 0, 20000);
    // Back, with the charge still overdue: counted again, and at risk again.
    expect(await revenueNow({ today: TODAY })).toMatchObject({
      mrrCents: 80000,
      payingClients: 5,
      atRiskCents: 20000,
    });
  });
});

describe("the Receita page and its CSV", () => {
  const args = (request: Request) => ({ request, params: {}, context: context() }) as never;

  it("lists the clients behind a figure and exports the months and the drill-down as CSV", async () => {
    const cookie = await adminCookie();
    setClock(`${TODAY}T15:00:00Z`);
    const data = (await revenuePage.loader(
      args(get("/admin/revenue?mes=2026-09&movimento=reativacao", cookie)),
    )) as Awaited<ReturnType<typeof revenuePage.loader>>;
    expect(data.now.mrrCents).toBe(80000);
    expect(data.clients?.map((c) => c.name)).toEqual(["Cliente c5"]);
    // A month outside the window or an unknown movement falls back to the page without a list.
    const odd = (await revenuePage.loader(
      args(get("/admin/revenue?mes=1999-01&movimento=%3Cx%3E", cookie)),
    )) as Awaited<ReturnType<typeof revenuePage.loader>>;
    expect(odd.month).toBe("2026-11");
    expect(odd.clients).toBeNull();

    const months = (await revenueExport.loader(args(get("/admin/revenue/export", cookie)))) as Response;
    expect(months.headers.get("content-type")).toMatch(/text\/csv/);
    const rows = parse((await months.text()).replace(/^\uFEFF/, ""), {
      delimiter: ";",
      columns: true,
    }) as Record<string, string>[];
    expect(rows).toHaveLength(12);
    expect(rows.find((r) => r["Mês"] === "set/2026")).toMatchObject({
      "MRR inicial (R$)": "400,00",
      "Reativação (R$)": "200,00",
      "MRR final (R$)": "600,00",
    });
    const drill = (await revenueExport.loader(
      args(get("/admin/revenue/export?mes=2026-07&movimento=churn", cookie)),
    )) as Response;
    const clientsCsv = parse((await drill.text()).replace(/^\uFEFF/, ""), {
      delimiter: ";",
      columns: true,
    }) as Record<string, string>[];
    expect(clientsCsv).toEqual([
      expect.objectContaining({
        Cliente: "Cliente c4",
        Movimento: "Churn",
        "Variação do MRR (R$)": "-50,00",
      }),
    ]);
  });
});

describe("changing and ending a subscription", () => {
  it("refuses the same plan, a cancelled subscription and another client's subscription, changing nothing", async () => {
    const c2 = await subOf("c2");
    const before = await t.db.select().from(subscriptionEvents);
    expect(await changeSubscriptionPlan({ clientId: ids.c2, subscriptionId: c2.id, planId: plan.B })).toEqual(
      {
        ok: false,
        message: "Escolha um plano diferente do atual.",
      },
    );
    expect(await changeSubscriptionPlan({ clientId: ids.c1, subscriptionId: c2.id, planId: plan.C })).toEqual(
      {
        ok: false,
        message: "Assinatura não encontrada.",
      },
    );
    const [c5old] = await t.db
      .select()
      .from(subscriptions)
      .where(sql`${subscriptions.clientId} = ${ids.c5} and ${subscriptions.status} = 'cancelada'`);
    expect(await cancelSubscription({ clientId: ids.c5, subscriptionId: c5old.id, when: "agora" })).toEqual({
      ok: false,
      message: "Esta assinatura já está cancelada.",
    });
    expect(await t.db.select().from(subscriptionEvents)).toHaveLength(before.length);
  });

  it("issues no renewal charge for a subscription cancelled at the end of its period", async () => {
    const c4 = await subOf("c4");
    expect(c4.cancelAt).toBe("2026-07-01");
    await issueRenewalCharges({ today: "2026-06-25", daysBefore: 10 });
    const renewals = await t.db
      .select()
      .from(charges)
      .where(sql`${charges.subscriptionId} = ${c4.id} and ${charges.periodStart} = '2026-07-01'`);
    expect(renewals).toEqual([]);
  });

  it("ends the revenue of a deleted subscription today and keeps its past months", async () => {
    const c1 = await subOf("c1");
    await at("2026-11-20", () =>
      deleteSubscription({ clientId: ids.c1, subscriptionId: c1.id, actor: admin }),
    );
    const months = await revenueMonths({ today: "2026-11-20" });
    expect(months.find((m) => m.month === "2026-01")!.movements.novo.cents).toBe(10000);
    const churned = await revenueClients({ today: "2026-11-20", month: "2026-11", movement: "churn" });
    expect(churned.find((r) => r.clientId === ids.c1)?.cents).toBe(10000);
  });
});

describe("the backfill of existing subscriptions", () => {
  it("rebuilds, from the subscriptions alone, an MRR equal to the active subscriptions' monthly values", async () => {
    const migration = readFileSync("drizzle/0016_revenue.sql", "utf8");
    const backfill = migration
      .split("--> statement-breakpoint")
      .filter((s) => /INSERT INTO "subscription_events"/.test(s));
    expect(backfill).toHaveLength(2);
    await t.db.delete(subscriptionEvents);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    const [active] = await t.db
      .select({ total: sql<string>`sum(${plans.priceCents})` })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .innerJoin(clients, eq(clients.id, subscriptions.clientId))
      .where(sql`${subscriptions.status} = 'ativa' and not ${subscriptions.noBilling}`);
    const now = await revenueNow({ today: "2026-11-20" });
    expect(now.mrrCents).toBe(Number(active.total));
  });
});

describe("movements are counted per change, as ChartMogul does", () => {
  it("records a new client and its upgrade in the same month as new business and expansion", async () => {
    await client("c8", plan.A, "2026-12-02");
    await at("2026-12-10", async () =>
      changeSubscriptionPlan({ clientId: ids.c8, subscriptionId: (await subOf("c8")).id, planId: plan.B }),
    );
    const december = (await revenueMonths({ today: "2026-12-20" })).at(-1)!;
    expect(december.month).toBe("2026-12");
    expect(december.movements.novo).toEqual({ cents: 10000, clients: 1 });
    expect(december.movements.expansao).toEqual({ cents: 10000, clients: 1 });
    expect(december.endCents - december.startCents).toBe(20000);
  });
});
