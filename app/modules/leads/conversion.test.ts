import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, charges, clients, leads, mailMessages, plans, subscriptions } from "~/db/schema";
import { todayInSaoPaulo } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { CHARGE_MAIL_KINDS } from "~/modules/billing/mails.server";
import * as clientEdit from "~/routes/admin/clients/edit";
import * as leadsRoute from "~/routes/admin/leads";
import * as leadPage from "~/routes/admin/leads/detail";
import { drainJobs } from "~/server/jobs/queue.server";
import { useTestDatabase, whileDatabaseRefuses } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";
import { subscriptionEndDate } from "~/modules/clients/clients.schema";
import { convertLead } from "./conversion.server";

// A conversion creates the client AND its first subscription, in one transaction.
const t = useTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;

let admin = "";
let premium = "";
let basico = "";
let seq = 0;

async function makeLead(over: Partial<typeof leads.$inferInsert> = {}) {
  seq += 1;
  const [row] = await t.db
    .insert(leads)
    .values({
      name: `Conversão ${seq}`,
      email: `conversao${seq}@exemplo.com`,
      phone: "(11) 98888-7777",
      business: `Restaurante ${seq}`,
      plan: "Premium",
      statusFunil: "negociando",
      status: "negociando",
      ...over,
    })
    .returning();
  return row;
}

const convert = (fields: Record<string, string>) =>
  outcome(() => leadsRoute.action(args(post("/admin/leads", { intent: "convert", ...fields }, admin))));

const clientOf = async (email: string) =>
  (await t.db.select().from(clients).where(eq(clients.email, email)))[0] ?? null;
const subsOf = (clientId: string) =>
  t.db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId));
const stageOf = async (id: string) =>
  (await t.db.select().from(leads).where(eq(leads.id, id)))[0].statusFunil;

beforeAll(async () => {
  admin = await adminCookie();
  [{ id: premium }, { id: basico }] = await t.db
    .insert(plans)
    .values([
      { name: "Premium", priceCents: 14990 },
      { name: "Básico", priceCents: 4990 },
    ])
    .returning();
});

describe("conversion with a plan", () => {
  it("creates the client with the lead's plan and an ativa mensal subscription from today", async () => {
    const lead = await makeLead();
    const res = await convert({ id: lead.id });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ toast: { message: "Lead convertido em cliente com sucesso!" } });
    const client = await clientOf(lead.email);
    expect(client).toMatchObject({ planId: premium, status: "ativo" });
    expect(res.data).toMatchObject({ clientId: client!.id });
    const today = todayInSaoPaulo();
    expect(await subsOf(client!.id)).toMatchObject([
      {
        planId: premium,
        status: "ativa",
        renewalType: "mensal",
        startDate: today,
        endDate: subscriptionEndDate(today, "mensal"),
      },
    ]);
  });

  it("uses the plan chosen in the dialog over the lead's text", async () => {
    const lead = await makeLead({ plan: "Ainda não sei" });
    const res = await convert({ id: lead.id, planId: basico });
    expect(res.status).toBe(200);
    const client = await clientOf(lead.email);
    expect(client?.planId).toBe(basico);
    expect((await subsOf(client!.id)).map((s) => [s.planId, s.status])).toEqual([[basico, "ativa"]]);
  });

  it("records the conversion in the audit log with the admin and the plan", async () => {
    const lead = await makeLead();
    await convert({ id: lead.id });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, lead.id));
    expect(entry).toMatchObject({
      action: "lead.converted",
      entityType: "lead",
      entityLabel: lead.name,
      actorName: expect.any(String),
    });
    expect(entry.actorId).not.toBeNull();
    expect(entry.changes).toMatchObject({
      statusFunil: ["negociando", "convertido"],
      plano: [null, "Premium"],
    });
  });

  it("is one transaction: a failing subscription insert leaves no client and the lead in negociação", async () => {
    const lead = await makeLead({ email: "falha-assinatura@exemplo.com" });
    await whileDatabaseRefuses({ table: "subscriptions", event: "insert" }, () =>
      expect(convertLead({ id: lead.id })).rejects.toThrow(),
    );
    expect(await clientOf("falha-assinatura@exemplo.com")).toBeNull();
    expect(await stageOf(lead.id)).toBe("negociando");
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, lead.id))).toHaveLength(0);
  });
});

describe("conversion without a plan", () => {
  it("asks for the plan when the lead's plan names none ('Ainda não sei'), changing nothing", async () => {
    const lead = await makeLead({ plan: "Ainda não sei" });
    const res = await convert({ id: lead.id });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      toast: {
        type: "error",
        message: "Erro ao converter lead em cliente: escolha o plano do cliente ou “Sem plano”",
      },
    });
    expect(await clientOf(lead.email)).toBeNull();
    expect(await stageOf(lead.id)).toBe("negociando");
  });

  it("refuses a plan id that does not exist or is not an id", async () => {
    const lead = await makeLead();
    for (const planId of ["00000000-0000-4000-8000-000000000000", "premium'--"]) {
      const res = await convert({ id: lead.id, planId });
      expect(res.status).toBe(400);
    }
    expect(await clientOf(lead.email)).toBeNull();
  });

  it("'Sem plano' creates a client without plan nor subscription, and its edit form saves", async () => {
    const lead = await makeLead({ plan: "Ainda não sei", phone: "11987654321" });
    const res = await convert({ id: lead.id, planId: "sem-plano" });
    expect(res.status).toBe(200);
    const client = (await clientOf(lead.email))!;
    expect(client.planId).toBeNull();
    expect(await subsOf(client.id)).toHaveLength(0);

    // The edit page offers "Sem plano" preselected, and saving it as it is works.
    const page = await outcome(() =>
      clientEdit.loader(
        args(
          new Request(`http://localhost:3000/admin/clients/edit/${client.id}`, {
            headers: { cookie: admin },
          }),
          { id: client.id },
        ),
      ),
    );
    expect(page.status).toBe(200);
    const saved = await outcome(() =>
      clientEdit.action(
        args(
          post(
            `/admin/clients/edit/${client.id}`,
            {
              intent: "update",
              name: client.name,
              email: client.email,
              phone: client.phone,
              businessName: client.businessName,
              planId: "sem-plano",
              status: "inativo",
            },
            admin,
          ),
          { id: client.id },
        ),
      ),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/clients");
    expect(await clientOf(lead.email)).toMatchObject({ status: "inativo", planId: null });
  });
});

describe("conversion refused or raced", () => {
  it("copies the lead into an ativo client, the e-mail in lower case, and points the lead at it", async () => {
    const lead = await makeLead({ email: "Dono@Pizzaria.com" });
    expect((await convert({ id: lead.id })).status).toBe(200);
    const client = await clientOf("dono@pizzaria.com");
    expect(client).toMatchObject({
      name: lead.name,
      businessName: lead.business,
      phone: lead.phone,
      status: "ativo",
    });
    const [after] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after).toMatchObject({
      statusFunil: "convertido",
      status: "convertido",
      convertedClientId: client!.id,
    });
  });

  it("is refused outside negociando", async () => {
    for (const stage of ["novo", "contatado", "qualificado", "convertido", "perdido"] as const) {
      const lead = await makeLead({ statusFunil: stage, status: stage });
      const res = await convert({ id: lead.id });
      expect(res.status).toBe(409);
      expect(res.data).toMatchObject({
        toast: { type: "error", message: "Erro ao converter lead em cliente: o lead não está em negociação" },
      });
      expect(await clientOf(lead.email)).toBeNull();
      expect(await stageOf(lead.id)).toBe(stage);
    }
  });

  it("refuses a duplicate e-mail (any case) and keeps the lead in negociação", async () => {
    await t.db.insert(clients).values({
      name: "Já Cliente",
      email: "repetido@exemplo.com",
      phone: "11999999999",
      businessName: "Bar",
    });
    const lead = await makeLead({ email: " Repetido@Exemplo.com " });
    const res = await convert({ id: lead.id });
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({
      toast: { type: "error", message: "Já existe um cliente com este e-mail!" },
    });
    expect(await stageOf(lead.id)).toBe("negociando");
  });

  it("is atomic: when moving the lead fails, no client is left behind", async () => {
    const lead = await makeLead({ email: "atomico@exemplo.com" });
    await whileDatabaseRefuses(
      { table: "leads", event: "update", when: "new.status_funil = 'convertido'" },
      () => expect(convertLead({ id: lead.id })).rejects.toThrow(),
    );
    expect(await clientOf("atomico@exemplo.com")).toBeNull();
    expect(await stageOf(lead.id)).toBe("negociando");
  });

  it("two admins converting the same lead at once produce exactly one client", async () => {
    const lead = await makeLead({ email: "corrida@exemplo.com" });
    const results = await Promise.all([convertLead({ id: lead.id }), convertLead({ id: lead.id })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: "wrong_stage" });
    expect(await t.db.select().from(clients).where(eq(clients.email, "corrida@exemplo.com"))).toHaveLength(1);
  });

  it("two leads with the same e-mail converted at once produce exactly one client", async () => {
    const a = await makeLead({ email: "gemeo@exemplo.com" });
    const b = await makeLead({ email: "GEMEO@exemplo.com" });
    const results = await Promise.all([convertLead({ id: a.id }), convertLead({ id: b.id })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: "duplicate_email" });
    expect(await t.db.select().from(clients).where(eq(clients.email, "gemeo@exemplo.com"))).toHaveLength(1);
    expect([await stageOf(a.id), await stageOf(b.id)].sort()).toEqual(["convertido", "negociando"]);
  });
});

describe("what the conversion dialog says it charges", () => {
  type Offered = { id: string; firstCharge: { amountCents: number; lines: unknown[] } };

  it("offers each plan with the first charge the conversion issues, which is e-mailed to the lead", async () => {
    const [withFee] = await t.db
      .insert(plans)
      .values({ name: "Com Ativação", priceCents: 8990, setupFeeCents: 14900 })
      .returning();
    const lead = await makeLead({ plan: "Com Ativação" });
    // The funnel's cards and the lead page open the same dialog: both carry the server's figures.
    const funnel = await outcome(() => leadsRoute.loader(args(get("/admin/leads", admin))));
    const page = await outcome(() =>
      leadPage.loader(args(get(`/admin/leads/${lead.id}`, admin), { id: lead.id })),
    );
    for (const answer of [funnel, page]) {
      expect(answer.status).toBe(200);
      const offered = (answer.data as { plans: Offered[] }).plans;
      expect(offered.find((p) => p.id === withFee.id)?.firstCharge).toEqual({
        amountCents: 23890,
        lines: [
          { kind: "mensalidade", amountCents: 8990 },
          { kind: "ativação", amountCents: 14900 },
        ],
      });
      // A plan without activation fee: the first month alone.
      expect(offered.find((p) => p.id === premium)?.firstCharge).toEqual({
        amountCents: 14990,
        lines: [{ kind: "mensalidade", amountCents: 14990 }],
      });
    }

    expect((await convert({ id: lead.id, planId: withFee.id })).status).toBe(200);
    const client = (await clientOf(lead.email))!;
    const issued = await t.db.select().from(charges).where(eq(charges.clientId, client.id));
    expect(issued).toMatchObject([{ amountCents: 23890, status: "pendente" }]);
    await drainJobs();
    const [mail] = await t.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.entityId, issued[0].id), eq(mailMessages.kind, CHARGE_MAIL_KINDS.issued)));
    expect(mail.toAddress).toBe(lead.email);
    expect(mail.subject).toContain(formatMoney(23890));
  });

  it("issues no charge with 'Sem plano'", async () => {
    const lead = await makeLead({ plan: "Com Ativação" });
    expect((await convert({ id: lead.id, planId: "sem-plano" })).status).toBe(200);
    const client = (await clientOf(lead.email))!;
    expect(await t.db.select().from(charges).where(eq(charges.clientId, client.id))).toHaveLength(0);
  });
});
