import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { onPostgres, useTestDatabase } from "../../../tests/support/db";
import PgBoss from "pg-boss";
import { pgliteExecutor } from "./adapters.server";
import { defineJob, drainJobs, enqueue, enqueueMany, getJob, startJobs, stopJobs } from "./queue.server";

const t = useTestDatabase();
afterEach(() => stopJobs());

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await wait(50);
  }
  throw new Error("timed out");
}

describe("job queue", () => {
  it("a job enqueued in a transaction that rolls back never runs; a committed one runs once", async () => {
    const seen: string[] = [];
    const job = defineJob<{ v: string }>({ name: "test.tx", handler: async ({ v }) => void seen.push(v) });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: false });
    await t.db
      .transaction(async (tx) => {
        await enqueue(tx, job, { v: "rolled back" });
        throw new Error("rollback");
      })
      .catch(() => {});
    await t.db.transaction(async (tx) => {
      await enqueue(tx, job, { v: "committed" });
    });
    await drainJobs();
    expect(seen).toEqual(["committed"]);
  });

  it("retries a failing job with a delay, then succeeds", async () => {
    let attempts = 0;
    const job = defineJob<object>({
      name: "test.retry",
      retryLimit: 3,
      retryDelay: 1,
      retryBackoff: false,
      async handler() {
        attempts++;
        if (attempts < 2) throw new Error("transient");
      },
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: false });
    const id = (await enqueue(t.db, job, {}))!;
    await drainJobs();
    expect(attempts).toBe(1);
    expect((await getJob(job.name, id))?.state).toBe("retry");
    await wait(1200);
    await drainJobs();
    expect(attempts).toBe(2);
    expect((await getJob(job.name, id))?.state).toBe("completed");
  });

  it("ends in the failed state, with the error, when retries run out", async () => {
    const lastAttempt: boolean[] = [];
    const job = defineJob<object>({
      name: "test.exhaust",
      retryLimit: 1,
      retryDelay: 1,
      retryBackoff: false,
      async handler(_d, ctx) {
        lastAttempt.push(ctx.isLastAttempt);
        throw new Error("SMTP recusou");
      },
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: false });
    const id = (await enqueue(t.db, job, {}))!;
    await drainJobs();
    await wait(1200);
    await drainJobs();
    const stored = await getJob(job.name, id);
    expect(stored?.state).toBe("failed");
    expect(JSON.stringify(stored?.output)).toContain("SMTP recusou");
    expect(lastAttempt).toEqual([false, true]);
  });

  it("an enqueue with an id already used is ignored", async () => {
    const seen: number[] = [];
    const job = defineJob<{ n: number }>({ name: "test.idem", handler: async ({ n }) => void seen.push(n) });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: false });
    const id = randomUUID();
    expect(await enqueue(t.db, job, { n: 1 }, { id })).toBe(id);
    expect(await enqueue(t.db, job, { n: 2 }, { id })).toBeNull();
    await drainJobs();
    expect(seen).toEqual([1]);
  });

  it("a batch handler runs the fetched jobs together; if it throws, each one is failed and retried", async () => {
    const batches: number[][] = [];
    const job = defineJob<{ n: number }>({
      name: "test.batch",
      batchSize: 10,
      retryDelay: 1,
      retryBackoff: false,
      handler: async () => {
        throw new Error("the batch handler runs instead");
      },
      async batchHandler(jobs) {
        batches.push(jobs.map((j) => j.data.n).sort((x, y) => x - y));
        if (batches.length === 1) throw new Error("transient");
      },
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: false });
    // Both in one statement, so one fetch finds both (two inserts could be fetched apart).
    await enqueueMany(t.db, job, [{ n: 1 }, { n: 2 }]);
    const ids = (
      await queryRows<{ id: string }>(
        t.db,
        sql`select id from pgboss.job where name = ${job.name} order by (data->>'n')::int`,
      )
    ).map((r) => r.id);
    // A job is fetchable once the database clock has passed its start (`start_after < now()`):
    // drain until the first batch ran; both share one start, so they are fetched together.
    await expect.poll(async () => (await drainJobs(), batches.length)).toBeGreaterThan(0);
    expect(await Promise.all(ids.map(async (id) => (await getJob(job.name, id))?.state))).toEqual([
      "retry",
      "retry",
    ]);
    await wait(1200);
    await drainJobs();
    expect(batches).toEqual([
      [1, 2],
      [1, 2],
    ]);
    expect(await Promise.all(ids.map(async (id) => (await getJob(job.name, id))?.state))).toEqual([
      "completed",
      "completed",
    ]);
  });

  it("a worker started with the server is woken by an enqueue, not by its next poll", async () => {
    const seen: number[] = [];
    const job = defineJob<{ at: number }>({
      name: "test.worker",
      // A poll far away: only the nudge after enqueue can wake the worker in time, whatever the
      // machine's load (a bound of 2 s against a 5 s poll failed on a loaded CI machine).
      pollingIntervalSeconds: 60,
      handler: async () => void seen.push(Date.now()),
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: true });
    const at = Date.now();
    await t.db.transaction(async (tx) => void (await enqueue(tx, job, { at })));
    await until(() => seen.length === 1, 30_000);
    expect(seen[0] - at).toBeLessThan(30_000);
  });
});

describe("job queue shutdown", () => {
  it("a job still running when the server stops finishes: what it enqueues is kept and it is completed, not run again", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = false;
    const next = defineJob<{ from: string }>({ name: "test.shutdown-next", handler: async () => {} });
    const slow = defineJob<{ n: number }>({
      name: "test.shutdown-slow",
      pollingIntervalSeconds: 1,
      handler: async () => {
        started = true;
        await gate;
        // What a handler typically does last: queue a follow-up (an e-mail after a fan-out).
        await enqueue(t.db, next, { from: "slow" });
      },
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [slow, next], worker: true });
    const id = await enqueue(t.db, slow, { n: 1 });
    await until(() => started);
    // SIGTERM arrives while the handler runs (a deploy).
    const stopping = stopJobs();
    release();
    await stopping;
    const rows = await queryRows<{ name: string; state: string }>(
      t.db,
      sql`select name, state from pgboss.job where name in ('test.shutdown-slow', 'test.shutdown-next')
          union all select name, state from pgboss.archive where name in ('test.shutdown-slow', 'test.shutdown-next')`,
    );
    expect(rows.find((r) => r.name === "test.shutdown-slow")?.state).toBe("completed");
    expect(rows.filter((r) => r.name === "test.shutdown-next")).toHaveLength(1);
    expect(id).toBeTruthy();
  });
});

/** Another app instance's queue on the same database (a second pool, or the same PGlite). */
function otherInstance(options: Partial<PgBoss.ConstructorOptions> = {}) {
  const common = { schema: "pgboss", ...options };
  const other = onPostgres
    ? new PgBoss({ connectionString: t.url, ...common })
    : new PgBoss({ db: pgliteExecutor(t.database.pglite!), ...common });
  other.on("error", () => {});
  return other;
}

describe("job queue with several instances", () => {
  it("a job fetched by two instances at once runs once", async () => {
    const runs: string[] = [];
    const job = defineJob<{ i: number }>({
      name: "test.once",
      handler: async ({ i }) => void runs.push(`${i}`),
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: false });
    for (let i = 0; i < 40; i++) await enqueue(t.db, job, { i });
    // A second, independent instance on the same database claims jobs concurrently.
    const other = otherInstance({ supervise: false, schedule: false });
    await other.start();
    try {
      const claimA = drainJobs();
      const claimB = (async () => {
        for (;;) {
          const batch = await other.fetch<{ i: number }>(job.name, { batchSize: 5 });
          if (!batch?.length) return;
          for (const j of batch) runs.push(`${j.data.i}`);
          await other.complete(
            job.name,
            batch.map((j) => j.id),
          );
        }
      })();
      await Promise.all([claimA, claimB]);
    } finally {
      await other.stop({ graceful: false, wait: true });
    }
    expect(runs.length).toBe(40);
    expect(new Set(runs).size).toBe(40);
  });

  it("a cron schedule fires once per minute with two instances running it", async () => {
    const job = defineJob<object>({
      name: "test.cron",
      schedule: { cron: "* * * * *" },
      handler: async () => {},
    });
    const fast = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [job], worker: true, tuning: fast });
    const other = otherInstance(fast);
    await other.start();
    await wait(5000);
    await other.stop({ graceful: false, wait: true });
    // Per minute, not in total: the 5 s window may cross a minute boundary (then two firings
    // are right, one for each minute).
    const rows = await queryRows<{ minute: string; n: number }>(
      t.db,
      sql`select date_trunc('minute', created_on)::text as minute, count(*)::int as n
          from (select created_on from pgboss.job where name = 'test.cron'
                union all select created_on from pgboss.archive where name = 'test.cron') j
          group by 1 order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.length).toBeLessThanOrEqual(2);
    for (const r of rows) expect(r.n, r.minute).toBe(1);
  });
});
