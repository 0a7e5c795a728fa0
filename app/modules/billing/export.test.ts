/**
 * Financeiro's CSV export through its route (the admin guard, the page's URL
 * filters and sort) and the batched read under it, on PGlite and PostgreSQL (TEST_DATABASE_URL).
 */
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, plans } from "~/db/schema";
import * as billingExport from "~/routes/admin/billing/export";
import { csvResponse } from "~/server/http/csv.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome } from "../../../tests/support/requests";
import { createOneOffCharge, issueFirstCharge } from "./billing.server";
import { changeChargeAmount } from "./charge-amount.server";
import { markOverdueCharges } from "./overdue.server";
import { cancelCharge } from "./reversals.server";
import { recordPayment } from "./payments.server";
import { exportCharges } from "./export.server";
import { insertSubscriptions } from "../../../tests/support/subscriptions";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";
let ana = "";
let bia = "";
const numbers: Record<string, string> = {};

async function parseCsv(res: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)], "UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  return parse(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), { bom: true, delimiter: ";" });
}
const download = async (path: string) => {
  const res = (await billingExport.loader(args(get(path, admin)))) as Response;
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Disposition")).toMatch(/filename="cobrancas-\d{4}-\d{2}-\d{2}\.csv"/);
  return parseCsv(res);
};
/** The rows as { header: cell } records, so assertions read by column name. */
const records = (csv: string[][]) =>
  csv.slice(1).map((r) => Object.fromEntries(csv[0].map((h, i) => [h, r[i]])));

async function oneOff(key: string, clientId: string, amountCents: number, dueDate: string) {
  const made = await createOneOffCharge({
    clientId,
    input: { description: `Serviço ${key}`, amountCents, dueDate },
    today: "2026-06-01",
  });
  if (!made.ok) throw new Error(made.message);
  numbers[key] = made.value.number;
  return made.value.id;
}

beforeAll(async () => {
  admin = await adminCookie();
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium CSV", priceCents: 123456, setupFeeCents: 50000 })
    .returning();
  [ana, bia] = (
    await t.db
      .insert(clients)
      .values([
        { name: "Ana Exporta", email: "ana@csv.dev", phone: "11999990000", businessName: "=Pizzaria da Ana" },
        { name: "Bia Exporta", email: "bia@csv.dev", phone: "11999990001", businessName: "Lanches da Bia" },
      ])
      .returning()
  ).map((r) => r.id);
  // Ana's subscription: its first charge holds the month and the activation fee.
  const [sub] = await insertSubscriptions(t.db, {
    clientId: ana,
    planId: plan.id,
    startDate: "2026-06-01",
    endDate: "2026-07-01",
    renewalType: "mensal",
  });
  const first = await t.db.transaction((tx) =>
    issueFirstCharge(tx, { subscriptionId: sub.id, today: "2026-06-01" }),
  );
  numbers.primeira = first!.number;
  const junho = await oneOff("junho", ana, 10000, "2026-06-10");
  await oneOff("julho", ana, 20000, "2026-07-10");
  await oneOff("maio", bia, 5000, "2026-05-10");
  const abril = await oneOff("abril", bia, 7000, "2026-04-10");
  expect((await changeChargeAmount({ chargeId: junho, amountCents: 9000 })).ok).toBe(true);
  const paid = await recordPayment({
    chargeId: junho,
    input: { paidOn: "2026-06-05", method: "dinheiro", amountCents: 9000 },
    today: "2026-06-05",
  });
  expect(paid.ok).toBe(true);
  expect((await cancelCharge({ chargeId: abril, reason: "Lançada por engano" })).ok).toBe(true);
  await markOverdueCharges({ today: "2026-06-01" });
});

describe("Financeiro CSV export", () => {
  it("gives every charge, due date newest first, money 1.234,56, lines in one cell, formulas neutralised", async () => {
    const rows = records(await download("/admin/billing/export"));
    expect(rows.map((r) => r["Número"])).toEqual([
      numbers.julho,
      numbers.junho,
      numbers.primeira,
      numbers.maio,
      numbers.abril,
    ]);
    const first = rows.find((r) => r["Número"] === numbers.primeira)!;
    expect(first).toMatchObject({
      Cliente: "Ana Exporta",
      Negócio: "'=Pizzaria da Ana",
      Status: "A vencer",
      // Issued on Monday 01/06: due 3 business days later.
      Vencimento: "04/06/2026",
      "Período: início": "01/06/2026",
      "Período: fim": "30/06/2026",
      "Valor (R$)": "1.734,56",
    });
    expect(first.Itens).toBe(
      "Plano Premium CSV · Mensal · 01/06/2026 a 30/06/2026: 1.234,56 | Taxa de ativação: 500,00",
    );
    expect(rows.find((r) => r["Número"] === numbers.junho)).toMatchObject({
      Status: "Paga",
      "Subtotal (R$)": "100,00",
      "Desconto (R$)": "10,00",
      "Valor (R$)": "90,00",
      "Pago em": "05/06/2026",
      "Valor pago (R$)": "90,00",
      "Forma de pagamento": "Dinheiro",
    });
    expect(rows.find((r) => r["Número"] === numbers.abril)).toMatchObject({
      Status: "Cancelada",
      "Motivo do cancelamento": "Lançada por engano",
    });
    expect(rows.find((r) => r["Número"] === numbers.maio)?.Status).toBe("Vencida");
    expect(rows.every((r) => /^[0-9A-Za-z]+$/.test(r["PIX txid"]))).toBe(true);
  });

  it("honours each filter of the page's URL and its sort", async () => {
    const nums = async (qs: string) =>
      records(await download(`/admin/billing/export?${qs}`)).map((r) => r["Número"]);
    expect(await nums("status=vencida")).toEqual([numbers.maio]);
    expect(await nums("status=paga")).toEqual([numbers.junho]);
    expect(await nums(`client=${bia}`)).toEqual([numbers.maio, numbers.abril]);
    expect(await nums("from=2026-06-01&to=2026-06-30")).toEqual([numbers.junho, numbers.primeira]);
    expect(await nums("kind=ativação")).toEqual([numbers.primeira]);
    expect(await nums("kind=mensalidade")).toEqual([numbers.primeira]);
    expect(await nums("method=dinheiro")).toEqual([numbers.junho]);
    expect(await nums(`client=${ana}&status=pendente&sort=amount&dir=asc`)).toEqual([
      numbers.julho,
      numbers.primeira,
    ]);
    // A filter value outside the allow-lists is ignored, as on the page, never a 500.
    expect(await nums("status=x'%3B--&kind=nada&from=31/12/2026&client=abc")).toHaveLength(5);
    // A filter nobody matches: the header alone.
    expect(await download("/admin/billing/export?method=boleto")).toHaveLength(1);
  });

  it("streams in small batches on every sort without skipping or repeating a charge", async () => {
    for (const sort of ["due_date", "amount", "number", "created_at"] as const) {
      for (const dir of ["asc", "desc"] as const) {
        const csv = await parseCsv(
          csvResponse({ filename: "t.csv", ...exportCharges({ sort, dir, batchSize: 2 }) }),
        );
        const got = csv.slice(1).map((r) => r[0]);
        expect(new Set(got).size, `${sort} ${dir}`).toBe(5);
        expect(got).toHaveLength(5);
      }
    }
    const byAmount = await parseCsv(
      csvResponse({ filename: "t.csv", ...exportCharges({ sort: "amount", dir: "asc", batchSize: 2 }) }),
    );
    expect(byAmount.slice(1).map((r) => r[0])).toEqual([
      numbers.maio,
      numbers.abril,
      numbers.junho,
      numbers.julho,
      numbers.primeira,
    ]);
  });

  it("is refused to anyone but an admin", async () => {
    const o = await outcome(() => billingExport.loader(args(get("/admin/billing/export"))));
    expect(o.location).toBe("/admin/login");
  });
});
