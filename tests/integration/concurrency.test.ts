/**
 * Concurrency (issue 7 §9): 1 000 contact submissions at once through the home page's action, all
 * from loopback with the rate limit raised by env. Every 303 answer (sent: back to the form with
 * the toast) is a stored lead, and no lead is stored without one (a refused or failed submission
 * leaves nothing behind).
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { clients, leads, plans } from "~/db/schema";
import { useTestDatabase } from "../support/db";
import { adminCookie, context, outcome, post } from "../support/requests";

const t = useTestDatabase();
const SUBMISSIONS = 1000;
let planId: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_CONTACT = String(SUBMISSIONS * 10);
  (await import("~/lib/env.server")).resetEnvCache();
  [{ id: planId }] = await t.db.insert(plans).values({ name: "Plano Carga", priceCents: 4900 }).returning();
});

async function leadCount(marker: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from leads where business like ${marker + "%"}`,
  );
  return row.n;
}

describe("parallel contact submissions", () => {
  it(`${SUBMISSIONS} at once from loopback: stored leads = 303 answers`, { timeout: 240_000 }, async () => {
    const home = await import("~/routes/site/home");
    const marker = `Carga-${Date.now()}`;
    const outcomes = await Promise.all(
      Array.from({ length: SUBMISSIONS }, (_, i) =>
        outcome(() =>
          home.action({
            request: post("/", {
              name: `Pessoa ${i}`,
              business: `${marker}-${i}`,
              phone: "(11) 98765-4321",
              email: `carga-${i}@test.dev`,
              plan: planId,
              message: "",
            }),
            params: {},
            context: context({ clientIp: "127.0.0.1" }),
          } as never),
        ),
      ),
    );
    const statuses = new Map<number, number>();
    for (const o of outcomes) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
    const succeeded = outcomes.filter((o) => o.status === 303).length;
    expect(
      [...statuses.keys()].filter((s) => s >= 500),
      `statuses ${JSON.stringify([...statuses])}`,
    ).toEqual([]);
    // Under the raised limit, every submission from the one address is accepted.
    expect(succeeded).toBe(SUBMISSIONS);
    expect(await leadCount(marker)).toBe(succeeded);
  });

  it("the limit still holds under the same burst: 429s store nothing", { timeout: 120_000 }, async () => {
    process.env.RATE_LIMIT_CONTACT = "20";
    (await import("~/lib/env.server")).resetEnvCache();
    const home = await import("~/routes/site/home");
    const marker = `Limite-${Date.now()}`;
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        outcome(() =>
          home.action({
            request: post("/", {
              name: `Pessoa ${i}`,
              business: `${marker}-${i}`,
              phone: "(11) 98765-4321",
              email: `limite-${i}@test.dev`,
              plan: planId,
            }),
            params: {},
            context: context({ clientIp: "198.51.100.7" }),
          } as never),
        ),
      ),
    );
    const succeeded = outcomes.filter((o) => o.status === 303).length;
    const limited = outcomes.filter((o) => o.status === 429).length;
    expect(succeeded + limited).toBe(100);
    expect(succeeded).toBeLessThanOrEqual(20);
    expect(limited).toBeGreaterThanOrEqual(80);
    expect(await leadCount(marker)).toBe(succeeded);
  });
});

describe("parallel lead conversions", () => {
  it("50 admins converting the same lead at once: exactly one client, the lead points at it", async () => {
    const cookie = await adminCookie("concorrencia-admin@test.dev", "senha-concorrencia");
    const [lead] = await t.db
      .insert(leads)
      .values({
        name: "Lead Corrida",
        email: "corrida-50@test.dev",
        phone: "(11) 98888-7777",
        business: "Pizzaria Corrida",
        plan: "Plano Carga",
        status: "negociando",
        statusFunil: "negociando",
      })
      .returning();
    const route = await import("~/routes/admin/leads");
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        outcome(() =>
          route.action({
            request: post("/admin/leads", { intent: "convert", id: lead.id }, cookie),
            params: {},
            context: context(),
          } as never),
        ),
      ),
    );
    const statuses = outcomes.map((o) => o.status);
    expect(
      statuses.filter((s) => s >= 500),
      JSON.stringify(statuses),
    ).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const made = await t.db.select().from(clients).where(eq(clients.email, "corrida-50@test.dev"));
    expect(made).toHaveLength(1);
    const [after] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after.statusFunil).toBe("convertido");
    expect(after.convertedClientId).toBe(made[0].id);
  });
});
