/**
 * Issue #15 item 7: the CSV exports of leads, clients and referrals, through their routes (the
 * admin guard, the list's URL state) and the batched database read under them, on PGlite and on
 * PostgreSQL (TEST_DATABASE_URL).
 */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, leads, plans, referrals } from "~/db/schema";
import { queryRows } from "~/db/client.server";
import { exportClients } from "~/modules/clients/export.server";
import { exportLeads } from "~/modules/leads/export.server";
import { exportReferrals } from "~/modules/referrals/export.server";
import * as clientsExport from "~/routes/admin/clients/export";
import * as leadsExport from "~/routes/admin/leads/export";
import * as referralsExport from "~/routes/admin/referrals/export";
import { csvResponse } from "~/server/http/csv.server";
import { onPostgres, useTestDatabase } from "../support/db";
import { adminCookie, context, get, outcome, representativeCookie } from "../support/requests";
import { insertSubscriptions } from "../../tests/support/subscriptions";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";
let repId = "";

async function download(res: Response): Promise<string[][]> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)], "UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  return parse(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), { bom: true, delimiter: ";" });
}
async function csvOf<Row>(e: {
  columns: Parameters<typeof csvResponse<Row>>[0]["columns"];
  rows: AsyncIterable<Row>;
}) {
  return download(csvResponse({ filename: "t.csv", ...e }));
}

const T0 = Date.parse("2026-03-01T12:00:00Z");

beforeAll(async () => {
  admin = await adminCookie();
  repId = (await representativeCookie("csv-rep@test.dev", "senha-rep-123", "Zuleica Representante"))
    .representativeId;
  // 250 leads; several share a created_at (ties are broken by id, across batch boundaries).
  await t.db.insert(leads).values(
    Array.from({ length: 250 }, (_, i) => ({
      name: `Exporta ${String(i).padStart(3, "0")}`,
      email: `exporta${i}@exemplo.com`,
      phone: "(11) 98888-7777",
      business: i % 2 ? "Pizzaria Ímpar" : "Padaria Par",
      plan: "Premium",
      statusFunil: i % 5 === 0 ? ("contatado" as const) : ("novo" as const),
      status: i % 5 === 0 ? ("contatado" as const) : ("novo" as const),
      createdAt: new Date(T0 + Math.floor(i / 3) * 60_000),
    })),
  );
  await t.db.insert(leads).values([
    {
      name: '=HYPERLINK("http://evil.example","clique")',
      email: "formula@exemplo.com",
      phone: "+55 11 98888-7777",
      business: '@Lanchonete; "Aspas"',
      plan: "-Básico",
      message: "Linha 1\nLinha 2",
      createdAt: new Date("2026-04-02T02:30:00Z"),
      nextContactAt: new Date("2026-04-03T13:00:00Z"),
    },
  ]);
});

describe("leads", () => {
  it("streams every lead newest first in small batches, none skipped or repeated", async () => {
    const csv = await csvOf(exportLeads({ q: "Exporta", batchSize: 7 }));
    expect(csv[0][0]).toBe("Nome");
    const names = csv.slice(1).map((r) => r[0]);
    const expected = await queryRows<{ name: string }>(
      t.db,
      sql`select name from leads where name like 'Exporta%' order by created_at desc, id desc`,
    );
    expect(names).toEqual(expected.map((r) => r.name));
    expect(new Set(names).size).toBe(250);
  });

  it("the route honours the board's search and column, and neutralises formulas", async () => {
    const res = (await leadsExport.loader(
      args(get("/admin/leads/export?q=impar&etapa=contatado", admin)),
    )) as Response;
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv = await download(res);
    // Odd i (Ímpar, accent-insensitive search) and i % 5 === 0 (Contatados): i = 5, 15, … 245.
    expect(csv.length - 1).toBe(25);
    expect(csv.slice(1).every((r) => r[3] === "Pizzaria Ímpar" && r[5] === "Contatados")).toBe(true);

    const formula = await download(
      (await leadsExport.loader(args(get("/admin/leads/export?q=formula%40exemplo", admin)))) as Response,
    );
    const header = formula[0];
    const row = Object.fromEntries(header.map((h, i) => [h, formula[1][i]]));
    expect(row.Nome).toBe('\'=HYPERLINK("http://evil.example","clique")');
    expect(row.Telefone).toBe("'+55 11 98888-7777");
    expect(row["Negócio"]).toBe('\'@Lanchonete; "Aspas"');
    expect(row["Plano de interesse"]).toBe("'-Básico");
    expect(row.Mensagem).toBe("Linha 1\nLinha 2");
    // 02:30 UTC on the 2nd is 23:30 on the 1st in São Paulo.
    expect(row["Recebido em"]).toBe("01/04/2026");
    expect(row["Próximo contato"]).toBe("03/04/2026 10:00");
    expect(row.Etapa).toBe("Novos Leads");

    // The follow-up filter (?contato=) too: only the lead whose next contact has passed.
    const late = await download(
      (await leadsExport.loader(args(get("/admin/leads/export?contato=atrasados", admin)))) as Response,
    );
    expect(late.slice(1).map((r) => r[0])).toEqual(['\'=HYPERLINK("http://evil.example","clique")']);
  });

  it("is refused to anyone but an admin", async () => {
    const o = await outcome(() => leadsExport.loader(args(get("/admin/leads/export"))));
    expect(o.location).toBe("/admin/login");
  });
});

describe("clients", () => {
  it("each client with its current subscription, money 1.234,56, the list's search and sort", async () => {
    const [premium, basico] = await t.db
      .insert(plans)
      .values([
        { name: "Premium CSV", priceCents: 123456, setupFeeCents: 0 },
        { name: "Básico CSV", priceCents: 4990, setupFeeCents: 0 },
      ])
      .returning();
    const made = await t.db
      .insert(clients)
      .values(
        ["Carla", "ana", "Bruno", "Débora"].map((n, i) => ({
          name: `${n} Exportada`,
          email: `cli-export-${i}@exemplo.com`,
          phone: "11999990000",
          businessName: `Negócio ${n}`,
          planId: i === 3 ? null : premium.id,
          createdAt: new Date(T0 + i * 1000),
        })),
      )
      .returning();
    const carla = made[0];
    await insertSubscriptions(t.db, [
      // The active one counts, even if a cancelled one ends later.
      {
        clientId: carla.id,
        planId: basico.id,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        status: "cancelada",
      },
      {
        clientId: carla.id,
        planId: premium.id,
        startDate: "2026-03-01",
        endDate: "2026-04-01",
        status: "ativa",
      },
      {
        clientId: made[1].id,
        planId: basico.id,
        startDate: "2026-01-01",
        endDate: "2026-02-01",
        status: "inativa",
      },
    ]);
    const res = (await clientsExport.loader(
      args(get("/admin/clients/export?q=exportada&sort=name&dir=asc&page=3", admin)),
    )) as Response;
    const csv = await download(res);
    const rows = csv.slice(1).map((r) => Object.fromEntries(csv[0].map((h, i) => [h, r[i]])));
    // sort=name asc as the list orders it (PostgreSQL's collation); page is ignored.
    const expected = await queryRows<{ name: string }>(
      t.db,
      sql`select name from clients where name like '%Exportada' order by name asc, id asc`,
    );
    expect(rows.map((r) => r.Nome)).toEqual(expected.map((r) => r.name));
    const byName = Object.fromEntries(rows.map((r) => [r.Nome, r]));
    expect(byName["Carla Exportada"]).toMatchObject({
      Plano: "Premium CSV",
      "Assinatura atual: plano": "Premium CSV",
      "Assinatura atual: valor mensal (R$)": "1.234,56",
      "Assinatura atual: status": "Ativa",
      "Assinatura atual: início": "01/03/2026",
      "Assinatura atual: término": "01/04/2026",
      Status: "Ativo",
    });
    expect(byName["ana Exportada"]["Assinatura atual: status"]).toBe("Inativa");
    expect(byName["ana Exportada"]["Assinatura atual: valor mensal (R$)"]).toBe("49,90");
    expect(byName["Débora Exportada"]).toMatchObject({ Plano: "", "Assinatura atual: plano": "" });

    const desc = await csvOf(
      exportClients({ q: "exportada", sort: "created_at", dir: "desc", batchSize: 1 }),
    );
    expect(desc.slice(1).map((r) => r[0])).toEqual([
      "Débora Exportada",
      "Bruno Exportada",
      "ana Exportada",
      "Carla Exportada",
    ]);
  });
});

describe("referrals", () => {
  it("the list's status filter and a sort on a column that may be empty, across batches", async () => {
    await t.db.insert(referrals).values(
      Array.from({ length: 9 }, (_, i) => ({
        representativeId: i % 3 === 0 ? null : repId,
        businessName: `Indicado CSV ${i}`,
        contactName: `Contato ${i}`,
        contactPhone: "11977776666",
        status: i % 2 ? ("concluido" as const) : ("analise" as const),
        commissionCents: i % 2 ? 150000 : null,
      })),
    );
    const res = (await referralsExport.loader(
      args(get("/admin/referrals/export?q=indicado%20csv&status=concluido", admin)),
    )) as Response;
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="indicacoes-/);
    const csv = await download(res);
    expect(csv[0]).toContain("Comissão (R$)");
    expect(csv.length - 1).toBe(4);
    expect(csv.slice(1).every((r) => r[6] === "Concluído" && r[7] === "1.500,00")).toBe(true);

    for (const dir of ["asc", "desc"] as const) {
      const out = await csvOf(
        exportReferrals({ q: "indicado csv", sort: "representative", dir, batchSize: 2 }),
      );
      const reps = out.slice(1).map((r) => r[3]);
      expect(reps).toHaveLength(9);
      // PostgreSQL's default: empty (NULL) last ascending, first descending.
      const withRep = Array(6).fill("Zuleica Representante");
      const without = Array(3).fill("");
      expect(reps).toEqual(dir === "asc" ? [...withRep, ...without] : [...without, ...withRep]);
      expect(new Set(out.slice(1).map((r) => r[0])).size).toBe(9);
    }
  });
});

describe("a download stopped half-way", () => {
  it("ends the read and gives its connection back", async () => {
    const res = csvResponse({ filename: "t.csv", ...exportLeads({ batchSize: 5 }) });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 100));
    if (onPostgres) {
      const open = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open[0].n).toBe(0);
      expect(t.database.pool!.totalCount - t.database.pool!.idleCount).toBe(0);
    }
    // The database still answers (PGlite: no transaction left open on its one connection).
    const [{ n }] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from leads`);
    expect(n).toBe(251);
  });
});
