import { randomUUID } from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { billingSettings, clients, mailMessages, plans, session, verification } from "~/db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { sealSecret } from "~/lib/secret.server";
import { readFlash } from "~/lib/flash.server";
import { decodeBrCode } from "~/modules/billing/pix-code";
import { createOneOffCharge, issueRenewalCharges } from "~/modules/billing/billing.server";
import { changeChargeAmount } from "~/modules/billing/charge-amount.server";
import { cancelSubscription, changeSubscriptionPlan } from "~/modules/clients/subscription-changes.server";
import { resetClock, setClock } from "~/server/clock.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { anonymiseSubject } from "~/modules/privacy/data-subject-erase.server";
import { createClient, deleteClient } from "~/modules/clients/clients.server";
import * as adminDashboard from "~/routes/admin/dashboard";
import * as confirmar from "~/routes/cliente/confirmar";
import * as entrar from "~/routes/cliente/entrar";
import * as home from "~/routes/cliente/index";
import * as recibo from "~/routes/cliente/recibo";
import * as sair from "~/routes/cliente/sair";
import * as repDashboard from "~/routes/representante/dashboard";
import { drainJobs } from "~/server/jobs/queue.server";
import { closeMailTransport } from "~/server/mail/transport.server";
import { clientCookie, clientLinkTokenFor, makeClient } from "../../../tests/support/client-area";
import { clientSignInLinkJob } from "./client-session.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  cookieFrom,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";

const t = useTestDatabase();
const A = "cliente-a@test.dev";
const B = "cliente-b@test.dev";
let clientA: string;
let clientB: string;

const args = (request: Request, params: Record<string, string> = {}, ip = "10.9.9.9") =>
  ({ request, params, context: context({ clientIp: ip }) }) as never;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  const flash = await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }));
  return flash.toast?.message ?? null;
}

const ask = (email: string, ip: string) =>
  outcome(() => entrar.action(args(post("/cliente/entrar", { email }), {}, ip)));
const confirm = (token: string, cookie?: string) =>
  outcome(() => confirmar.action(args(post("/cliente/entrar/confirmar", { token }, cookie))));
const overview = (cookie: string) => outcome(() => home.loader(args(get("/cliente", cookie))));

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.RATE_LIMIT_CLIENT_LINK = "3";
  resetEnvCache();
  closeMailTransport();
  clientA = await makeClient(A, "Ana Cliente", "Cantina da Ana");
  clientB = await makeClient(B, "Beto Cliente", "Bar do Beto");
  await t.db
    .insert(billingSettings)
    .values({ id: 1, pixKey: "financeiro@empresa.dev", pixName: "Empresa Teste", pixCity: "Sao Paulo" })
    .onConflictDoUpdate({
      target: billingSettings.id,
      set: { pixKey: "financeiro@empresa.dev", pixName: "Empresa Teste", pixCity: "Sao Paulo" },
    });
});
beforeEach(async () => {
  await drainJobs();
  await t.db.delete(mailMessages);
});

describe("the sign-in link", () => {
  it("answers the same for a client's and an unknown address; only the client gets a link", async () => {
    const known = await ask(A, "10.1.0.1");
    const unknown = await ask("ninguem@test.dev", "10.1.0.2");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data).toEqual(unknown.data);
    await drainJobs();
    const mails = await t.db.select().from(mailMessages);
    expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([[A, "cliente.link-acesso"]]);
    expect(mails[0].text).toContain("15 minutos");
  });

  it("does the same work in the request for both: one queued job, holding no address in clear", async () => {
    const queued = () =>
      queryRows<{ data: { to: string } }>(
        t.db,
        sql`select data from pgboss.job where name = ${clientSignInLinkJob.name} and state = 'created'`,
      );
    await drainJobs();
    expect(await queued()).toEqual([]);
    expect((await ask(A, "10.1.4.1")).status).toBe(200);
    expect((await ask("ninguem-mais@test.dev", "10.1.4.2")).status).toBe(200);
    const jobs = await queued();
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect(JSON.stringify(job.data)).not.toContain("@");
    // Nothing about the client was touched before the job ran: no token, no message yet.
    expect(await t.db.select().from(mailMessages)).toEqual([]);
    await drainJobs();
    expect((await t.db.select().from(mailMessages)).map((m) => m.toAddress)).toEqual([A]);
  });

  it("the link job run twice (a retry) sends one message and makes one token", async () => {
    const job = { id: randomUUID(), retryCount: 0, retryLimit: 3, isLastAttempt: false };
    const tokens = async () => (await t.db.select().from(verification)).length;
    const before = await tokens();
    await clientSignInLinkJob.handler({ to: sealSecret(B) }, job);
    await clientSignInLinkJob.handler({ to: sealSecret(B) }, { ...job, retryCount: 1 });
    expect((await t.db.select().from(mailMessages)).map((m) => m.toAddress)).toEqual([B]);
    expect(await tokens()).toBe(before + 1);
  });

  it("opens the client's area once: the second use of the same link is refused", async () => {
    await ask(A, "10.1.1.1");
    const token = (await clientLinkTokenFor(A))!;
    // Opening the page does not spend the token (mail scanners follow links).
    const page = await outcome(() =>
      confirmar.loader(args(get(`/cliente/entrar/confirmar?token=${encodeURIComponent(token)}`))),
    );
    expect(page.data).toMatchObject({ token });
    const first = await confirm(token);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/cliente");
    expect(await flashOf(first)).toBe("Bem-vindo à Área do Cliente!");
    const cookie = cookieFrom(first.headers);
    const view = await overview(cookie);
    expect(view.status).toBe(200);
    expect((view.data as { client: { name: string } }).client.name).toBe("Ana Cliente");

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ invalidLink: true });
    // The database holds only the token's hash.
    const rows = await t.db.select().from(verification);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);
  });

  it("refuses an expired link and a made-up one", async () => {
    await ask(B, "10.1.2.1");
    const token = (await clientLinkTokenFor(B))!;
    await t.db.update(verification).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await confirm(token)).status).toBe(400);
    expect((await confirm("inventado123")).status).toBe(400);
    expect((await confirm("")).status).toBe(400);
  });

  it("limits links per e-mail address and per client address", async () => {
    for (let i = 0; i < 3; i++) expect((await ask("limite@test.dev", `10.2.1.${i}`)).status).toBe(200);
    const over = await ask("limite@test.dev", "10.2.1.99");
    expect(over.status).toBe(429);
    expect(over.headers.get("Retry-After")).toMatch(/^\d+$/);
    for (let i = 0; i < 3; i++) expect((await ask(`varios${i}@test.dev`, "10.2.2.1")).status).toBe(200);
    expect((await ask("outro@test.dev", "10.2.2.1")).status).toBe(429);
  });

  it("refuses a malformed address with a pt-BR message and sends nothing", async () => {
    const res = await ask("nao-e-email", "10.1.3.1");
    expect(res.status).toBe(400);
    expect((res.data as { fieldErrors: Record<string, string> }).fieldErrors.email).toBe(
      "Informe um e-mail válido.",
    );
  });
});

describe("roles", () => {
  it("a client session opens neither /admin nor /representante; admins and representatives do not open /cliente", async () => {
    const cookie = await clientCookie(A);
    const admin = await outcome(() => adminDashboard.loader(args(get("/admin/dashboard", cookie))));
    expect(admin.status).toBe(302);
    expect(admin.headers.get("Location")).toBe("/admin/login");
    const rep = await outcome(() => repDashboard.loader(args(get("/representante/dashboard", cookie))));
    expect(rep.status).toBe(302);
    expect(rep.headers.get("Location")).toBe("/representante/login");

    for (const other of [await adminCookie(), (await representativeCookie("rep-cliente@test.dev")).cookie]) {
      const res = await overview(other);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/cliente/entrar");
    }
    expect((await overview("")).headers.get("Location")).toBe("/cliente/entrar");
  });
});

describe("the area", () => {
  it("shows the client's own open charge with a PIX code of its amount, and only its own receipts", async () => {
    const open = await createOneOffCharge({
      clientId: clientA,
      input: { description: "Mensalidade", amountCents: 12_345, dueDate: "2099-01-10" },
    });
    const paidB = await createOneOffCharge({
      clientId: clientB,
      input: { description: "Avulsa B", amountCents: 5_000, dueDate: "2099-01-10" },
    });
    if (!open.ok || !paidB.ok) throw new Error("charges");
    await recordPayment({
      chargeId: paidB.value.id,
      input: { paidOn: "2026-11-01", method: "pix", amountCents: 5_000 },
    });
    const cookieA = await clientCookie(A);
    const cookieB = await clientCookie(B);
    const view = (await overview(cookieA)).data as {
      open: { number: string; amountCents: number; pixCode: string }[];
      paid: unknown[];
    };
    expect(view.open.map((c) => c.number)).toEqual([open.value.number]);
    const decoded = decodeBrCode(view.open[0].pixCode);
    expect(decoded.ok && decoded.pix.amountCents).toBe(12_345);
    expect(view.paid).toEqual([]);

    const mine = await outcome(() =>
      recibo.loader(args(get(`/cliente/recibo/${paidB.value.id}`, cookieB), { id: paidB.value.id })),
    );
    expect(mine.status).toBe(200);
    const theirs = await outcome(() =>
      recibo.loader(args(get(`/cliente/recibo/${paidB.value.id}`, cookieA), { id: paidB.value.id })),
    );
    expect(theirs.status).toBe(404);
  });
});

/** The page as the server renders it from the loader's data, as text (what the owner reads). */
async function shownText(loaderData: unknown) {
  const element = createElement(home.default as never, { loaderData, actionData: undefined, params: {} });
  const handler = createStaticHandler([{ path: "*", Component: () => element }]);
  const ctx = await handler.query(new Request("http://localhost/cliente"));
  if (ctx instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, ctx);
  const html = renderToStaticMarkup(
    createElement(StaticRouterProvider, { router, context: ctx, hydrate: false }),
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&nbsp;", " ")
    .replace(/\s+/g, " ");
}

describe("what is owed, and when", () => {
  afterEach(() => resetClock());
  it("shows each charge's lines and total, the monthly price and the next charge, with a scheduled plan change and once the renewal is issued", async () => {
    const C = "cliente-c@test.dev";
    const [premium, black] = await t.db
      .insert(plans)
      .values([
        { name: "Premium Área", priceCents: 8990, setupFeeCents: 14900 },
        { name: "Black Área", priceCents: 14990, setupFeeCents: 0 },
      ])
      .returning();
    // Tuesday 10/03/2026: the first charge (the month and the activation fee) is due Friday 13/03.
    setClock("2026-03-10T15:00:00Z");
    const client = await createClient({
      input: {
        name: "Carla Cliente",
        email: C,
        phone: "(11) 98765-4321",
        businessName: "Cantina da Carla",
        planId: premium.id,
        status: "ativo",
      },
      today: "2026-03-10",
    });
    const cookie = await clientCookie(C);
    const load = async () => {
      const res = await overview(cookie);
      expect(res.status).toBe(200);
      return { data: res.data as Awaited<ReturnType<typeof home.loader>>, text: await shownText(res.data) };
    };

    let { data, text } = await load();
    expect(data.open).toHaveLength(1);
    const [first] = data.open;
    expect(text).toContain(`Cobrança ${first.number} · vence em 13/03/2026`);
    expect(text).toContain("Plano Premium Área · Mensal · 10/03/2026 a 09/04/2026 R$ 89,90");
    expect(text).toContain("Taxa de ativação R$ 149,00");
    expect(text).toContain("Total R$ 238,90");
    expect(text).not.toContain("Desconto");
    expect(text).toContain("Mensalidade R$ 89,90/mês");
    // The renewal of the next period: due on its first day, at the plan's price.
    expect(text).toContain("Próxima cobrança: R$ 89,90 em 10/04/2026");

    // "Trocar plano" at the renewal: the next charge is at the new plan; the price today is unchanged.
    const sub = data.subscription!;
    expect(
      await changeSubscriptionPlan({
        clientId: client.id,
        subscriptionId: sub.id,
        planId: black.id,
        when: "renovacao",
      }),
    ).toMatchObject({ ok: true });
    ({ text } = await load());
    expect(text).toContain("Mensalidade R$ 89,90/mês");
    expect(text).toContain("Próxima cobrança: R$ 149,90 em 10/04/2026 (Plano Black Área)");

    // The first charge paid; the renewal issued 10 days before the end and given a discount: the
    // next charge is that open charge, its amount and due date.
    setClock("2026-03-11T15:00:00Z");
    expect(
      await recordPayment({
        chargeId: first.id,
        input: { paidOn: "2026-03-11", method: "pix", amountCents: 23_890 },
      }),
    ).toMatchObject({ ok: true });
    setClock("2026-03-31T15:00:00Z");
    expect(await issueRenewalCharges({ today: "2026-03-31" })).toBeGreaterThanOrEqual(1);
    ({ data } = await load());
    const renewal = data.open.find((c) => c.periodStart === "2026-04-10")!;
    expect(await changeChargeAmount({ chargeId: renewal.id, amountCents: 13_990 })).toMatchObject({
      ok: true,
    });
    ({ data, text } = await load());
    expect(text).toContain(`Cobrança ${renewal.number} · vence em 10/04/2026`);
    expect(text).toContain("Plano Black Área · Mensal · 10/04/2026 a 09/05/2026 R$ 149,90");
    expect(text).toContain("Desconto −R$ 10,00");
    expect(text).toContain("Total R$ 139,90");
    expect(text).toContain("Próxima cobrança: R$ 139,90 em 10/04/2026");
    // The paid first charge keeps its lines under "Pagas".
    const paid = text.slice(text.indexOf("Pagas"));
    expect(paid).toContain("Taxa de ativação R$ 149,00");
    expect(paid).toContain("Total R$ 238,90");

    // Paid: the subscription runs to 10/05 and the next charge is that period's, at Black.
    setClock("2026-04-01T15:00:00Z");
    expect(
      await recordPayment({
        chargeId: renewal.id,
        input: { paidOn: "2026-04-01", method: "pix", amountCents: 13_990 },
      }),
    ).toMatchObject({ ok: true });
    ({ text } = await load());
    expect(text).toContain("Mensalidade R$ 149,90/mês");
    expect(text).toContain("Próxima cobrança: R$ 149,90 em 10/05/2026");

    // Cancelled at the end of the paid period: no charge is coming, none is announced.
    expect(
      await cancelSubscription({ clientId: client.id, subscriptionId: sub.id, when: "fim_do_periodo" }),
    ).toMatchObject({ ok: true });
    ({ data, text } = await load());
    expect(data.subscription?.next).toBeNull();
    expect(text).not.toContain("Próxima cobrança");
  });
});

describe("sign out", () => {
  it("'Sair' ends this session; 'Sair de todos os dispositivos' ends every one", async () => {
    const one = await clientCookie(B);
    const two = await clientCookie(B);
    const three = await clientCookie(B);
    const out = await outcome(() => sair.action(args(post("/cliente/sair", {}, one))));
    expect(out.headers.get("Location")).toBe("/cliente/entrar");
    expect((await overview(one)).status).toBe(302);
    expect((await overview(two)).status).toBe(200);
    const all = await outcome(() => sair.action(args(post("/cliente/sair", { scope: "todos" }, two))));
    expect(await flashOf(all)).toBe("Você saiu da Área do Cliente em todos os dispositivos.");
    expect((await overview(two)).status).toBe(302);
    expect((await overview(three)).status).toBe(302);
  });

  it("a deleted or anonymised client's session ends", async () => {
    const gone = await makeClient("apagado@test.dev");
    const anon = await makeClient("anonimo@test.dev");
    const c1 = await clientCookie("apagado@test.dev");
    const c2 = await clientCookie("anonimo@test.dev");
    expect((await overview(c1)).status).toBe(200);
    await deleteClient({ id: gone });
    expect((await overview(c1)).status).toBe(302);
    await anonymiseSubject({ query: { email: "anonimo@test.dev", phone: null }, actor: null });
    expect((await overview(c2)).status).toBe(302);
    const [row] = await t.db.select().from(clients).where(eq(clients.id, anon));
    expect(row.email).toMatch(/@anonimizado\.invalid$/);
    // No link for the anonymised address, and its login has no session left.
    expect((await ask("anonimo@test.dev", "10.7.0.1")).status).toBe(200);
    expect(await clientLinkTokenFor("anonimo@test.dev")).toBeNull();
    const sessions = await t.db
      .select()
      .from(session)
      .where(eq(session.userId, row.authId ?? "none"));
    expect(sessions).toEqual([]);
  });
});
