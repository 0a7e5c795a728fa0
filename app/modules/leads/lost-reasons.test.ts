import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, funnelSettings, leads } from "~/db/schema";
import * as dashboard from "~/routes/admin/dashboard";
import * as leadsRoute from "~/routes/admin/leads";
import * as settingsRoute from "~/routes/admin/settings/funnel";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { getLead } from "./lead.server";
import { getLeadTimeline } from "./lead-timeline.server";

// Lost reasons, optional by default, required when Settings → Funil says so.
const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;

let admin = "";
let seq = 0;

async function makeLead(stage: "novo" | "perdido" = "novo", business?: string) {
  seq += 1;
  const [row] = await t.db
    .insert(leads)
    .values({
      name: `Perda ${seq}`,
      email: `perda${seq}@exemplo.com`,
      phone: "(11) 98888-7777",
      business: business ?? `Padaria ${seq}`,
      plan: "Premium",
      statusFunil: stage,
      status: stage,
    })
    .returning();
  return row;
}

const lose = (id: string, extra: Record<string, string> = {}) =>
  outcome(() =>
    leadsRoute.action(
      args(post("/admin/leads", { intent: "move", id, from: "novo", to: "perdido", ...extra }, admin)),
    ),
  );
const saveSettings = (fields: Record<string, string>) =>
  outcome(() => settingsRoute.action(args(post("/admin/settings/funnel", fields, admin))));
const row = async (id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0];

beforeAll(async () => {
  admin = await adminCookie();
});

describe("lost reason (optional by default)", () => {
  it("offers the default list and needs no reason: the spec's one click still works", async () => {
    const res = await outcome(() => leadsRoute.loader(args(get("/admin/leads", admin)) as never));
    const d = res.data as Awaited<ReturnType<typeof leadsRoute.loader>>;
    expect(d.settings).toEqual({
      lostReasons: [
        "Preço",
        "Escolheu concorrente",
        "Sem resposta",
        "Não é o momento",
        "Fora do perfil",
        "Outro",
      ],
      lostReasonRequired: false,
      idleDays: { novo: 1, contatado: 3, qualificado: 7, negociando: 7 },
    });
    const lead = await makeLead();
    const moved = await lose(lead.id);
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ toast: { message: "Lead movido para Perdidos" } });
    expect(await row(lead.id)).toMatchObject({ statusFunil: "perdido", lostReason: null, lostNote: null });
  });

  it("stores the reason and the text, shows them in the timeline, and clears them on 'Retomar'", async () => {
    const lead = await makeLead();
    expect((await lose(lead.id, { lostReason: "Outro", lostNote: "  Fechou a loja  " })).status).toBe(200);
    expect(await row(lead.id)).toMatchObject({ lostReason: "Outro", lostNote: "Fechou a loja" });
    const timeline = await getLeadTimeline({ lead: (await getLead({ id: lead.id }))! });
    expect(timeline[0]).toMatchObject({
      kind: "lost",
      title: "Novos Leads → Perdidos",
      detail: "Motivo: Outro: Fechou a loja",
    });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, lead.id));
    expect(audit.changes).toMatchObject({ motivoPerda: [null, "Outro: Fechou a loja"] });

    const back = await outcome(() =>
      leadsRoute.action(
        args(post("/admin/leads", { intent: "move", id: lead.id, from: "perdido", to: "novo" }, admin)),
      ),
    );
    expect(back.status).toBe(200);
    expect(await row(lead.id)).toMatchObject({ statusFunil: "novo", lostReason: null, lostNote: null });
  });

  it("refuses a reason that is not in the list, changing nothing", async () => {
    const lead = await makeLead();
    const res = await lose(lead.id, { lostReason: "Inventado" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      toast: { type: "error", message: expect.stringContaining("Motivo de perda inválido") },
    });
    expect((await row(lead.id)).statusFunil).toBe("novo");
  });
});

describe("Settings → Funil", () => {
  it("refuses an empty list or a too long reason with a message", async () => {
    for (const lostReasons of ["", "  \n  ", `${"x".repeat(61)}`]) {
      const res = await saveSettings({ lostReasons });
      expect(res.status).toBe(400);
      expect((res.data as { fieldErrors: Record<string, string> }).fieldErrors.lostReasons).toMatch(/motivo/);
    }
    expect(await t.db.select().from(funnelSettings)).toHaveLength(0);
  });

  it("makes the reason required and edits the list; the funnel obeys", async () => {
    const saved = await saveSettings({ lostReasons: "Preço\nSumiu\n\nPreço", lostReasonRequired: "on" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/settings/funnel");
    expect(await t.db.select().from(funnelSettings)).toMatchObject([
      { lostReasons: ["Preço", "Sumiu"], lostReasonRequired: true },
    ]);

    const lead = await makeLead();
    const refused = await lose(lead.id);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ toast: { type: "error", message: "Informe o motivo da perda." } });
    expect((await row(lead.id)).statusFunil).toBe("novo");
    // A reason removed from the list is refused too.
    expect((await lose(lead.id, { lostReason: "Sem resposta" })).status).toBe(400);
    expect((await lose(lead.id, { lostReason: "Sumiu" })).status).toBe(200);
    expect(await row(lead.id)).toMatchObject({ statusFunil: "perdido", lostReason: "Sumiu" });

    // Back to optional.
    expect((await saveSettings({ lostReasons: "Preço\nSumiu" })).status).toBe(302);
    const other = await makeLead();
    expect((await lose(other.id)).status).toBe(200);
  });

  it("counts lost leads by reason for the funnel and the dashboard", async () => {
    await t.db.delete(leads);
    await saveSettings({ lostReasons: "Preço\nSumiu" });
    for (const reason of ["Preço", "Preço", "Sumiu", ""]) {
      const lead = await makeLead();
      await lose(lead.id, reason ? { lostReason: reason } : {});
    }
    await makeLead(); // still open: not counted
    const expected = [
      { reason: "Preço", count: 2 },
      { reason: "Sumiu", count: 1 },
      { reason: "Sem motivo informado", count: 1 },
    ];
    const funnel = await outcome(() => leadsRoute.loader(args(get("/admin/leads", admin)) as never));
    expect((funnel.data as { lostByReason: unknown }).lostByReason).toEqual(expected);
    const dash = await outcome(() => dashboard.loader(args(get("/admin/dashboard", admin)) as never));
    expect((dash.data as { lostByReason: unknown }).lostByReason).toEqual(expected);
  });

  it("counts on the funnel only the lost leads its search and filter show, like the cards", async () => {
    await t.db.delete(leads);
    await saveSettings({ lostReasons: "Preço\nSumiu" });
    const lost: [string, string][] = [
      ["Açaí da Praia", "Preço"],
      ["Açaí do Centro", "Sumiu"],
      ["Pizzaria Bella", "Preço"],
      ["Pizzaria Roma", "Preço"],
    ];
    for (const [business, lostReason] of lost)
      await lose((await makeLead("novo", business)).id, { lostReason });
    const board = async (query: string) => {
      const res = await outcome(() => leadsRoute.loader(args(get(`/admin/leads${query}`, admin)) as never));
      const d = res.data as Awaited<ReturnType<typeof leadsRoute.loader>>;
      return { counts: d.lostByReason, cards: d.columns.perdido.leads.map((l) => l.business).sort() };
    };

    // Accent- and case-insensitive, as the cards' search.
    expect(await board("?q=ACAI")).toEqual({
      counts: [
        { reason: "Preço", count: 1 },
        { reason: "Sumiu", count: 1 },
      ],
      cards: ["Açaí da Praia", "Açaí do Centro"],
    });
    expect(await board("?q=pizzaria")).toEqual({
      counts: [{ reason: "Preço", count: 2 }],
      cards: ["Pizzaria Bella", "Pizzaria Roma"],
    });
    expect(await board("?q=nenhum-lead-assim")).toEqual({ counts: [], cards: [] });
    // "Contato atrasado" lists open leads only: no lost card, so no lost count.
    expect(await board("?contato=atrasados")).toEqual({ counts: [], cards: [] });
    // Without a search, the board and the dashboard count every lost lead.
    const everyone = [
      { reason: "Preço", count: 3 },
      { reason: "Sumiu", count: 1 },
    ];
    expect((await board("")).counts).toEqual(everyone);
    const dash = await outcome(() => dashboard.loader(args(get("/admin/dashboard?q=acai", admin)) as never));
    expect((dash.data as { lostByReason: unknown }).lostByReason).toEqual(everyone);
  });
});
