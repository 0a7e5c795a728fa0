import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, clientNotes, clients, leadNotes, leads, mailMessages, plans } from "~/db/schema";
import * as leadPage from "~/routes/admin/leads/detail";
import * as leadsRoute from "~/routes/admin/leads";
import * as clientPage from "~/routes/admin/clients/edit";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";

// The lead page, its notes and its timeline.
const t = useTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

let admin = "";
let seq = 0;

async function makeLead(over: Partial<typeof leads.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.db
    .insert(leads)
    .values({
      name: `Página ${seq}`,
      email: `pagina${seq}@exemplo.com`,
      phone: "(11) 98888-7777",
      business: `Bistrô ${seq}`,
      plan: "Premium",
      utmSource: "google",
      utmCampaign: "inverno",
      referrer: "https://www.google.com/",
      landingPage: "/?utm_source=google",
      ...over,
    })
    .returning();
  return row;
}

type PageData = Awaited<ReturnType<typeof leadPage.loader>>;
async function page(id: string) {
  const res = await outcome(() => leadPage.loader(args(get(`/admin/leads/${id}`, admin), { id })));
  expect(res.status).toBe(200);
  return res.data as PageData;
}
const act = (id: string, fields: Record<string, string>, url = "/admin/leads") =>
  outcome(() =>
    url === "/admin/leads"
      ? leadsRoute.action(args(post(url, fields, admin)))
      : leadPage.action(args(post(url, fields, admin), { id })),
  );
const note = (id: string, text: string) => act(id, { intent: "add-note", note: text }, `/admin/leads/${id}`);

beforeAll(async () => {
  admin = await adminCookie("admin-lead-page@test.dev", "senha-admin-123");
  await t.db.insert(plans).values({ name: "Premium", priceCents: 14990 });
});

describe("lead page", () => {
  it("shows every field and the attribution", async () => {
    const lead = await makeLead({ message: "Quero um cardápio", gclid: "abc123" });
    const d = await page(lead.id);
    expect(d.lead).toMatchObject({
      name: lead.name,
      email: lead.email,
      utmSource: "google",
      utmCampaign: "inverno",
      referrer: "https://www.google.com/",
      landingPage: "/?utm_source=google",
      gclid: "abc123",
      message: "Quero um cardápio",
    });
    expect(d.timeline.map((e) => e.kind)).toEqual(["created"]);
  });

  it("sends an unknown or malformed id back to the funnel with a message", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "x'--"]) {
      const res = await outcome(() => leadPage.loader(args(get(`/admin/leads/${id}`, admin), { id })));
      expect(res.status).toBe(302);
      expect(res.location).toBe("/admin/leads");
    }
  });

  it("has a timeline entry for every change: moves with who, notes, e-mails, conversion", async () => {
    const lead = await makeLead();
    expect((await act(lead.id, { intent: "move", id: lead.id, from: "novo", to: "contatado" })).status).toBe(
      200,
    );
    expect((await note(lead.id, "Ligou pedindo proposta")).status).toBe(200);
    for (const [from, to] of [
      ["contatado", "qualificado"],
      ["qualificado", "negociando"],
    ]) {
      await act(lead.id, { intent: "move", id: lead.id, from, to });
    }
    await t.db.insert(mailMessages).values({
      kind: "lead-alert",
      toAddress: "equipe@exemplo.com",
      subject: `Novo lead: ${lead.name}`,
      html: "<p>x</p>",
      text: "x",
      entityType: "lead",
      entityId: lead.id,
    });
    expect((await act(lead.id, { intent: "convert", id: lead.id })).status).toBe(200);

    const { timeline } = await page(lead.id);
    const byKind = (k: string) => timeline.filter((e) => e.kind === k);
    expect(byKind("status").map((e) => e.title)).toEqual([
      "Qualificados → Em negociação",
      "Contatados → Qualificados",
      "Novos Leads → Contatados",
    ]);
    for (const e of [...byKind("status"), ...byKind("converted"), ...byKind("note")]) {
      expect(e.by).toBe("Administrador");
    }
    expect(byKind("note")).toMatchObject([{ detail: "Ligou pedindo proposta" }]);
    expect(byKind("mail")).toMatchObject([{ title: "E-mail enviado para equipe@exemplo.com" }]);
    expect(byKind("converted")).toMatchObject([{ detail: "Plano: Premium (assinatura ativa criada)" }]);
    expect(timeline[0].kind).toBe("converted");
    expect(timeline.at(-1)?.kind).toBe("created");
    // Every action is in the audit log with the admin's name.
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, lead.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "lead.converted",
      "lead.moved",
      "lead.moved",
      "lead.moved",
      "lead.note_added",
    ]);
  });

  it("keeps the notes on the client after conversion, and later notes too", async () => {
    const lead = await makeLead({ statusFunil: "negociando", status: "negociando" });
    await note(lead.id, "Antes da conversão");
    await act(lead.id, { intent: "convert", id: lead.id });
    const [converted] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    const clientId = converted.convertedClientId!;
    await note(lead.id, "Depois da conversão");
    const onClient = await t.db.select().from(clientNotes).where(eq(clientNotes.clientId, clientId));
    expect(onClient.map((n) => n.note).sort()).toEqual(["Antes da conversão", "Depois da conversão"]);
  });

  it("refuses an empty note with a message and stores nothing", async () => {
    const lead = await makeLead();
    const res = await note(lead.id, "   ");
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ fieldErrors: { note: "Escreva a anotação antes de adicionar." } });
    expect(await t.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id))).toHaveLength(0);
  });
});

describe("deleting a lead", () => {
  it("deletes it with its notes and records its name in the audit log", async () => {
    const lead = await makeLead();
    await note(lead.id, "Spam");
    const res = await act(lead.id, { intent: "delete" }, `/admin/leads/${lead.id}`);
    expect(res.status).toBe(302);
    expect(res.location).toBe("/admin/leads");
    expect(await t.db.select().from(leads).where(eq(leads.id, lead.id))).toHaveLength(0);
    expect(await t.db.select().from(leadNotes).where(eq(leadNotes.leadId, lead.id))).toHaveLength(0);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "lead.deleted"));
    expect(entry).toMatchObject({
      entityId: lead.id,
      entityLabel: lead.name,
      actorName: "Administrador",
      changes: { name: [lead.name, null], email: [lead.email, null] },
    });
    // Gone: its page sends the admin back to the funnel.
    const again = await outcome(() =>
      leadPage.loader(args(get(`/admin/leads/${lead.id}`, admin), { id: lead.id })),
    );
    expect(again.location).toBe("/admin/leads");
  });

  it("keeps the client made from a converted lead", async () => {
    const lead = await makeLead({ statusFunil: "negociando", status: "negociando" });
    await act(lead.id, { intent: "convert", id: lead.id });
    const [converted] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    await act(lead.id, { intent: "delete" }, `/admin/leads/${lead.id}`);
    expect(
      await t.db.select().from(clients).where(eq(clients.id, converted.convertedClientId!)),
    ).toHaveLength(1);
  });
});

// The page gives the stage bar what the board's dialogs need, and the converted
// client's page links back to its lead.
describe("lead page as a workplace", () => {
  it("loads the plans and the lost reasons for the stage bar's dialogs", async () => {
    const lead = await makeLead();
    const d = await page(lead.id);
    expect(d.plans.map((p) => p.name)).toContain("Premium");
    expect(d.lost.lostReasons).toContain("Escolheu concorrente");
  });

  it("links the converted client back to its lead, and a client without a lead to nothing", async () => {
    const lead = await makeLead({ statusFunil: "negociando", status: "negociando" });
    await act(lead.id, { intent: "convert", id: lead.id });
    const [converted] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    const clientId = converted.convertedClientId!;
    const res = await outcome(() =>
      clientPage.loader(args(get(`/admin/clients/edit/${clientId}`, admin), { id: clientId })),
    );
    expect(res.status).toBe(200);
    // The client page's origin: the lead with its attribution.
    expect((res.data as { lead: unknown }).lead).toMatchObject({
      id: lead.id,
      name: lead.name,
      source: "google",
      campaign: "inverno",
      referral: null,
    });

    const [other] = await t.db
      .insert(clients)
      .values({
        name: "Sem lead",
        email: "semlead@exemplo.com",
        phone: "(11) 97777-6666",
        businessName: "Bar",
      })
      .returning();
    const plain = await outcome(() =>
      clientPage.loader(args(get(`/admin/clients/edit/${other.id}`, admin), { id: other.id })),
    );
    expect((plain.data as { lead: unknown }).lead).toBeNull();
  });
});
