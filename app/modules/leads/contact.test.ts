import { desc, eq, inArray, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDatabase, queryRows, setDatabase, type Database } from "~/db/client.server";
import { leads } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { readFlash } from "~/lib/flash.server";
import * as contato from "~/routes/site/contato";
import * as home from "~/routes/site/home";
import * as siteLayout from "~/routes/site/layout";
import { baseLogger } from "~/server/logging/logger.server";
import { useTestDatabase, whileDatabaseRefuses } from "../../../tests/support/db";
import { insertPremiumPlan } from "../../../tests/support/plans";
import { BASE, context, cookieFrom, get, outcome, type Outcome } from "../../../tests/support/requests";
import { CONTACT_TOASTS, PLAN_REPRESENTATIVE_LABEL, PLAN_UNSURE_LABEL } from "./contact.options";
import { handleContactPost } from "./contact-post.server";

const t = useTestDatabase();
type ActionArgs = Parameters<typeof home.action>[0];
type LoaderArgs = Parameters<typeof siteLayout.loader>[0];

function submit(fields: Record<string, string>, { cookie, ip }: { cookie?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  const request = new Request("http://localhost:3000/?index", {
    method: "POST",
    headers,
    body: new URLSearchParams(fields),
  });
  return outcome(() =>
    home.action({
      request,
      params: {},
      context: context(ip ? { clientIp: ip } : {}),
    } as unknown as ActionArgs),
  );
}

/**
 * A sent form: 303 back to the form, with the spec's success message in the flash cookie, marked
 * as shown by the form itself (its confirmation), so no toast repeats it.
 */
async function expectSent(res: Outcome, location = "/#contato") {
  expect(res.status).toBe(303);
  expect(res.location).toBe(location);
  const next = new Request(`${BASE}${location}`, { headers: { cookie: cookieFrom(res.headers) } });
  expect((await readFlash(next)).toast).toMatchObject({
    type: "success",
    message: CONTACT_TOASTS.success,
    inPage: true,
  });
}

const countLeads = async () => (await t.db.select({ id: leads.id }).from(leads)).length;
let premiumId = "";

beforeAll(async () => {
  premiumId = await insertPremiumPlan(t.db);
});

const valid = () => ({
  name: "Carla Mendes",
  business: "Pastelaria da Carla",
  phone: "(31) 98888-7777",
  email: "Carla@Exemplo.com.br",
  plan: premiumId,
  message: "Quero saber sobre pedidos agendados.",
});

describe("contact form → lead", () => {
  it("stores the lead with the plan's name, status novo and the session's attribution", async () => {
    // First page view of the session: a campaign link from Google.
    const landing = new Request(
      "http://localhost:3000/blog?utm_source=google&utm_medium=cpc&utm_campaign=lancamento&utm_term=cardapio&utm_content=anuncio1&gclid=GCLID123&fbclid=FB456",
      { headers: { referer: "https://www.google.com/" } },
    );
    const first = await outcome(() =>
      siteLayout.loader({ request: landing, params: {}, context: context() } as unknown as LoaderArgs),
    );
    const cookie = cookieFrom(first.headers);
    expect(cookie).toContain("__attr=");

    // A later page view in the same session keeps the first one's data.
    const later = await outcome(() =>
      siteLayout.loader({
        request: get("/?utm_source=outro", cookie),
        params: {},
        context: context(),
      } as unknown as LoaderArgs),
    );
    expect(later.headers.getSetCookie()).toHaveLength(0);

    const before = Date.now();
    const res = await submit(valid(), { cookie });
    await expectSent(res);

    const [row] = await t.db.select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect(row).toMatchObject({
      name: "Carla Mendes",
      business: "Pastelaria da Carla",
      phone: "31988887777",
      email: "carla@exemplo.com.br",
      plan: "Premium",
      message: "Quero saber sobre pedidos agendados.",
      isRepresentative: false,
      status: "novo",
      statusFunil: "novo",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "lancamento",
      utmTerm: "cardapio",
      utmContent: "anuncio1",
      gclid: "GCLID123",
      fbclid: "FB456",
      referrer: "https://www.google.com/",
      landingPage:
        "/blog?utm_source=google&utm_medium=cpc&utm_campaign=lancamento&utm_term=cardapio&utm_content=anuncio1&gclid=GCLID123&fbclid=FB456",
    });
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("sets no cookie on a direct visit (cacheable page) and records the form's page instead", async () => {
    const direct = await outcome(() =>
      siteLayout.loader({ request: get("/blog"), params: {}, context: context() } as unknown as LoaderArgs),
    );
    expect(direct.headers.getSetCookie()).toHaveLength(0);
    const request = new Request("http://localhost:3000/?index", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://localhost:3000/blog" },
      body: new URLSearchParams(valid()),
    });
    const res = await outcome(() =>
      home.action({ request, params: {}, context: context() } as unknown as ActionArgs),
    );
    expect(res.status).toBe(303);
    const [row] = await t.db.select().from(leads).orderBy(desc(leads.createdAt)).limit(1);
    expect(row).toMatchObject({ landingPage: "/blog", utmSource: null, referrer: null });
  });

  it("stores readable texts for 'unsure' and 'representative' and marks representatives", async () => {
    await submit({ ...valid(), email: "rep@exemplo.com", plan: "representative", message: "" });
    await submit({ ...valid(), email: "indeciso@exemplo.com", plan: "unsure" });
    const [rep] = await t.db.select().from(leads).where(eq(leads.email, "rep@exemplo.com"));
    expect(rep).toMatchObject({ plan: PLAN_REPRESENTATIVE_LABEL, isRepresentative: true, message: null });
    expect(rep.utmSource).toBeNull();
    const [unsure] = await t.db.select().from(leads).where(eq(leads.email, "indeciso@exemplo.com"));
    expect(unsure).toMatchObject({ plan: PLAN_UNSURE_LABEL, isRepresentative: false });
  });

  it("refuses missing fields with pt-BR messages and stores nothing", async () => {
    const n = await countLeads();
    const res = await submit({ name: " ", business: "", phone: "", email: "", plan: "", message: "" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      ok: false,
      fieldErrors: {
        name: "Informe seu nome completo.",
        business: "Informe o nome do seu negócio.",
        phone: "Informe seu WhatsApp com DDD.",
        email: "Informe seu e-mail.",
        plan: "Selecione um plano.",
      },
    });
    expect(await countLeads()).toBe(n);
  });

  it("checks the e-mail, the phone, the lengths and the plan", async () => {
    const n = await countLeads();
    const bad = await submit({
      ...valid(),
      name: "x".repeat(121),
      email: "nao-e-email",
      phone: "1234",
      message: "m".repeat(2001),
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      fieldErrors: {
        name: "Use no máximo 120 caracteres.",
        email: "Informe um e-mail válido.",
        phone: "Informe um WhatsApp válido com DDD, por exemplo (11) 99999-9999.",
        message: "Use no máximo 2000 caracteres.",
      },
      values: { email: "nao-e-email" },
    });
    const unknownPlan = await submit({ ...valid(), plan: "00000000-0000-4000-8000-000000000000" });
    expect(unknownPlan.data).toMatchObject({ fieldErrors: { plan: "Selecione um plano da lista." } });
    const garbagePlan = await submit({ ...valid(), plan: "'; drop table leads; --" });
    expect(garbagePlan.data).toMatchObject({ fieldErrors: { plan: "Selecione um plano da lista." } });
    expect(await countLeads()).toBe(n);
  });

  it("stores the phone as its national digits, whatever form was typed", async () => {
    // Before: "+55 11 97654-3210" was stored "(55) 11976-5432" and the WhatsApp link went to DDD 55.
    for (const [typed, i] of [
      ["+55 11 97654-3210", 1],
      ["55 11 97654-3210", 2],
      ["(11) 97654-3210", 3],
      ["011 97654-3210", 4],
    ] as const) {
      const email = `fone${i}@exemplo.com.br`;
      const res = await submit({ ...valid(), email, phone: typed }, { ip: `10.9.0.${i}` });
      expect(res.status, typed).toBe(303);
      const [row] = await t.db.select().from(leads).where(eq(leads.email, email));
      expect(row.phone, typed).toBe("11976543210");
    }
    const n = await countLeads();
    for (const typed of ["(00) 00000-0000", "(11) 99999-9999", "(20) 97654-3210", "(11) 87654-3210"]) {
      const res = await submit({ ...valid(), phone: typed }, { ip: "10.9.1.1" });
      expect(res.status, typed).toBe(400);
      expect(res.data, typed).toMatchObject({
        fieldErrors: { phone: "Informe um WhatsApp válido com DDD, por exemplo (11) 99999-9999." },
      });
    }
    expect(await countLeads()).toBe(n);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const n = await countLeads();
    await expectSent(await submit({ ...valid(), website: "http://spam.example" }));
    expect(await countLeads()).toBe(n);
  });

  it("the contact page's form is sent back to the contact page's form", async () => {
    const request = new Request(`${BASE}/contato`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid(), email: "pagina@exemplo.com.br" }),
    });
    await expectSent(
      await outcome(() =>
        contato.action({ request, params: {}, context: context() } as unknown as Parameters<
          typeof contato.action
        >[0]),
      ),
      "/contato#contato",
    );
    expect(await t.db.select().from(leads).where(eq(leads.email, "pagina@exemplo.com.br"))).toHaveLength(1);
  });

  it("records the optional WhatsApp consent when the box is ticked, and only then", async () => {
    await expectSent(await submit({ ...valid(), email: "zap-sim@exemplo.com", whatsappConsent: "1" }));
    await expectSent(await submit({ ...valid(), email: "zap-nao@exemplo.com" }));
    const rows = await t.db
      .select({ email: leads.email, at: leads.whatsappConsentAt })
      .from(leads)
      .where(inArray(leads.email, ["zap-sim@exemplo.com", "zap-nao@exemplo.com"]));
    expect(rows.find((r) => r.email === "zap-sim@exemplo.com")?.at).toBeInstanceOf(Date);
    expect(rows.find((r) => r.email === "zap-nao@exemplo.com")?.at).toBeNull();
  });

  it("redirects to a path on this site whatever the request's path looks like", async () => {
    const request = new Request(`${BASE}//evil.example/contato`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...valid(), website: "bot" }),
    });
    const res = await outcome(() => handleContactPost({ request, clientIp: "10.19.6.1" }));
    expect(res.location).toBe("/evil.example/contato#contato");
  });

  it("limits submissions per address", async () => {
    process.env.RATE_LIMIT_CONTACT = "2";
    resetEnvCache();
    try {
      const ip = "203.0.113.77";
      expect((await submit({ ...valid(), email: "a1@exemplo.com" }, { ip })).status).toBe(303);
      expect((await submit({ ...valid(), email: "a2@exemplo.com" }, { ip })).status).toBe(303);
      const third = await submit({ ...valid(), email: "a3@exemplo.com" }, { ip });
      expect(third.status).toBe(429);
      expect(third.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await t.db.select().from(leads).where(eq(leads.email, "a3@exemplo.com"))).toHaveLength(0);
    } finally {
      delete process.env.RATE_LIMIT_CONTACT;
      resetEnvCache();
    }
  });
});

describe("contact form when the database fails", () => {
  let real: Database;
  afterEach(() => setDatabase(real));

  it("answers with the spec's failure toast, not a crash", async () => {
    real = getDatabase();
    const broken = new Proxy({} as Database["db"], {
      get() {
        throw new Error("database unavailable");
      },
    });
    setDatabase({ ...real, db: broken });
    const errors = vi.spyOn(baseLogger(), "error").mockImplementation(() => {});
    try {
      const res = await submit(valid());
      expect(res.status).toBe(500);
      expect(res.data).toMatchObject({
        ok: false,
        toast: { type: "error", message: "Erro ao enviar mensagem. Por favor, tente novamente." },
      });
      // Logged once, where it was handled.
      expect(errors).toHaveBeenCalledTimes(1);
      expect(errors.mock.calls[0][1]).toBe("contact form failed");
    } finally {
      errors.mockRestore();
    }
  });
});

describe("contact form under a burst", () => {
  const leadJobs = async (ids: string[]) =>
    (
      await queryRows<{ lead_id: string }>(
        t.db,
        sql`select data->'payload'->>'leadId' as lead_id from pgboss.job
            where name = 'events' and data->>'event' = 'lead.created'`,
      )
    ).filter((r) => ids.includes(r.lead_id));

  it("stores every one of 40 parallel submissions, each with its lead.created job", async () => {
    const emails = Array.from({ length: 40 }, (_, i) => `rajada.${i}@exemplo.com.br`);
    const answers = await Promise.all(
      emails.map((email, i) => submit({ ...valid(), email }, { ip: `10.19.4.${i}` })),
    );
    expect(answers.every((a) => a.status === 303)).toBe(true);
    const rows = await t.db
      .select({ id: leads.id, email: leads.email, plan: leads.plan })
      .from(leads)
      .where(inArray(leads.email, emails));
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.plan))).toEqual(new Set(["Premium"]));
    const jobs = await leadJobs(rows.map((r) => r.id));
    expect(jobs).toHaveLength(40);
  });

  it("a row the database refuses fails only its own submission: the others sent with it are stored", async () => {
    // Stands in for any per-row failure (a constraint, a trigger): refuse one business name.
    const errors = vi.spyOn(baseLogger(), "error").mockImplementation(() => {});
    const emails = Array.from({ length: 12 }, (_, i) => `lote.${i}@exemplo.com.br`);
    const answers = await whileDatabaseRefuses(
      { table: "leads", event: "insert", when: "new.business = 'Recusada pelo banco'" },
      () =>
        Promise.all(
          emails.map((email, i) =>
            submit(
              { ...valid(), email, business: i === 5 ? "Recusada pelo banco" : "Pastelaria" },
              { ip: `10.19.5.${i}` },
            ),
          ),
        ),
    ).finally(() => errors.mockRestore());
    expect(answers[5].status).toBe(500);
    expect(answers[5].data).toMatchObject({ toast: { message: CONTACT_TOASTS.failure } });
    expect(answers.filter((_, i) => i !== 5).every((a) => a.status === 303)).toBe(true);
    const rows = await t.db
      .select({ id: leads.id, email: leads.email })
      .from(leads)
      .where(inArray(leads.email, emails));
    expect(rows.map((r) => r.email).sort()).toEqual(emails.filter((_, i) => i !== 5).sort());
    // Exactly the stored ones have their job: the refused row's job rolled back with it.
    expect(await leadJobs(rows.map((r) => r.id))).toHaveLength(11);
  });
});
