import jsQR from "jsqr";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, plans } from "~/db/schema";
import * as billingClients from "~/routes/admin/billing/clients";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome } from "../../../tests/support/requests";
import { createOneOffCharge } from "./billing.server";
import { markOverdueCharges } from "./overdue.server";
import { cancelCharge } from "./reversals.server";
import { recordPayment } from "./payments.server";
import { clientChargesView, withChargePix } from "./charge-pix.server";
import { chargeTotals, getBillingFigures, listCharges, searchBillableClients } from "./list.server";
import { decodeBrCode } from "./pix-code";
import { getBillingSettings, saveBillingSettings } from "./settings.server";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

/** What a phone camera does with the page's QR image: decode the PNG and read the code's text. */
function scanDataUrl(dataUrl: string): string {
  const [head, b64] = dataUrl.split(",");
  expect(head).toBe("data:image/png;base64");
  const png = PNG.sync.read(Buffer.from(b64, "base64"));
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error("no QR code found in the image");
  return found.data;
}

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";
let clientA: string;
let clientB: string;
const ids: Record<string, string> = {};

async function oneOff(clientId: string, name: string, amountCents: number, dueDate: string) {
  const made = await createOneOffCharge({
    clientId,
    input: { description: name, amountCents, dueDate },
    today: "2026-06-01",
  });
  if (!made.ok) throw new Error(made.message);
  ids[name] = made.value.id;
}

beforeAll(async () => {
  admin = await adminCookie();
  await t.db.insert(plans).values({ name: "Básico", priceCents: 4990 });
  const rows = await t.db
    .insert(clients)
    .values([
      { name: "Ana", email: "ana@teste.dev", phone: "11999990000", businessName: "Pizzaria da Ana" },
      { name: "Bia", email: "bia@teste.dev", phone: "11999990001", businessName: "Lanches da Bia" },
    ])
    .returning();
  [clientA, clientB] = rows.map((r) => r.id);
  await oneOff(clientA, "junho", 10000, "2026-06-10");
  await oneOff(clientA, "julho", 20000, "2026-07-10");
  await oneOff(clientB, "maio", 5000, "2026-05-10");
  await markOverdueCharges({ today: "2026-06-01" });
  const paid = await recordPayment({
    chargeId: ids.junho,
    input: { paidOn: "2026-06-05", method: "pix", amountCents: 10000 },
    today: "2026-06-05",
  });
  expect(paid.ok).toBe(true);
});

describe("Financeiro list", () => {
  it("filters by status, client, due range, kind and method, sorted on the server", async () => {
    const all = await listCharges({});
    expect(all.rows.map((r) => r.dueDate)).toEqual(["2026-07-10", "2026-06-10", "2026-05-10"]);
    expect((await listCharges({ filters: { status: "vencida" } })).rows.map((r) => r.id)).toEqual([ids.maio]);
    expect((await listCharges({ filters: { clientId: clientB } })).rows.map((r) => r.id)).toEqual([ids.maio]);
    const june = await listCharges({ filters: { from: "2026-06-01", to: "2026-06-30" } });
    expect(june.rows.map((r) => r.id)).toEqual([ids.junho]);
    expect((await listCharges({ filters: { method: "pix" } })).rows.map((r) => r.id)).toEqual([ids.junho]);
    expect((await listCharges({ filters: { kind: "mensalidade" } })).rows).toEqual([]);
    expect((await listCharges({ filters: { kind: "avulsa" } })).rows).toHaveLength(3);
    const byAmount = await listCharges({ sort: "amount", dir: "asc" });
    expect(byAmount.rows.map((r) => r.amountCents)).toEqual([5000, 10000, 20000]);
  });

  it("totals follow the filter: a receber, recebido, vencido", async () => {
    expect(await chargeTotals({})).toEqual({
      receivableCents: 25000,
      receivedCents: 10000,
      overdueCents: 5000,
    });
    expect(await chargeTotals({ clientId: clientA })).toEqual({
      receivableCents: 20000,
      receivedCents: 10000,
      overdueCents: 0,
    });
    expect(await chargeTotals({ from: "2026-07-01", to: "2026-07-31" })).toEqual({
      receivableCents: 20000,
      receivedCents: 0,
      overdueCents: 0,
    });
  });

  it("the dashboard figures: received this month (São Paulo) and overdue", async () => {
    expect(await getBillingFigures({ today: "2026-06-20" })).toEqual({
      receivedThisMonthCents: 10000,
      receivedThisMonthPath: "/admin/billing?paid_from=2026-06-01&paid_to=2026-06-20",
      overdueCents: 5000,
      overdueCount: 1,
      overduePath: "/admin/billing?status=vencida",
    });
    expect((await getBillingFigures({ today: "2026-07-01" })).receivedThisMonthCents).toBe(0);
  });
});

describe("PIX on the client page", () => {
  it("shows no code until the PIX key is set, then one that decodes to the charge's amount and txid", async () => {
    const before = await clientChargesView({ clientId: clientA });
    expect(before.every((c) => c.pixCode === null)).toBe(true);
    await saveBillingSettings({
      input: {
        pixKey: "financeiro@cardapio.dev",
        pixName: "Cardapio Digital",
        pixCity: "Sao Paulo",
        renewalDaysBefore: 10,
      },
    });
    const view = await clientChargesView({ clientId: clientA });
    const open = view.find((c) => c.id === ids.julho)!;
    const paid = view.find((c) => c.id === ids.junho)!;
    expect(paid.pixCode).toBeNull();
    const decoded = decodeBrCode(open.pixCode!);
    expect(decoded.ok && decoded.pix).toMatchObject({
      key: "financeiro@cardapio.dev",
      amountCents: 20000,
      txid: open.number.replace("-", ""),
    });
  });

  it("an open charge carries a QR image that reads back as exactly its copia e cola; paid and cancelled none", async () => {
    const extra = await createOneOffCharge({
      clientId: clientA,
      input: { description: "agosto", amountCents: 3000, dueDate: "2026-08-10" },
      today: "2026-06-01",
    });
    if (!extra.ok) throw new Error(extra.message);
    const cancelled = await cancelCharge({ chargeId: extra.value.id, reason: "Lançada por engano" });
    expect(cancelled.ok).toBe(true);
    const view = await clientChargesView({ clientId: clientA });
    const open = view.find((c) => c.id === ids.julho)!;
    expect(open.pixCode).toMatch(/^000201/);
    expect(scanDataUrl(open.pixQr!)).toBe(open.pixCode);
    for (const id of [ids.junho, extra.value.id]) {
      const closed = view.find((c) => c.id === id)!;
      expect([closed.pixCode, closed.pixQr]).toEqual([null, null]);
    }
    // Financeiro's rows: the overdue charge of the other client is open too, and paid ones are not.
    const rows = await withChargePix(await getBillingSettings(), (await listCharges({})).rows);
    const overdue = rows.find((r) => r.id === ids.maio)!;
    expect(overdue.status).toBe("vencida");
    expect(scanDataUrl(overdue.pixQr!)).toBe(overdue.pixCode);
    expect(
      rows
        .filter((r) => r.pixQr)
        .map((r) => r.id)
        .sort(),
    ).toEqual([ids.julho, ids.maio].sort());
  });
});

describe("Nova cobrança avulsa's client picker", () => {
  it("offers only clients with a subscription, searched on the server, A→Z", async () => {
    const [plan] = await t.db.select().from(plans);
    const made = await t.db
      .insert(clients)
      .values([
        {
          name: "Zeca Assinante",
          email: "zeca@teste.dev",
          phone: "11999990002",
          businessName: "Bar do Zeca",
        },
        {
          name: "Caio Assinante",
          email: "caio@teste.dev",
          phone: "11999990003",
          businessName: "Açaí do Caio",
        },
      ])
      .returning();
    await insertSubscriptions(
      t.db,
      made.map((c) => ({
        clientId: c.id,
        planId: plan.id,
        startDate: "2026-06-01",
        endDate: "2026-07-01",
        renewalType: "mensal" as const,
      })),
    );
    // Ana and Bia have charges but no subscription: not offered.
    expect((await searchBillableClients({})).map((c) => c.name)).toEqual([
      "Caio Assinante",
      "Zeca Assinante",
    ]);
    expect(await searchBillableClients({ q: "acai" })).toEqual([
      { id: made[1].id, name: "Caio Assinante", businessName: "Açaí do Caio" },
    ]);
    expect(await searchBillableClients({ q: "zeca@teste" })).toHaveLength(1);
    expect(await searchBillableClients({ q: "Ana" })).toEqual([]);
    expect(await searchBillableClients({ q: "%" })).toEqual([]);
    // Through the route: admins only.
    const res = (await billingClients.loader(args(get("/admin/billing/clients?q=zeca", admin)))) as {
      clients: { name: string }[];
    };
    expect(res.clients.map((c) => c.name)).toEqual(["Zeca Assinante"]);
    const o = await outcome(() => billingClients.loader(args(get("/admin/billing/clients?q=zeca"))));
    expect(o.location).toBe("/admin/login");
  });
});
