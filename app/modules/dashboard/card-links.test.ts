// Each dashboard count card links to the list whose rows it counts; following
// the link (the page's own loader) gives as many rows as the card says. The money cards' links
// are followed in app/modules/billing/cards.test.ts.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { clients, leads, plans } from "~/db/schema";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as clientsRoute from "~/routes/admin/clients/list";
import * as leadsRoute from "~/routes/admin/leads";
import * as plansRoute from "~/routes/admin/plans/list";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get } from "../../../tests/support/requests";
import { DASHBOARD_LINKS } from "./dashboard-links";

const t = useTestDatabase();
const args = (request: Request) => ({ request, params: {}, context: context() }) as never;
let admin = "";

beforeAll(async () => {
  admin = await adminCookie();
  const [plan] = await t.db
    .insert(plans)
    .values([
      { name: "Básico", priceCents: 4990 },
      { name: "Premium", priceCents: 8990 },
      { name: "Anual", priceCents: 89900 },
    ])
    .returning();
  await t.db.insert(clients).values(
    [1, 2, 3, 4].map((n) => ({
      name: `Cliente ${n}`,
      email: `c${n}@links.dev`,
      phone: "11999990000",
      businessName: `Negócio ${n}`,
      planId: plan.id,
      status: n === 4 ? ("inativo" as const) : ("ativo" as const),
    })),
  );
  const lead = (n: number, stage: (typeof leads.$inferInsert)["statusFunil"]) => ({
    name: `Lead ${n}`,
    email: `l${n}@links.dev`,
    phone: "11999990000",
    business: `Negócio ${n}`,
    plan: "Básico",
    statusFunil: stage,
    status: stage,
  });
  await t.db
    .insert(leads)
    .values([lead(1, "novo"), lead(2, "novo"), lead(3, "novo"), lead(4, "contatado"), lead(5, "perdido")]);
});

afterEach(() => resetClock());

describe("the dashboard's count cards", () => {
  it("open the list whose rows they count: clients, plans, new leads", async () => {
    setClock("2026-12-07T15:00:00Z");
    const dash = (await dashboardRoute.loader(args(get("/admin", admin)))) as Awaited<
      ReturnType<typeof dashboardRoute.loader>
    >;
    expect([dash.clients?.total.value, dash.plans?.value, dash.leads?.value]).toEqual([4, 3, 3]);

    const clientList = (await clientsRoute.loader(args(get(DASHBOARD_LINKS.clients.to, admin)))) as Awaited<
      ReturnType<typeof clientsRoute.loader>
    >;
    expect(clientList.rows).toHaveLength(dash.clients!.total.value);
    expect(clientList.count?.total).toBe(dash.clients!.total.value);

    const activeList = (await clientsRoute.loader(
      args(get(DASHBOARD_LINKS.activeClients.to, admin)),
    )) as Awaited<ReturnType<typeof clientsRoute.loader>>;
    expect(dash.clients?.active.value).toBe(3);
    expect(activeList.rows.map((r) => r.status)).toEqual(["ativo", "ativo", "ativo"]);
    expect(activeList.count?.total).toBe(dash.clients!.active.value);

    const planList = (await plansRoute.loader(args(get(DASHBOARD_LINKS.plans.to, admin)))) as Awaited<
      ReturnType<typeof plansRoute.loader>
    >;
    expect(planList.plans).toHaveLength(dash.plans!.value);

    const board = (await leadsRoute.loader(args(get(DASHBOARD_LINKS.newLeads.to, admin)))) as Awaited<
      ReturnType<typeof leadsRoute.loader>
    >;
    expect(board.view).toBe("novo");
    expect(board.counts.novo.total).toBe(dash.leads!.value);
    expect(board.columns.novo.leads.map((l) => l.name).sort()).toEqual(["Lead 1", "Lead 2", "Lead 3"]);
  });
});
