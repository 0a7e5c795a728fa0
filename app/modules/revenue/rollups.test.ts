// The revenue figures read rollups that a trigger keeps (migration 0022, decision 031). This test
// writes a varied history straight into subscription_events — starts, upgrades, downgrades,
// churns, returns, several events on one day, events dated in the past and in the future, an
// event corrected, one deleted, a client deleted — and compares every figure with the same
// figures computed from the events themselves, as the page did before the rollups.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients, subscriptionEvents } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { balancesFromEvents, movementsFromEvents } from "~/modules/consistency/checks/revenue-history.server";
import { useTestDatabase } from "../../../tests/support/db";
import { MRR_MOVEMENTS } from "./revenue.constants";
import { getMrrFigure, monthBoundaries, revenueClients, revenueMonths, revenueNow } from "./revenue.server";

const t = useTestDatabase();
const TODAY = "2026-11-15";

// The from-events computation lives with the consistency check, which compares it with the
// rollups on every run (app/modules/consistency/checks/revenue-history.server.ts).
const referenceMovements = () => movementsFromEvents(t.db);
async function referenceBalance(day: string) {
  const [b] = await balancesFromEvents([day], t.db);
  return { mrr: b.mrr, paying: b.paying };
}

async function expectFiguresMatchEvents() {
  const bounds = monthBoundaries(TODAY);
  const moves = await referenceMovements();
  const months = await revenueMonths({ today: TODAY });
  for (const [i, m] of months.entries()) {
    const start = await referenceBalance(bounds[i]);
    const end = await referenceBalance(bounds[i + 1]);
    expect({
      month: m.month,
      startCents: m.startCents,
      endCents: m.endCents,
      startClients: m.startClients,
      endClients: m.endClients,
    }).toEqual({
      month: m.month,
      startCents: start.mrr,
      endCents: end.mrr,
      startClients: start.paying,
      endClients: end.paying,
    });
    const inMonth = moves.filter((e) => e.effective_on >= bounds[i] && e.effective_on < bounds[i + 1]);
    for (const movement of MRR_MOVEMENTS) {
      const these = inMonth.filter((e) => e.movement === movement);
      expect({ month: m.month, movement, ...m.movements[movement] }).toEqual({
        month: m.month,
        movement,
        cents: these.reduce((sum, e) => sum + Math.abs(e.d), 0),
        clients: new Set(these.map((e) => e.client_id)).size,
      });
      const drill = await revenueClients({ today: TODAY, month: m.month, movement });
      const perClient = new Map<string, number>();
      for (const e of these) perClient.set(e.client_id, (perClient.get(e.client_id) ?? 0) + Math.abs(e.d));
      expect(new Map(drill.map((r) => [r.clientId, r.cents]))).toEqual(perClient);
    }
  }
  const now = await referenceBalance(addDays(TODAY, 1));
  const figures = await revenueNow({ today: TODAY });
  expect({ mrr: figures.mrrCents, paying: figures.payingClients }).toEqual(now);
  const card = await getMrrFigure({ today: TODAY });
  expect({ now: card.mrrCents, before: card.previousCents }).toEqual({
    now: now.mrr,
    before: (await referenceBalance("2026-11-01")).mrr,
  });
  return months;
}

let clientSeq = 0;
async function client() {
  clientSeq += 1;
  const [row] = await t.db
    .insert(clients)
    .values({
      name: `Cliente ${clientSeq}`,
      email: `rollup${clientSeq}@teste.dev`,
      phone: "11999990000",
      businessName: `R ${clientSeq}`,
    })
    .returning();
  return row.id;
}

type Ev = [
  day: string,
  before: number,
  after: number,
  kind?: "inicio" | "troca_plano" | "cancelamento" | "fim",
];
async function events(clientId: string, list: Ev[]) {
  await t.db.insert(subscriptionEvents).values(
    list.map(([effectiveOn, mrrBeforeCents, mrrAfterCents, kind]) => ({
      clientId,
      subscriptionId: null,
      kind: kind ?? (mrrBeforeCents === 0 ? "inicio" : mrrAfterCents === 0 ? "fim" : "troca_plano"),
      effectiveOn,
      mrrBeforeCents,
      mrrAfterCents,
    })),
  );
}

describe("revenue rollups", () => {
  it("give the same months, drill-downs and figures as the events, through inserts, corrections and deletions", async () => {
    const a = await client();
    const b = await client();
    const c = await client();
    const d = await client();
    const e = await client();
    await events(a, [
      ["2025-10-20", 0, 9990],
      ["2026-02-03", 9990, 14990],
      ["2026-06-10", 14990, 4990],
    ]);
    await events(b, [
      ["2026-01-05", 0, 4990],
      ["2026-03-31", 4990, 0],
      ["2026-08-01", 0, 8990],
    ]);
    // Later the same day: events of one day are ordered by when they were recorded.
    await events(b, [["2026-08-01", 8990, 12990]]);
    // Two subscriptions of one client: the client churns only when both end.
    await events(c, [
      ["2026-04-10", 0, 4990],
      ["2026-04-12", 0, 8990],
      ["2026-09-09", 4990, 0],
      ["2026-12-01", 8990, 0, "cancelamento"],
    ]);
    await events(d, [
      ["2026-11-15", 0, 19990],
      ["2026-11-16", 19990, 0],
    ]);
    const months = await expectFiguresMatchEvents();
    expect(months.some((m) => m.movements.churn.cents > 0 && m.movements.reativacao.cents === 0)).toBe(true);
    expect(months.find((m) => m.month === "2026-08")!.movements.reativacao).toEqual({
      cents: 8990,
      clients: 1,
    });

    // An event dated before the others turns the client's later start into a return.
    await events(e, [["2026-07-01", 0, 4990]]);
    await events(e, [
      ["2026-01-10", 0, 2990],
      ["2026-02-10", 2990, 0],
    ]);
    const afterBackdated = await expectFiguresMatchEvents();
    expect(afterBackdated.find((m) => m.month === "2026-07")!.movements.reativacao.clients).toBe(1);

    // A corrected event and a deleted one.
    await t.db
      .update(subscriptionEvents)
      .set({ mrrAfterCents: 24990 })
      .where(sql`client_id = ${a} and effective_on = '2026-02-03'`);
    await t.db.delete(subscriptionEvents).where(sql`client_id = ${b} and effective_on = '2026-03-31'`);
    await expectFiguresMatchEvents();

    // A deleted client takes its events and its movements with it, in one statement.
    await t.db.delete(clients).where(eq(clients.id, c));
    await expectFiguresMatchEvents();
  });

  it("a rolled-back event leaves the figures as they were", async () => {
    const before = await revenueMonths({ today: TODAY });
    const x = await client();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(subscriptionEvents).values({
          clientId: x,
          subscriptionId: null,
          kind: "inicio",
          effectiveOn: "2026-10-01",
          mrrBeforeCents: 0,
          mrrAfterCents: 5000,
        });
        throw new Error("desfaz");
      }),
    ).rejects.toThrow("desfaz");
    expect(await revenueMonths({ today: TODAY })).toEqual(before);
  });
});
