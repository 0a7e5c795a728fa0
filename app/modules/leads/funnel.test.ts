import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, leads } from "~/db/schema";
import * as leadsRoute from "~/routes/admin/leads";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { countLeadsByStage, listStageLeads } from "./funnel.server";
import { moveLead } from "./move-lead.server";
import { NO_PLAN } from "~/modules/clients/clients.schema";
import { reachableStages, STAGES, TRANSITIONS, type Stage } from "./leads.schema";

const t = useTestDatabase();
type Args = Parameters<typeof leadsRoute.action>[0];
const args = (request: Request) => ({ request, params: {}, context: context() }) as unknown as Args;

let admin = "";
let seq = 0;

async function makeLead(over: Partial<typeof leads.$inferInsert> = {}) {
  seq += 1;
  const stage = over.statusFunil ?? "novo";
  const [row] = await t.db
    .insert(leads)
    .values({
      name: `Lead ${seq}`,
      email: `lead${seq}@exemplo.com`,
      phone: "(11) 98888-7777",
      business: `Lanchonete ${seq}`,
      plan: "Premium",
      ...over,
      statusFunil: stage,
      status: stage,
    })
    .returning();
  return row;
}

async function stageOf(id: string) {
  const [row] = await t.db.select().from(leads).where(eq(leads.id, id));
  return row;
}

const act = (fields: Record<string, string>, cookie = admin) =>
  outcome(() => leadsRoute.action(args(post("/admin/leads", fields, cookie))));

beforeAll(async () => {
  admin = await adminCookie();
});

describe("funnel transitions (server-enforced)", () => {
  const pairs = STAGES.flatMap((from) => STAGES.map((to) => [from, to] as [Stage, Stage]));

  it.each(pairs)("%s → %s is allowed only when the funnel's rules allow it", async (from, to) => {
    const lead = await makeLead({ statusFunil: from });
    const res = await act({ intent: "move", id: lead.id, from, to });
    const after = await stageOf(lead.id);
    expect(after.status).toBe(after.statusFunil);
    if (TRANSITIONS[from].includes(to)) {
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({ ok: true, toast: { type: "success" } });
      expect(after.statusFunil).toBe(to);
    } else {
      expect(res.status).toBe(422);
      // The spec's message, then the server's reason.
      expect(res.data).toMatchObject({
        toast: { type: "error", message: expect.stringMatching(/^Erro ao atualizar status: .+/) },
      });
      expect(after.statusFunil).toBe(from);
    }
  });

  it("lists exactly the allowed edges: the spec's, forward skips and one step back", () => {
    expect(TRANSITIONS).toEqual({
      novo: ["contatado", "qualificado", "negociando", "perdido"],
      contatado: ["novo", "qualificado", "negociando", "perdido"],
      qualificado: ["contatado", "negociando", "perdido"],
      negociando: ["qualificado", "perdido"],
      convertido: [],
      perdido: ["novo"],
    });
  });

  it("the stage bar and 'Mover para' offer exactly the stages the server then accepts", async () => {
    for (const from of STAGES) {
      for (const to of STAGES.filter((s) => s !== from)) {
        const lead = await makeLead({ statusFunil: from });
        // Convertidos goes through the conversion dialog, every other stage through a move.
        const res =
          to === "convertido"
            ? await act({ intent: "convert", id: lead.id, planId: NO_PLAN })
            : await act({ intent: "move", id: lead.id, from, to });
        expect(res.status === 200, `${from} → ${to}`).toBe(reachableStages(from).includes(to));
        expect((await stageOf(lead.id)).statusFunil, `${from} → ${to}`).toBe(res.status === 200 ? to : from);
      }
    }
  });

  it("moves forward across open stages, skipping (a drop from Novos Leads on Em negociação)", async () => {
    const lead = await makeLead({ statusFunil: "novo" });
    const res = await act({ intent: "move", id: lead.id, from: "novo", to: "negociando" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ toast: { type: "success", message: "Lead movido para Em negociação" } });
    expect((await stageOf(lead.id)).statusFunil).toBe("negociando");
    // The lead's history (the audit log) records the skip as one move.
    const other = await makeLead({ statusFunil: "contatado" });
    expect((await act({ intent: "move", id: other.id, from: "contatado", to: "negociando" })).status).toBe(
      200,
    );
  });

  it("moves one step back between open stages ('Voltar etapa'), and no further", async () => {
    const lead = await makeLead({ statusFunil: "negociando" });
    let res = await act({ intent: "move", id: lead.id, from: "negociando", to: "qualificado" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ toast: { message: "Lead movido para Qualificados" } });
    res = await act({ intent: "move", id: lead.id, from: "qualificado", to: "contatado" });
    expect(res.status).toBe(200);
    res = await act({ intent: "move", id: lead.id, from: "contatado", to: "novo" });
    expect(res.status).toBe(200);
    expect((await stageOf(lead.id)).statusFunil).toBe("novo");

    const far = await makeLead({ statusFunil: "negociando" });
    res = await act({ intent: "move", id: far.id, from: "negociando", to: "novo" });
    expect(res.status).toBe(422);
    expect(res.data).toMatchObject({
      toast: { type: "error", message: "Erro ao atualizar status: só é possível voltar uma etapa por vez." },
    });
    expect((await stageOf(far.id)).statusFunil).toBe("negociando");
  });

  it("refuses with the reason in pt-BR: converting by a move, leaving convertido, a lost lead skipping, the same column", async () => {
    const cases: [Stage, Stage, string][] = [
      ["negociando", "convertido", "use “Converter em cliente” para converter o lead."],
      ["novo", "convertido", "só leads em Em negociação podem ser convertidos."],
      ["convertido", "negociando", "um lead convertido não muda mais de etapa."],
      ["convertido", "perdido", "um lead convertido não muda mais de etapa."],
      ["perdido", "contatado", "um lead perdido só pode ser retomado em Novos Leads."],
      ["qualificado", "qualificado", "o lead já está em Qualificados."],
    ];
    for (const [from, to, reason] of cases) {
      const lead = await makeLead({ statusFunil: from });
      const res = await act({ intent: "move", id: lead.id, from, to });
      expect(res.status).toBe(422);
      expect(res.data).toMatchObject({
        toast: { type: "error", message: `Erro ao atualizar status: ${reason}` },
      });
      const after = await stageOf(lead.id);
      expect(after.statusFunil).toBe(from);
      expect(after.convertedClientId).toBeNull();
    }
  });

  it("uses the column label in the success toast", async () => {
    const lead = await makeLead({ statusFunil: "qualificado" });
    const res = await act({ intent: "move", id: lead.id, from: "qualificado", to: "negociando" });
    expect(res.data).toMatchObject({ toast: { message: "Lead movido para Em negociação" } });
  });

  it("refuses a move from a stage the lead is no longer in (a concurrent move cannot skip)", async () => {
    const lead = await makeLead({ statusFunil: "novo" });
    await moveLead({ id: lead.id, from: "novo", to: "contatado" });
    // A second admin still sees it in "novo" and asks for novo → perdido.
    const res = await act({ intent: "move", id: lead.id, from: "novo", to: "perdido" });
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({
      toast: {
        message:
          "Erro ao atualizar status: o lead já tinha sido movido por outra pessoa. O funil foi atualizado.",
      },
    });
    expect((await stageOf(lead.id)).statusFunil).toBe("contatado");
    // Two concurrent novo → contatado moves: exactly one applies.
    const other = await makeLead({ statusFunil: "novo" });
    const results = await Promise.all([
      moveLead({ id: other.id, from: "novo", to: "contatado" }),
      moveLead({ id: other.id, from: "novo", to: "perdido" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("refuses garbage input with a 400 and changes nothing", async () => {
    const lead = await makeLead();
    for (const fields of [
      { intent: "move", id: lead.id, from: "novo", to: "ganho" },
      { intent: "move", id: "not-a-uuid", from: "novo", to: "contatado" },
      { intent: "apagar", id: lead.id },
      {},
    ]) {
      const res = await act(fields as Record<string, string>);
      expect(res.status).toBe(400);
    }
    expect((await stageOf(lead.id)).statusFunil).toBe("novo");
  });

  it("the database itself refuses status and status_funil apart", async () => {
    const lead = await makeLead();
    await expect(
      t.db.execute(sql`update leads set status = 'perdido' where id = ${lead.id}`),
    ).rejects.toThrow();
  });
});

describe("access", () => {
  it("anonymous and representative requests change nothing", async () => {
    const lead = await makeLead({ statusFunil: "negociando" });
    const rep = await representativeCookie("rep-leads@test.dev");
    for (const cookie of [undefined, rep.cookie]) {
      const attempts: Record<string, string>[] = [
        { intent: "move", id: lead.id, from: "negociando", to: "perdido" },
        { intent: "convert", id: lead.id },
      ];
      for (const fields of attempts) {
        const res = await outcome(() => leadsRoute.action(args(post("/admin/leads", fields, cookie))));
        expect(res.status).toBe(302);
        expect(res.location).toBe("/admin/login");
      }
      const res = await outcome(() => leadsRoute.loader(args(get("/admin/leads", cookie)) as never));
      expect(res.location).toBe("/admin/login");
    }
    expect((await stageOf(lead.id)).statusFunil).toBe("negociando");
    const made = await t.db.select().from(clients).where(eq(clients.email, lead.email));
    expect(made).toHaveLength(0);
  });
});

describe("board", () => {
  it("feeds each column page by page and counts with the search applied", async () => {
    await t.db.execute(sql`delete from leads`);
    const base = Date.now();
    await t.db.insert(leads).values(
      Array.from({ length: 45 }, (_, i) => ({
        name: `Qualificado ${i}`,
        email: `q${i}@board.dev`,
        phone: "11 3333-4444",
        business: i === 7 ? "Pastelaria Sete" : `Negócio ${i}`,
        plan: "Básico",
        statusFunil: "qualificado" as const,
        status: "qualificado" as const,
        createdAt: new Date(base - i * 1000),
      })),
    );
    await makeLead({ statusFunil: "perdido", name: "Perdido Único", phone: "(21) 97777-1234" });
    const first = await listStageLeads({ stage: "qualificado" });
    expect(first.leads).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.leads[0].name).toBe("Qualificado 0");
    const all = await listStageLeads({ stage: "qualificado", pages: 3 });
    expect(all.leads).toHaveLength(45);
    expect(all.hasMore).toBe(false);
    const totals = async (q?: string) =>
      Object.fromEntries(Object.entries(await countLeadsByStage({ q })).map(([k, c]) => [k, c.total]));
    expect(await totals()).toEqual({
      novo: 0,
      contatado: 0,
      qualificado: 45,
      negociando: 0,
      convertido: 0,
      perdido: 1,
    });
    expect((await countLeadsByStage()).qualificado.kind).toBe("exact");
    expect((await totals("pastelaria")).qualificado).toBe(1);
    expect((await totals("Q12@BOARD")).qualificado).toBe(1);
    expect((await totals("97777-1234")).perdido).toBe(1);
    expect((await totals("21 97777")).perdido).toBe(1);
    expect((await totals("100%")).qualificado).toBe(0);

    const res = await outcome(() =>
      leadsRoute.loader(args(get("/admin/leads?q=qualificado&qualificado=2", admin)) as never),
    );
    const d = res.data as Awaited<ReturnType<typeof leadsRoute.loader>>;
    expect(d.columns.qualificado.leads).toHaveLength(40);
    expect(d.columns.qualificado.hasMore).toBe(true);
    expect(d.columns.perdido.leads).toHaveLength(0);
    expect(d.counts.qualificado).toMatchObject({ total: 45, kind: "exact" });
    // The same search answered by the bounded read: the cards in order, pages and counts.
    const page2 = await outcome(() =>
      leadsRoute.loader(args(get("/admin/leads?q=QUALIFICADO%201&qualificado=1", admin)) as never),
    );
    const p = page2.data as Awaited<ReturnType<typeof leadsRoute.loader>>;
    // "Qualificado 1" and "Qualificado 10".."Qualificado 19": 11 matches, newest first.
    expect(p.columns.qualificado.leads.map((l) => l.name)).toEqual([
      "Qualificado 1",
      ...Array.from({ length: 10 }, (_, i) => `Qualificado ${10 + i}`),
    ]);
    expect(p.columns.qualificado.hasMore).toBe(false);
    expect(p.counts.qualificado).toMatchObject({ total: 11, kind: "exact" });
    expect(p.counts.perdido.total).toBe(0);
  });
});
