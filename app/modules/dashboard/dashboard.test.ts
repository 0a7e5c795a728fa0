import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { clients, leads, plans } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { changePercent, getDashboard, getLeadFunnel } from "./dashboard.server";
import { baseLogger } from "~/server/logging/logger.server";

const t = useTestDatabase();
const today = "2026-04-30";
// São Paulo is UTC-3: local midnight of a day is 03:00 UTC.
const sp = (isoDay: string, hh = "12:00") => new Date(`${isoDay}T${hh}:00-03:00`);

beforeAll(async () => {
  const [plan] = await t.db
    .insert(plans)
    .values({ name: "P", priceCents: 100, createdAt: sp("2026-04-29") })
    .returning();
  const client = (n: number, createdAt: Date, status: "ativo" | "inativo" = "ativo") => ({
    name: `C${n}`,
    email: `c${n}@d.dev`,
    phone: "1",
    businessName: "B",
    planId: plan.id,
    status,
    createdAt,
  });
  await t.db.insert(clients).values([
    // last 30 days = 1 Apr .. 30 Apr (São Paulo)
    client(1, sp("2026-04-30", "23:59")),
    client(2, sp("2026-04-01", "00:00")),
    client(3, sp("2026-04-10"), "inativo"),
    // previous 30 = 2 Mar .. 31 Mar
    client(4, sp("2026-03-31", "23:59")),
    client(5, sp("2026-03-02", "00:00"), "inativo"),
    // older
    client(6, sp("2026-03-01", "23:59")),
  ]);
  const lead = (stage: (typeof leads.$inferInsert)["statusFunil"], createdAt: Date) => ({
    name: "L",
    email: "l@d.dev",
    phone: "1",
    business: "B",
    plan: "Básico",
    statusFunil: stage,
    status: stage,
    createdAt,
  });
  await t.db
    .insert(leads)
    .values([
      lead("novo", sp("2026-04-20")),
      lead("novo", sp("2026-04-21")),
      lead("contatado", sp("2026-03-20")),
      lead("negociando", sp("2026-01-20")),
      lead("perdido", sp("2026-04-02")),
    ]);
});

describe("dashboard", () => {
  it("compares the total of clients with the total 30 days earlier, and the rest with the 30 days before", async () => {
    const d = await getDashboard({ today });
    // Six clients now; three existed before 1 April (São Paulo): +100 %, not the sign-ups' +50 %.
    expect(d.clients).toEqual({
      total: { value: 6, before: 3, change: 100 },
      active: { value: 4 },
    });
    expect(d.plans).toEqual({ value: 1, last30: 1, previous30: 0, change: null });
    expect(d.leads).toEqual({ value: 2, last30: 3, previous30: 1, change: 200 });
    expect(d.recentClients.map((c) => c.name)).toEqual(["C1", "C3", "C2", "C4", "C5"]);
  });

  it("computes the change in whole percent, with no figure when there is no basis", () => {
    expect(changePercent(3, 2)).toBe(50);
    expect(changePercent(1, 3)).toBe(-67);
    expect(changePercent(0, 4)).toBe(-100);
    expect(changePercent(2, 2)).toBe(0);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 0)).toBeNull();
  });

  it("tallies the six funnel stages in order with one GROUP BY", async () => {
    expect(await getLeadFunnel()).toEqual([
      { stage: "novo", count: 2 },
      { stage: "contatado", count: 1 },
      { stage: "qualificado", count: 0 },
      { stage: "negociando", count: 1 },
      { stage: "convertido", count: 0 },
      { stage: "perdido", count: 1 },
    ]);
  });

  it("keeps the other widgets when one fails", async () => {
    await t.db.execute(sql`alter table leads rename to leads_off`);
    const logged = vi.spyOn(baseLogger(), "error").mockImplementation(() => {});
    try {
      const d = await getDashboard({ today });
      expect(d.leads).toBeNull();
      expect(d.funnel).toEqual([]);
      expect(d.clients?.total.value).toBe(6);
      expect(d.recentClients).toHaveLength(5);
      expect(logged.mock.calls.map((c) => c[1])).toEqual(
        expect.arrayContaining(['dashboard widget "leads" failed', 'dashboard widget "funil" failed']),
      );
    } finally {
      logged.mockRestore();
      await t.db.execute(sql`alter table leads_off rename to leads`);
    }
  });
});
