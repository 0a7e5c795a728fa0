import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { billingSettings, clientRequests, clients, leads, paymentDivergences, plans } from "~/db/schema";
import { TodayBlock } from "~/components/admin/dashboard/today-block";
import { DemoPixKeyNotice } from "~/components/admin/dashboard/demo-pix-notice";
import { AdminSidebar } from "~/components/admin/sidebar";
import { listClientCharges } from "~/modules/billing/charge-reads.server";
import { markOverdueCharges } from "~/modules/billing/overdue.server";
import { cancelCharge } from "~/modules/billing/reversals.server";
import { saveBillingSettings } from "~/modules/billing/settings.server";
import { createClient } from "~/modules/clients/clients.server";
import { openOnboardingByHand } from "~/modules/onboarding/onboarding.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as layoutRoute from "~/routes/admin/layout";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome } from "../../../tests/support/requests";

// "Hoje" holds what is urgent (overdue charges, late onboardings, subscriptions
// near suspension, pending requests, divergent payments), each item a link to where it is done,
// and the sidebar counts what waits on Funil, Financeiro, Implantação and Solicitações.
const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
// Monday 15 June 2026, 10:00 in São Paulo.
const NOW = "2026-06-15T13:00:00Z";
const admin = { id: "admin-hoje", name: "Ana Admin" };
let cookie = "";
const ids: Record<string, string> = {};

async function billedClient(name: string, start: string, planId: string) {
  const client = await createClient({
    input: {
      name,
      email: `${name.split(" ")[0].toLowerCase()}@hoje.dev`,
      phone: "(11) 98765-4321",
      businessName: `Cantina ${name}`,
      planId,
      status: "ativo",
    },
    today: start,
    actor: admin,
  });
  const [charge] = await listClientCharges({ clientId: client.id });
  return { client, charge };
}

async function plainClient(name: string) {
  const [c] = await t.db
    .insert(clients)
    .values({
      name,
      email: `${name.split(" ")[0].toLowerCase()}@hoje.dev`,
      phone: "1",
      businessName: `Loja ${name}`,
    })
    .returning();
  return c;
}

/** Opens an onboarding by hand on `day` (its due date: 5 business days later). */
async function openOn(day: string, clientId: string) {
  setClock(`${day}T13:00:00Z`);
  const opened = await openOnboardingByHand({ clientId, actor: admin });
  if (!opened.ok) throw new Error(opened.message);
  return opened.value;
}

beforeAll(async () => {
  cookie = await adminCookie();
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "Premium Hoje", priceCents: 14990, setupFeeCents: 0 })
    .returning();
  // Issued Tuesday 2 June, due 3 business days later, Friday 5 June: 10 days overdue on the 15th,
  // far from the 15-day suspension.
  const bruno = await billedClient("Bruno Atrasado", "2026-06-02", plan.id);
  // Issued Wednesday 27 May, due Monday 1 June: 14 days overdue, suspended on the 16th day unless
  // paid.
  const carla = await billedClient("Carla Quase Suspensa", "2026-05-27", plan.id);
  await markOverdueCharges({ today: "2026-06-15" });
  Object.assign(ids, {
    bruno: bruno.client.id,
    brunoCharge: bruno.charge.id,
    carla: carla.client.id,
    carlaCharge: carla.charge.id,
  });
  // A divergence: Bruno paid R$ 100,00 of R$ 149,90 at the provider.
  await t.db.insert(paymentDivergences).values({
    chargeId: bruno.charge.id,
    kind: "parcial",
    provider: "asaas",
    providerPaymentId: "pay_hoje_1",
    expectedCents: 14990,
    receivedCents: 10000,
  });
  // Carla asked to cancel at /cliente.
  const [request] = await t.db
    .insert(clientRequests)
    .values({
      clientId: carla.client.id,
      subscriptionId: carla.charge.subscriptionId!,
      kind: "cancelamento",
      reason: "preco",
    })
    .returning();
  ids.request = request.id;
  // Onboardings: one late (due Monday 8 June), one due today, one due Friday (not urgent).
  const late = await openOn("2026-06-01", (await plainClient("Dora Implantação")).id);
  const dueToday = await openOn("2026-06-08", (await plainClient("Edu Prazo Hoje")).id);
  await openOn("2026-06-12", (await plainClient("Fabi No Prazo")).id);
  Object.assign(ids, { lateOnboarding: late.id, todayOnboarding: dueToday.id });
  expect([late.dueDate, dueToday.dueDate]).toEqual(["2026-06-08", "2026-06-15"]);
  // A lead to call back today, and one still waiting for the first contact.
  const lead = (name: string, stage: "novo" | "contatado", nextContactAt: Date | null) => ({
    name,
    email: `${name.split(" ")[0].toLowerCase()}@lead.dev`,
    phone: "(11) 98888-7777",
    business: `Negócio ${name}`,
    plan: "Premium",
    statusFunil: stage,
    status: stage,
    createdAt: new Date("2026-06-10T12:00:00Z"),
    nextContactAt,
  });
  const [followUp] = await t.db
    .insert(leads)
    .values([
      lead("Gabi Retorno Hoje", "contatado", new Date("2026-06-15T18:00:00Z")),
      lead("Hugo Novo", "novo", null),
    ])
    .returning();
  ids.followUp = followUp.id;
});
afterEach(() => resetClock());

type Dashboard = Awaited<ReturnType<typeof dashboardRoute.loader>>;
type Layout = Awaited<ReturnType<typeof layoutRoute.loader>>;
const loadDashboard = async () =>
  (await outcome(() => dashboardRoute.loader(args(get("/admin/dashboard", cookie))))).data as Dashboard;
const loadLayout = async () =>
  (await outcome(() => layoutRoute.loader(args(get("/admin/dashboard", cookie))))).data as Layout;

/** The links of rendered HTML, decoded. */
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));
/** Renders a component as the server does, inside a data router at `path` (links, forms). */
async function render(element: React.ReactElement, path = "/admin/dashboard") {
  const handler = createStaticHandler([{ path: "*", Component: () => element }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe("Hoje: what is urgent, each item a link to its action", () => {
  it("lists the overdue charges with amount and days, late or due-today onboardings, near suspensions, requests, divergences and follow-ups", async () => {
    setClock(NOW);
    const { todayBlock: hoje } = await loadDashboard();
    expect(hoje).not.toBeNull();
    expect(hoje!.overdueCharges.map((c) => [c.clientName, c.owedCents, c.daysOverdue])).toEqual([
      ["Carla Quase Suspensa", 14990, 14],
      ["Bruno Atrasado", 14990, 10],
    ]);
    expect(hoje!.overdueChargesTotal).toBe(2);
    expect(hoje!.onboardings.map((o) => [o.clientName, o.dueDate, o.businessDaysLate])).toEqual([
      ["Dora Implantação", "2026-06-08", 5],
      ["Edu Prazo Hoje", "2026-06-15", 0],
    ]);
    expect(hoje!.atRisk.map((s) => [s.clientName, s.daysOverdue, s.suspendsInDays])).toEqual([
      ["Carla Quase Suspensa", 14, 2],
    ]);
    expect(hoje!.requests.map((r) => [r.clientName, r.kind])).toEqual([
      ["Carla Quase Suspensa", "cancelamento"],
    ]);
    expect(hoje!.requestsTotal).toBe(1);
    expect(hoje!.divergences.map((d) => [d.clientName, d.kind, d.expectedCents, d.receivedCents])).toEqual([
      ["Bruno Atrasado", "parcial", 14990, 10000],
    ]);
    expect(hoje!.divergencesTotal).toBe(1);
    expect(hoje!.followUps.map((f) => f.name)).toEqual(["Gabi Retorno Hoje"]);

    const html = await render(createElement(TodayBlock, { data: hoje, expiring: [] }));
    const links = hrefs(html);
    // Financeiro filtered to the client's overdue charges, with the amount in R$ and the days.
    expect(links).toContain(`/admin/billing?status=vencida&client=${ids.bruno}`);
    expect(html).toContain("R$\u00a0149,90 · 10 dias de atraso");
    // The Implantação board at the client's card.
    expect(links).toContain(
      `/admin/onboarding?q=${encodeURIComponent("Dora Implantação")}#implantacao-${ids.lateOnboarding}`,
    );
    expect(html).toContain("Atrasada há 5 dias úteis");
    expect(links).toContain(
      `/admin/onboarding?q=${encodeURIComponent("Edu Prazo Hoje")}#implantacao-${ids.todayOnboarding}`,
    );
    expect(html).toContain("Prazo hoje");
    expect(html).not.toContain("Fabi No Prazo");
    // The client page, where the charge is paid or the subscription exempted.
    expect(links).toContain(`/admin/clients/edit/${ids.carla}`);
    expect(html).toContain("Suspensa em 2 dias");
    // Solicitações at the request's card; Divergências; the lead to call.
    expect(links).toContain(`/admin/requests?status=aberta#solicitacao-${ids.request}`);
    expect(html).toContain("Cancelamento");
    expect(links).toContain("/admin/billing/divergencias");
    expect(html).toContain("Recebido R$\u00a0100,00 de R$\u00a0149,90");
    expect(links).toContain(`/admin/leads/${ids.followUp}`);
  });

  it("counts new leads, overdue charges, late onboardings and pending requests in the sidebar", async () => {
    setClock(NOW);
    const { counts } = await loadLayout();
    expect(counts).toEqual({ newLeads: 1, overdueCharges: 2, lateOnboardings: 1, pendingRequests: 1 });
    // The same figures as the lists they count.
    const { todayBlock: hoje, billing } = await loadDashboard();
    expect(counts!.overdueCharges).toBe(hoje!.overdueChargesTotal);
    expect(counts!.overdueCharges).toBe(billing!.overdueCount);
    expect(counts!.newLeads).toBe(hoje!.newLeadsTotal);
    expect(counts!.pendingRequests).toBe(hoje!.requestsTotal);
    expect(counts!.lateOnboardings).toBe(hoje!.onboardings.filter((o) => o.businessDaysLate > 0).length);

    const html = await render(createElement(AdminSidebar, { userName: "Ana", counts }));
    for (const label of [
      "1 lead novo",
      "2 cobranças vencidas",
      "1 implantação atrasada",
      "1 solicitação pendente",
    ])
      expect(html).toContain(`(${label})`);
  });

  it("moves with the clock and the data: a cancelled charge and an answered request leave the counts", async () => {
    setClock(NOW);
    const cancelled = await cancelCharge({
      chargeId: ids.brunoCharge,
      reason: "Cobrada por engano",
      actor: admin,
    });
    expect(cancelled.ok).toBe(true);
    await t.db
      .update(clientRequests)
      .set({ status: "recusada", adminMessage: "Não" })
      .where(eq(clientRequests.id, ids.request));
    setClock("2026-06-16T13:00:00Z");
    const { counts } = await loadLayout();
    // The onboarding due on the 15th is late on the 16th.
    expect(counts).toEqual({ newLeads: 1, overdueCharges: 1, lateOnboardings: 2, pendingRequests: 0 });
    const html = await render(createElement(AdminSidebar, { userName: "Ana", counts }));
    expect(html).not.toContain("solicitação pendente");
  });
});

describe("the demo PIX key on the dashboard", () => {
  it("is warned about, with the way to Configurações → Financeiro, until an admin saves the company's key", async () => {
    setClock(NOW);
    await t.db
      .insert(billingSettings)
      .values({
        id: 1,
        pixKey: "123e4567-e12b-12d1-a456-426655440000",
        pixName: "Demo",
        pixCity: "Sao Paulo",
        pixKeyIsDemo: true,
      })
      .onConflictDoUpdate({ target: billingSettings.id, set: { pixKeyIsDemo: true } });
    expect((await loadDashboard()).demoPixKey).toBe(true);
    const html = await render(createElement(DemoPixKeyNotice, { show: true }));
    expect(html).toContain("Chave PIX de demonstração");
    expect(hrefs(html)).toEqual(["/admin/settings/billing"]);

    await saveBillingSettings({
      input: {
        pixKey: "financeiro@empresa.dev",
        pixName: "Cardapio Digital",
        pixCity: "Sao Paulo",
        renewalDaysBefore: 10,
      },
    });
    expect((await loadDashboard()).demoPixKey).toBe(false);
    expect(await render(createElement(DemoPixKeyNotice, { show: false }))).toBe("");
  });
});
