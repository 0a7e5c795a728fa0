import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, leads } from "~/db/schema";
import { addDays, todayInSaoPaulo } from "~/lib/dates";
import { resetClock, setClock } from "~/server/clock.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as leadPage from "~/routes/admin/leads/detail";
import * as funnel from "~/routes/admin/leads";
import { useTestDatabase } from "../../../tests/support/db";
import { adminCookie, context, get, outcome, post } from "../../../tests/support/requests";

// The next contact of an open lead, and today's list on the dashboard.
const t = useTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;
let admin = "";
let seq = 0;

async function makeLead(stage: "novo" | "perdido" = "novo") {
  seq += 1;
  const [row] = await t.db
    .insert(leads)
    .values({
      name: `Retorno ${seq}`,
      email: `retorno${seq}@exemplo.com`,
      phone: "(11) 98888-7777",
      business: `Açougue ${seq}`,
      plan: "Premium",
      statusFunil: stage,
      status: stage,
    })
    .returning();
  return row;
}
const setFollowUp = (id: string, nextContactAt: string) =>
  outcome(() =>
    leadPage.action(args(post(`/admin/leads/${id}`, { intent: "follow-up", nextContactAt }, admin), { id })),
  );
const at = async (id: string) => (await t.db.select().from(leads).where(eq(leads.id, id)))[0].nextContactAt;

beforeAll(async () => {
  admin = await adminCookie();
});

describe("follow-up", () => {
  // "Atrasado" is before now and "hoje" is the rest of today: noon in São Paulo, whatever the hour
  // the suite runs at (a run at 23:45 once saw today's 23:30 as overdue).
  beforeEach(() => setClock(`${todayInSaoPaulo()}T12:00:00-03:00`));
  afterEach(() => resetClock());

  it("stores the date and time as São Paulo time, audits it, and clears it", async () => {
    const lead = await makeLead();
    const res = await setFollowUp(lead.id, "2026-12-01T14:30");
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ toast: { message: "Próximo contato salvo!" } });
    expect((await at(lead.id))?.toISOString()).toBe("2026-12-01T17:30:00.000Z");
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, lead.id));
    expect(entry).toMatchObject({ action: "lead.follow_up_set", entityLabel: lead.name });
    expect((await setFollowUp(lead.id, "")).status).toBe(200);
    expect(await at(lead.id)).toBeNull();
  });

  it("refuses a bad date and a closed lead, changing nothing", async () => {
    const lead = await makeLead();
    for (const v of ["amanhã", "2026-13-45T99:99", "2026-12-01"]) {
      expect((await setFollowUp(lead.id, v)).status).toBe(400);
    }
    expect(await at(lead.id)).toBeNull();
    const lost = await makeLead("perdido");
    const res = await setFollowUp(lost.id, "2026-12-01T10:00");
    expect(res.status).toBe(409);
    expect(await at(lost.id)).toBeNull();
  });

  it("lists today's and overdue follow-ups of open leads on the dashboard, overdue first", async () => {
    const today = todayInSaoPaulo();
    const overdue = await makeLead();
    const later = await makeLead();
    const tomorrow = await makeLead();
    const lost = await makeLead();
    await setFollowUp(overdue.id, `${addDays(today, -1)}T09:00`);
    await setFollowUp(later.id, `${today}T23:30`);
    await setFollowUp(tomorrow.id, `${addDays(today, 1)}T08:00`);
    await setFollowUp(lost.id, `${today}T10:00`);
    await t.db.update(leads).set({ statusFunil: "perdido", status: "perdido" }).where(eq(leads.id, lost.id));
    const res = await outcome(() => dashboard.loader(args(get("/admin/dashboard", admin))));
    const rows = (res.data as { followUps: { id: string }[] }).followUps.map((r) => r.id);
    expect(rows).toEqual([overdue.id, later.id]);
  });

  it("filters the funnel by ?contato=hoje / atrasados on the server, open leads only", async () => {
    await t.db.delete(leads);
    const today = todayInSaoPaulo();
    const overdue = await makeLead();
    const later = await makeLead();
    const tomorrow = await makeLead();
    const none = await makeLead();
    const lost = await makeLead();
    await setFollowUp(overdue.id, `${addDays(today, -1)}T09:00`);
    await setFollowUp(later.id, `${today}T23:30`);
    await setFollowUp(tomorrow.id, `${addDays(today, 1)}T08:00`);
    await setFollowUp(lost.id, `${addDays(today, -2)}T10:00`);
    await t.db.update(leads).set({ statusFunil: "perdido", status: "perdido" }).where(eq(leads.id, lost.id));
    await t.db
      .update(leads)
      .set({ statusFunil: "qualificado", status: "qualificado" })
      .where(eq(leads.id, overdue.id));
    const board = async (query: string) => {
      const res = await outcome(() => funnel.loader(args(get(`/admin/leads${query}`, admin))));
      const d = res.data as Awaited<ReturnType<typeof funnel.loader>>;
      const ids = Object.values(d.columns).flatMap((c) => c.leads.map((l) => l.id));
      const total = Object.values(d.counts).reduce((n, c) => n + c.total, 0);
      return { ids, total, followUp: d.followUp };
    };
    expect(await board("?contato=atrasados")).toEqual({ ids: [overdue.id], total: 1, followUp: "atrasados" });
    expect(await board("?contato=hoje")).toEqual({ ids: [later.id], total: 1, followUp: "hoje" });
    // With a search too; an unknown value shows everything.
    expect((await board(`?contato=atrasados&q=${encodeURIComponent(overdue.name)}`)).ids).toEqual([
      overdue.id,
    ]);
    expect((await board(`?contato=hoje&q=${encodeURIComponent(overdue.name)}`)).ids).toEqual([]);
    const all = await board("?contato=ontem");
    expect(all.followUp).toBeNull();
    expect(all.ids.sort()).toEqual([overdue.id, later.id, tomorrow.id, none.id, lost.id].sort());
  });
});
