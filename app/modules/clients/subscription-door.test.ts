// A subscription changes only with its history event. The database refuses a
// change of plan, status, dates, renewal or billing without one (migration 0031), whatever path
// makes it; the door (subscription-history.server.ts) writes both. Triggers: PGlite and PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, plans, subscriptionEvents, subscriptions } from "~/db/schema";
import { useTestDatabase } from "../../../tests/support/db";
import { insertSubscriptions } from "../../../tests/support/subscriptions";
import { changeSubscription, subscriptionMrrCents } from "./subscription-history.server";

const t = useTestDatabase();
let planA = "";
let planB = "";
let clientId = "";

beforeAll(async () => {
  [{ id: planA }, { id: planB }] = await t.db
    .insert(plans)
    .values([
      { name: "A", priceCents: 5000 },
      { name: "B", priceCents: 9000 },
    ])
    .returning();
  [{ id: clientId }] = await t.db
    .insert(clients)
    .values({ name: "Porta", email: "porta@door.dev", phone: "11987654321", businessName: "Bar da Porta" })
    .returning();
});

const newSub = async () =>
  (
    await insertSubscriptions(t.db, {
      clientId,
      planId: planA,
      startDate: "2026-11-01",
      endDate: "2026-12-01",
    })
  )[0];
const subNow = async (id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const eventsOf = (id: string) =>
  t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.subscriptionId, id));

/** The database's refusal, as the app would meet it. */
async function refusal(body: () => Promise<unknown>): Promise<string> {
  try {
    await body();
  } catch (err) {
    const cause = (err as { cause?: { constraint?: string } }).cause ?? (err as { constraint?: string });
    return cause.constraint ?? String(err);
  }
  return "accepted";
}

describe("the database refuses a subscription change without its history event", () => {
  it("refuses a new subscription with no start in the history, at commit", async () => {
    expect(
      await refusal(() =>
        t.db
          .insert(subscriptions)
          .values({ clientId, planId: planA, startDate: "2026-11-01", endDate: "2026-12-01" }),
      ),
    ).toBe("subscription_history_guard");
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId))).toEqual([]);
  });

  it.each([
    ["plan", { planId: "B" }],
    ["status", { status: "cancelada" }],
    ["end date", { endDate: "2027-01-01" }],
    ["start date", { startDate: "2026-10-01" }],
    ["cancellation date", { cancelAt: "2026-12-01" }],
    ["renewal", { renewalType: "anual" }],
    ["billing", { noBilling: true }],
  ] as const)("refuses a change of %s without an event, changing nothing", async (_what, set) => {
    const sub = await newSub();
    const values = "planId" in set ? { planId: planB } : set;
    expect(
      await refusal(() => t.db.update(subscriptions).set(values).where(eq(subscriptions.id, sub.id))),
    ).toBe("subscription_history_guard");
    // A version bumped by hand without its event is refused too, at commit.
    expect(
      await refusal(() =>
        t.db
          .update(subscriptions)
          .set({ ...values, version: sql`${subscriptions.version} + 1` })
          .where(eq(subscriptions.id, sub.id)),
      ),
    ).toBe("subscription_history_guard");
    expect(await subNow(sub.id)).toEqual(sub);
  });

  it("lets through what moves no revenue: a scheduled plan and the suspension exemption", async () => {
    const sub = await newSub();
    await t.db
      .update(subscriptions)
      .set({ pendingPlanId: planB, suspensionExempt: true })
      .where(eq(subscriptions.id, sub.id));
    expect(await subNow(sub.id)).toMatchObject({ pendingPlanId: planB, suspensionExempt: true, version: 1 });
  });

  it("accepts the change through the door: the row's next version and its event, as one", async () => {
    const sub = await newSub();
    const changed = await t.db.transaction((tx) =>
      changeSubscription(
        tx,
        sub,
        { planId: planB },
        {
          kind: "troca_plano",
          effectiveOn: "2026-11-20",
          mrrBeforeCents: 5000,
          mrrAfterCents: 9000,
          planBeforeId: planA,
          planAfterId: planB,
        },
      ),
    );
    expect(changed).toMatchObject({ planId: planB, version: 2 });
    expect((await eventsOf(sub.id)).map((e) => [e.kind, e.subscriptionVersion])).toEqual([
      ["inicio", 1],
      ["troca_plano", 2],
    ]);
    expect(await subscriptionMrrCents(t.db, sub.id)).toBe(9000);
  });
});
