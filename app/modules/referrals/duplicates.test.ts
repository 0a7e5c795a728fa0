// The referral link (cookie → contact form → referral) and duplicate
// protection by phone digits across leads, clients and referrals. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { eq } from "drizzle-orm";
import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clients, leads, plans, referrals, representatives } from "~/db/schema";
import { getLeadReferrer } from "~/modules/leads/lead.server";
import * as home from "~/routes/site/home";
import * as dashboard from "~/routes/representante/dashboard";
import * as novaIndicacao from "~/routes/representante/nova-indicacao";
import { useTestDatabase } from "../../../tests/support/db";
import { context, get, outcome, post, representativeCookie } from "../../../tests/support/requests";
import { listReferralsAdmin } from "./admin.server";
import { DUPLICATE_REFERRAL_MESSAGE, isAlreadyReferred } from "./duplicates.server";
import { listMyReferrals } from "./portal.server";
import {
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_MAX_AGE,
  readReferralCode,
  referralLinkMiddleware,
} from "./referral-link.server";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;

type Rep = Awaited<ReturnType<typeof representativeCookie>> & { code: string };
let ana: Rep;
let bruno: Rep;
let premiumId = "";

async function withCode(rep: Awaited<ReturnType<typeof representativeCookie>>): Promise<Rep> {
  const [row] = await t.db
    .select({ code: representatives.referralCode })
    .from(representatives)
    .where(eq(representatives.id, rep.representativeId));
  return { ...rep, code: row.code };
}

beforeAll(async () => {
  ana = await withCode(await representativeCookie("ana-link@test.dev", "senha-ana-123", "Ana Link"));
  bruno = await withCode(await representativeCookie("bruno-link@test.dev", "senha-bruno-123", "Bruno Link"));
  const [premium] = await t.db
    .insert(plans)
    .values({ name: "Premium", priceCents: 8990, commissionCents: 12000 })
    .returning({ id: plans.id });
  premiumId = premium.id;
});

beforeEach(async () => {
  await t.db.delete(referrals);
  await t.db.delete(leads);
  await t.db.delete(clients);
});

function wizard(rep: Rep, phone: string, businessName = "Cantina do Vale") {
  return outcome(() =>
    novaIndicacao.action(
      args(
        post(
          "/representante/nova-indicacao",
          {
            intent: "create",
            businessName,
            contactName: "Dona Rosa",
            contactPhone: phone,
            planId: premiumId,
          },
          rep.cookie,
        ),
      ),
    ),
  );
}

function contactForm(phone: string, cookie?: string, business = "Bar do Zé") {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  const request = new Request("http://localhost:3000/?index", {
    method: "POST",
    headers,
    body: new URLSearchParams({
      name: "José Souza",
      business,
      phone,
      email: "jose@exemplo.com.br",
      plan: premiumId,
      message: "",
    }),
  });
  return outcome(() => home.action({ request, params: {}, context: context() } as never));
}

const lead = (phone: string, statusFunil: "novo" | "negociando" | "perdido" | "convertido" = "novo") =>
  t.db.insert(leads).values({
    name: "Lead",
    email: "lead@exemplo.com",
    phone,
    business: "Lead Bar",
    plan: "Premium",
    status: statusFunil,
    statusFunil,
  });

describe("duplicate detection by phone digits", () => {
  it("finds an open lead, a client or an open referral, whatever the punctuation", async () => {
    expect(await isAlreadyReferred(t.db, "11987650001")).toBe(false);
    await lead("(11) 98765-0001");
    expect(await isAlreadyReferred(t.db, "11987650001")).toBe(true);

    await t.db.insert(clients).values({
      name: "Cliente",
      email: "cliente-dup@exemplo.com",
      phone: "11 98765 0002",
      businessName: "Cliente Bar",
    });
    expect(await isAlreadyReferred(t.db, "11987650002")).toBe(true);

    await t.db.insert(referrals).values({
      representativeId: bruno.representativeId,
      businessName: "Outro Bar",
      contactName: "Fulano",
      contactPhone: "11987650003",
      status: "producao",
    });
    expect(await isAlreadyReferred(t.db, "(11) 98765-0003")).toBe(true);
    expect(await isAlreadyReferred(t.db, "11987650004")).toBe(false);
  });

  it("ignores lost and converted leads and completed referrals", async () => {
    await lead("11987650011", "perdido");
    await lead("11987650012", "convertido");
    await t.db.insert(referrals).values({
      representativeId: bruno.representativeId,
      businessName: "Bar Concluído",
      contactName: "Fulano",
      contactPhone: "11987650013",
      status: "concluido",
    });
    for (const phone of ["11987650011", "11987650012", "11987650013"]) {
      expect(await isAlreadyReferred(t.db, phone), phone).toBe(false);
    }
  });

  it("the wizard refuses a phone already known, with the message, and stores nothing", async () => {
    expect((await wizard(bruno, "(21) 99876-1111")).status).toBe(200);
    for (const [phone, setup] of [
      ["21998761111", async () => {}], // Bruno's open referral, typed without the mask
      ["(21) 99876-2222", () => lead("21998762222", "negociando")],
      [
        "+55 (21) 99876-3333",
        () =>
          t.db.insert(clients).values({
            name: "Cliente",
            email: "c3@exemplo.com",
            phone: "21998763333",
            businessName: "Cliente Bar",
          }),
      ],
    ] as const) {
      await setup();
      const res = await wizard(ana, phone);
      expect(res.status, phone).toBe(409);
      expect(res.data, phone).toMatchObject({
        ok: false,
        fieldErrors: { contactPhone: DUPLICATE_REFERRAL_MESSAGE },
      });
    }
    expect(DUPLICATE_REFERRAL_MESSAGE).toBe("Este estabelecimento já foi indicado ou já é cliente.");
    expect(await listMyReferrals({ representativeId: ana.representativeId })).toMatchObject({
      inProgress: [],
    });
    // The first representative keeps the credit.
    const first = await listMyReferrals({ representativeId: bruno.representativeId });
    expect(first.inProgress.map((r) => r.contactPhone)).toEqual(["21998761111"]);
  });

  it("two representatives sending the same phone at once: one referral", async () => {
    const results = await Promise.all([wizard(ana, "31987654000"), wizard(bruno, "(31) 98765-4000")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(referrals).where(eq(referrals.contactPhone, "31987654000"));
    expect(rows).toHaveLength(1);
  });

  it("flags referrals with the same business name, ignoring case and accents, in the admin list", async () => {
    await t.db.insert(referrals).values([
      {
        representativeId: ana.representativeId,
        businessName: "Pizzaria São João",
        contactName: "A",
        contactPhone: "11987651001",
      },
      {
        representativeId: bruno.representativeId,
        businessName: " PIZZARIA SAO JOAO ",
        contactName: "B",
        contactPhone: "11987651002",
      },
      {
        representativeId: bruno.representativeId,
        businessName: "Pizzaria São Jorge",
        contactName: "C",
        contactPhone: "11987651003",
      },
    ]);
    const { rows } = await listReferralsAdmin({});
    expect(Object.fromEntries(rows.map((r) => [r.businessName.trim(), r.possibleDuplicate]))).toEqual({
      "PIZZARIA SAO JOAO": true,
      "Pizzaria São João": true,
      "Pizzaria São Jorge": false,
    });
  });
});

describe("referral link", () => {
  it("every representative has a distinct short code, and the dashboard shows the link", async () => {
    expect(ana.code).toMatch(/^[a-z0-9]{8}$/);
    expect(bruno.code).not.toBe(ana.code);
    const res = await outcome(() => dashboard.loader(args(get("/representante/dashboard", ana.cookie))));
    expect((res.data as { link: string }).link).toBe(`http://localhost:3000/?ref=${ana.code}`);
  });

  it("a contact form sent with the cookie creates the lead and a referral in analise for the representative", async () => {
    const res = await contactForm("(41) 99123-4567", `${REFERRAL_COOKIE}=${ana.code}`);
    expect(res.status).toBe(303);
    const [row] = await t.db.select().from(leads);
    expect(row.referredById).toBe(ana.representativeId);
    const mine = await listMyReferrals({ representativeId: ana.representativeId });
    expect(mine.inProgress).toMatchObject([
      {
        businessName: "Bar do Zé",
        contactName: "José Souza",
        contactPhone: "41991234567",
        planName: "Premium",
        status: "analise",
        statusLabel: "Em análise",
      },
    ]);
    const [ref] = await t.db.select().from(referrals);
    expect(ref).toMatchObject({ leadId: row.id, commissionCents: 12000 });
    expect(await getLeadReferrer({ lead: row })).toEqual({
      representativeName: "Ana Link",
      referralCreated: true,
    });
  });

  it("an already known phone: the lead is created, no second referral, the first representative keeps it", async () => {
    expect((await wizard(bruno, "(41) 99123-0000")).status).toBe(200);
    const res = await contactForm("41991230000", `${REFERRAL_COOKIE}=${ana.code}`);
    expect(res.status).toBe(303);
    // The contact form's lead (the wizard made its own).
    const [row] = await t.db.select().from(leads).where(eq(leads.referredById, ana.representativeId));
    expect(row.phone).toBe("41991230000");
    expect(await listMyReferrals({ representativeId: ana.representativeId })).toMatchObject({
      inProgress: [],
    });
    expect(await t.db.select().from(referrals)).toHaveLength(1);
    expect(await getLeadReferrer({ lead: row })).toEqual({
      representativeName: "Ana Link",
      referralCreated: false,
    });
    // And the other way round: the link's lead is open, so the wizard refuses the same phone.
    await contactForm("41991239999", `${REFERRAL_COOKIE}=${bruno.code}`);
    expect((await wizard(ana, "41991239999")).status).toBe(409);
  });

  it("ignores unknown or malformed codes silently", async () => {
    for (const cookie of [
      `${REFERRAL_COOKIE}=naoexiste`,
      `${REFERRAL_COOKIE}=<script>`,
      `${REFERRAL_COOKIE}=`,
    ]) {
      expect((await contactForm("51991112222", cookie)).status).toBe(303);
    }
    expect(await t.db.select().from(leads)).toHaveLength(3);
    expect((await t.db.select().from(leads)).every((l) => l.referredById === null)).toBe(true);
    expect(await t.db.select().from(referrals)).toHaveLength(0);
    expect(readReferralCode(`a=1; ${REFERRAL_COOKIE}=ABCD1234`)).toBe("abcd1234");
  });

  it("the middleware sets the 90-day cookie for a known code and redirects to the page without it", async () => {
    const app = express();
    app.use(referralLinkMiddleware());
    app.use((req, res) => res.send(`page ${req.originalUrl}`));
    const server = app.listen(0);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const open = (path: string, cookie?: string) =>
        fetch(`${base}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
      const known = await open(`/?ref=${ana.code.toUpperCase()}&utm_source=whatsapp`);
      expect(known.status).toBe(302);
      expect(known.headers.get("location")).toBe("/?utm_source=whatsapp");
      expect(known.headers.get("cache-control")).toBe("no-store");
      const cookie = known.headers.get("set-cookie")!;
      expect(cookie).toContain(`${REFERRAL_COOKIE}=${ana.code}`);
      expect(cookie).toContain(`Max-Age=${REFERRAL_COOKIE_MAX_AGE}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(REFERRAL_COOKIE_MAX_AGE).toBe(90 * 24 * 60 * 60);

      const unknown = await open("/contato?ref=naoexiste");
      expect(unknown.status).toBe(302);
      expect(unknown.headers.get("location")).toBe("/contato");
      expect(unknown.headers.get("set-cookie")).toBeNull();

      // The first representative keeps the visitor.
      const second = await open(`/?ref=${bruno.code}`, `${REFERRAL_COOKIE}=${ana.code}`);
      expect(second.headers.get("set-cookie")).toBeNull();

      // Pages without the parameter, the portals and data requests pass through.
      expect((await open("/")).status).toBe(200);
      expect((await open(`/representante/login?ref=${ana.code}`)).status).toBe(200);
      expect((await open(`/_root.data?ref=${ana.code}`)).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it("never redirects to another site, whatever raw path the client sends", async () => {
    const app = express();
    app.use(referralLinkMiddleware());
    app.use((req, res) => res.send(`page ${req.originalUrl}`));
    const server = app.listen(0);
    const port = (server.address() as AddressInfo).port;
    // fetch() would normalise the path; a raw client (curl --path-as-is, a bot) sends it as is.
    const rawGet = (path: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path }, (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          })
          .on("error", reject);
      });
    try {
      for (const [path, expected] of [
        ["/.//evil.example?ref=x", "/evil.example"],
        ["/.//evil.example/a?ref=x&b=1", "/evil.example/a?b=1"],
        ["//evil.example?ref=x", "/"],
        ["/.///evil.example?ref=x", "/evil.example"],
        ["/./\\evil.example?ref=x", "/evil.example"],
        ["/planos?ref=x", "/planos"],
      ]) {
        const res = await rawGet(path);
        expect(res.status, path).toBe(302);
        expect(res.location, path).toBe(expected);
        expect(new URL(res.location!, "http://site.test").origin, path).toBe("http://site.test");
      }
    } finally {
      server.close();
    }
  });
});
