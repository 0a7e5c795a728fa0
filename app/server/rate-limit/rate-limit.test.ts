import { sql, type SQL } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openPostgres, queryRows } from "~/db/client.server";
import { resetEnvCache } from "~/lib/env.server";
import * as repRegister from "~/routes/representante/register";
import { onPostgres, useTestDatabase } from "../../../tests/support/db";
import { context, outcome, post } from "../../../tests/support/requests";
import { drainJobs, enqueue } from "~/server/jobs/queue.server";
import {
  hitRateLimit,
  pruneRateLimits,
  pruneRateLimitsJob,
  RATE_LIMIT_MESSAGE,
  storedKey,
} from "./rate-limit.server";

const t = useTestDatabase();

const ENV_KEYS = [
  "RATE_LIMIT_LOGIN",
  "RATE_LIMIT_REGISTER",
  "RATE_LIMIT_CONTACT",
  "RATE_LIMIT_WINDOW_SECONDS",
];
function setLimits(values: Partial<Record<(typeof ENV_KEYS)[number], string>>) {
  for (const [k, v] of Object.entries(values)) process.env[k] = v;
  resetEnvCache();
}
afterEach(() => {
  for (const k of ENV_KEYS) delete process.env[k];
  resetEnvCache();
});

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;
// Route modules are called with plain objects; their generated arg types differ per route.
type AnyAction = { action: (args: never) => unknown };
const call = (mod: AnyAction, path: string, fields: Record<string, string>, ip: string) =>
  outcome(() =>
    mod.action({ request: post(path, fields), params: {}, context: context({ clientIp: ip }) } as never),
  );
const rows = <T>(q: SQL) => queryRows<T>(t.db, q);

// Sign-in throttling (failures only, per account and address) is tested in
// app/modules/auth/login-throttle.test.ts.
describe("registration limit (route level)", () => {
  it("limits registration by its own env setting, before any account is created", async () => {
    setLimits({ RATE_LIMIT_REGISTER: "2" });
    const ip = freshIp();
    const form = { name: "Ab", email: "x", password: "1", confirmPassword: "2" };
    expect((await call(repRegister, "/representante/register", form, ip)).status).toBe(400);
    expect((await call(repRegister, "/representante/register", form, ip)).status).toBe(400);
    const valid = {
      name: "Limite Teste",
      email: "limite@test.dev",
      password: "123456",
      confirmPassword: "123456",
    };
    const limited = await call(repRegister, "/representante/register", valid, ip);
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ formError: RATE_LIMIT_MESSAGE });
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from "user" where email = 'limite@test.dev'`,
    );
    expect(Number(n)).toBe(0);
  });
});

describe("hitRateLimit", () => {
  it("reads each bucket's limit from the environment (contact included)", async () => {
    setLimits({ RATE_LIMIT_CONTACT: "4", RATE_LIMIT_REGISTER: "1" });
    const ip = freshIp();
    const contact = [];
    for (let i = 0; i < 5; i++) contact.push((await hitRateLimit("contact", ip)).ok);
    expect(contact).toEqual([true, true, true, true, false]);
    // Buckets are separate: the contact counter does not spend the registration allowance.
    expect((await hitRateLimit("register", ip)).ok).toBe(true);
    expect((await hitRateLimit("register", ip)).ok).toBe(false);
  });

  it("parallel hits share one upsert and still count one by one: exactly the limit passes", async () => {
    setLimits({ RATE_LIMIT_CONTACT: "7" });
    const ip = freshIp();
    const other = freshIp();
    // Fired together: the batcher writes them in one statement (a key repeated 12 times).
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () => hitRateLimit("contact", ip)),
      hitRateLimit("contact", other),
    ]);
    expect(results.slice(0, 12).filter((r) => r.ok)).toHaveLength(7);
    expect(results.slice(7, 12).every((r) => !r.ok && r.retryAfter >= 1)).toBe(true);
    expect(results[12].ok).toBe(true);
    const [row] = await rows<{ count: number }>(
      sql`select count from rate_limits where key = ${storedKey(`contact:${ip}`)}`,
    );
    expect(Number(row.count)).toBe(12);
    // And the next one, alone, is over the limit too.
    expect((await hitRateLimit("contact", ip)).ok).toBe(false);
  });

  it("opens again when the window has passed (clock moved back in the table)", async () => {
    setLimits({ RATE_LIMIT_CONTACT: "1", RATE_LIMIT_WINDOW_SECONDS: "600" });
    const ip = freshIp();
    expect((await hitRateLimit("contact", ip)).ok).toBe(true);
    const refused = await hitRateLimit("contact", ip);
    expect(refused).toMatchObject({ ok: false });
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '601 seconds' where key = ${storedKey(`contact:${ip}`)}`,
    );
    expect((await hitRateLimit("contact", ip)).ok).toBe(true);
    expect((await hitRateLimit("contact", ip)).ok).toBe(false);
  });

  it("opens again after a real 1-second window", async () => {
    setLimits({ RATE_LIMIT_CONTACT: "1", RATE_LIMIT_WINDOW_SECONDS: "1" });
    const ip = freshIp();
    expect((await hitRateLimit("contact", ip)).ok).toBe(true);
    const refused = await hitRateLimit("contact", ip);
    expect(refused).toEqual({ ok: false, retryAfter: 1 });
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await hitRateLimit("contact", ip)).ok).toBe(true);
  });

  it("prunes expired counters only", async () => {
    setLimits({ RATE_LIMIT_WINDOW_SECONDS: "600" });
    const [old, live] = [freshIp(), freshIp()];
    await hitRateLimit("contact", old);
    await hitRateLimit("contact", live);
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '1 hour' where key = ${storedKey(`contact:${old}`)}`,
    );
    await pruneRateLimits();
    const keys = (await rows<{ key: string }>(sql`select key from rate_limits`)).map((r) => r.key);
    expect(keys).not.toContain(storedKey(`contact:${old}`));
    expect(keys).toContain(storedKey(`contact:${live}`));
  });

  it("pruning is a scheduled job of the queue (every 15 minutes)", async () => {
    const scheduled = await rows<{ name: string; cron: string }>(
      sql`select name, cron from pgboss.schedule where name = ${pruneRateLimitsJob.name}`,
    );
    expect(scheduled).toEqual([{ name: "maintenance.prune-rate-limits", cron: "*/15 * * * *" }]);
    const old = freshIp();
    await hitRateLimit("contact", old);
    await t.db.execute(
      sql`update rate_limits set window_start = now() - interval '1 day' where key = ${storedKey(`contact:${old}`)}`,
    );
    await enqueue(t.db, pruneRateLimitsJob, {});
    await drainJobs();
    const keys = (await rows<{ key: string }>(sql`select key from rate_limits`)).map((r) => r.key);
    expect(keys).not.toContain(storedKey(`contact:${old}`));
  });

  it("lets exactly `limit` of 1 000 parallel hits through", async () => {
    setLimits({ RATE_LIMIT_CONTACT: "37" });
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 1000 }, () => hitRateLimit("contact", ip)));
    expect(results.filter((r) => r.ok)).toHaveLength(37);
    const [{ count }] = await rows<{ count: number }>(
      sql`select count from rate_limits where key = ${storedKey(`contact:${ip}`)}`,
    );
    expect(Number(count)).toBe(1000);
  });

  // Several app instances = several pools on one PostgreSQL (PGlite is one process by design).
  if (onPostgres) {
    it("shares the counters between two app instances (two pools, same PostgreSQL)", async () => {
      setLimits({ RATE_LIMIT_CONTACT: "50" });
      const url = process.env.TEST_DATABASE_URL!;
      const pool = t.database.pool!;
      const [{ db: dbName }] = (await pool.query("select current_database() as db")).rows as { db: string }[];
      const u = new URL(url);
      u.pathname = `/${dbName}`;
      const second = await openPostgres(u.toString());
      try {
        const ip = freshIp();
        const results = await Promise.all(
          Array.from({ length: 400 }, (_, i) =>
            hitRateLimit("contact", ip, { db: i % 2 ? second.db : t.db }),
          ),
        );
        expect(results.filter((r) => r.ok)).toHaveLength(50);
        expect((await hitRateLimit("contact", ip, { db: second.db })).ok).toBe(false);
        expect((await hitRateLimit("contact", ip, { db: t.db })).ok).toBe(false);
      } finally {
        await second.close();
      }
    });
  }
});
