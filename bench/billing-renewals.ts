// bench/billing-renewals: the daily renewal job (issue 29) issuing the next period's charge for
// 100 000 subscriptions in one run: time, charges/s and the peak RSS / heap growth, then a second
// run that must issue nothing (the unique key per subscription and period).
//
//   npm run bench:renewals [-- --db pglite|pg|both] [--subs 100000]
//
// The job runs in this process exactly as the worker does (issueRenewalCharges: batches of
// subscriptions locked with SKIP LOCKED, each charge with its lines, audit entry and event).
// PostgreSQL mode creates the database bench_renewals (dropped at the end).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { arg } from "../scripts/lib/connect";
import { createDatabase, databaseExists, dropDatabase, withDatabase } from "./lib/pg-admin";
import { machine, stamp, table } from "./lib/stats";

const SUBS = Number(arg("subs") ?? 100_000);
const which = arg("db") ?? "both";
const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbUrl = withDatabase(SERVER, "bench_renewals");
const OUT = path.resolve("bench/out");
const MB = 1024 * 1024;
const TODAY = "2026-11-20";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** Peak RSS and heap while `fn` runs (sampled every 20 ms, plus before and after). */
async function measured<T>(fn: () => Promise<T>) {
  gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  const start = performance.now();
  const value = await fn();
  const seconds = (performance.now() - start) / 1000;
  clearInterval(timer);
  sample();
  return {
    value,
    seconds,
    rssDeltaMb: (peakRss - base.rss) / MB,
    heapDeltaMb: (peakHeap - base.heapUsed) / MB,
    baseRssMb: base.rss / MB,
  };
}

async function run(kind: "pglite" | "pg") {
  process.env.LOG_LEVEL = "silent";
  const { openPglite, openPostgres, migrateDatabase, setDatabase, queryRows } =
    await import("../app/db/client.server");
  const { issueRenewalCharges } = await import("../app/modules/billing/billing.server");
  const { startJobs, stopJobs } = await import("../app/server/jobs/queue.server");
  const { JOBS } = await import("../app/jobs.server");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-renewals-"));
  if (kind === "pg") {
    if (await databaseExists(dbUrl)) await dropDatabase(dbUrl);
    await createDatabase(dbUrl);
  }
  const database = kind === "pg" ? await openPostgres(dbUrl) : await openPglite(tmp);
  try {
    await migrateDatabase(database);
    setDatabase(database);
    // Each charge.created event is enqueued in the charge's transaction, as in production (no worker here).
    await startJobs({ database, databaseUrl: kind === "pg" ? dbUrl : undefined, jobs: JOBS, worker: false });
    const seedStart = performance.now();
    await database.db.execute(sql`
      insert into plans (name, price_cents, setup_fee_cents) values ('Premium', 8990, 14900)`);
    await database.db.execute(sql`
      insert into clients (name, email, phone, business_name, plan_id, created_at)
      select 'Cliente Renovação ' || g, 'renova' || g || '@exemplo.com.br', '119' || lpad(g::text, 8, '0'),
             'Restaurante ' || (g % 997), (select id from plans limit 1), now() - (g || ' seconds')::interval
      from generate_series(1, ${SUBS}) g`);
    // Every subscription ends within the next 10 days: all of them are due for renewal today.
    // Each with its start in the history, in the same transaction: the database checks it at
    // commit (migration 0031).
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into subscriptions (client_id, plan_id, start_date, end_date, status, renewal_type)
        select c.id, c.plan_id, ${TODAY}::date + (n % 10)::int - 30, ${TODAY}::date + (n % 10)::int, 'ativa',
               (array['mensal','trimestral','semestral','anual'])[1 + n % 4]
        from (select id, plan_id, row_number() over (order by id) as n from clients) c`);
      await tx.execute(sql`
        insert into subscription_events (client_id, subscription_id, subscription_version, kind, effective_on,
                                         mrr_before_cents, mrr_after_cents, plan_after_id, renewal_type)
        select s.client_id, s.id, s.version, 'inicio', s.start_date, 0, p.price_cents, s.plan_id, s.renewal_type
          from subscriptions s join plans p on p.id = s.plan_id`);
    });
    await database.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const first = await measured(() => issueRenewalCharges({ today: TODAY, daysBefore: 10 }));
    const again = await measured(() => issueRenewalCharges({ today: TODAY, daysBefore: 10 }));
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from charges`);
    return { kind, subs: SUBS, seedSeconds, first, again, charges: n };
  } finally {
    await stopJobs();
    setDatabase(undefined);
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
    if (kind === "pg") await dropDatabase(dbUrl);
  }
}

async function main() {
  const kinds: ("pglite" | "pg")[] = which === "both" ? ["pglite", "pg"] : [which as "pglite" | "pg"];
  const results = [];
  for (const kind of kinds) {
    console.log(`${kind}: ${SUBS} assinaturas a renovar…`);
    results.push(await run(kind));
  }
  const f = (x: number, d = 1) => x.toFixed(d);
  const report = [
    `### billing-renewals — ${stamp()}`,
    "",
    machine(),
    "",
    table(
      [
        "database",
        "subscriptions",
        "issued",
        "time (s)",
        "charges/s",
        "peak RSS Δ (MB)",
        "peak heap Δ (MB)",
        "RSS before (MB)",
        "2nd run: issued / s",
      ],
      results.map((r) => [
        r.kind,
        r.subs,
        r.first.value,
        f(r.first.seconds),
        f(r.first.value / r.first.seconds, 0),
        f(r.first.rssDeltaMb),
        f(r.first.heapDeltaMb),
        f(r.first.baseRssMb, 0),
        `${r.again.value} / ${f(r.again.seconds, 2)}`,
      ]),
    ),
    "",
    `Charges in the table after both runs: ${results.map((r) => `${r.kind} ${r.charges}`).join(", ")}. ` +
      `Seeding (not timed): ${results.map((r) => `${r.kind} ${f(r.seedSeconds)} s`).join(", ")}.`,
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        " / ",
      )}; GC before each run: ${(globalThis as { gc?: unknown }).gc ? "yes (--expose-gc)" : "not exposed"}.`,
  ].join("\n");
  console.log(`\n${report}`);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, "billing-renewals.md"), report);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
