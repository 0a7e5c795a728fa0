// bench/revenue: the Receita page's queries (today's figures, twelve months of movements, one
// drill-down) at 1 000 clients / 10 000 subscription events and at 100 000 clients / 1 000 000
// events on PostgreSQL, p50/p95 over --iterations, and their ratio (issue 33's target: p95 ≤ 200 ms
// at the big size).
//
//   npx tsx bench/revenue.ts [--iterations 20] [--keep]
//
// Databases bench_revenue_small and bench_revenue_big are created, migrated and seeded with SQL
// (generate_series), then dropped unless --keep.
import { sql } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { migrateDatabase, openPostgres, setDatabase } from "../app/db/client.server";
import { revenueClients, revenueMonths, revenueNow } from "../app/modules/revenue/revenue.server";
import { arg } from "../scripts/lib/connect";
import { createDatabase, databaseExists, dropDatabase, withDatabase } from "./lib/pg-admin";
import { machine, ms, percentile, ratio, stamp, table } from "./lib/stats";

const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const iterations = Number(arg("iterations") ?? 20);
const keep = process.argv.includes("--keep");
const TODAY = "2026-11-15";
const EVENTS_PER_CLIENT = 10;

/**
 * Each client's ten events, sixty days apart from a start up to two years back: a start, plan
 * changes up and down among three prices, a cancellation every fourth event and a return after
 * it, so every movement kind occurs every month.
 */
async function seed(url: string, clients: number) {
  const database = await openPostgres(url);
  await migrateDatabase(database);
  const db = database.db;
  const t0 = performance.now();
  await db.execute(
    sql`insert into plans (name, price_cents) values ('P1', 9900), ('P2', 19900), ('P3', 29900)`,
  );
  await db.execute(sql`
    insert into clients (name, email, phone, business_name, status)
    select 'Cliente ' || g, 'cliente' || g || '@bench.dev', '11987654321', 'Restaurante ' || g, 'ativo'
      from generate_series(1, ${clients}) g`);
  // Each client's subscription and its history in one transaction (the database requires a
  // subscription's events by commit, migration 0031), then one renewal charge per client, one in
  // twenty of them overdue: "MRR em risco" reads the running subscriptions with one (issue 44).
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into subscriptions (client_id, plan_id, start_date, end_date, status)
      select c.id, (select id from plans order by price_cents limit 1), ${TODAY}::date - 720, ${TODAY}::date + 20, 'ativa'
        from clients c`);
    await tx.execute(sql`
      with c as (select cl.id, s.id as sub, row_number() over (order by cl.id) as n
                   from clients cl join subscriptions s on s.client_id = cl.id),
      p as (select array_agg(price_cents order by price_cents) as prices from plans),
      v as (
        select c.id, c.sub, c.n, k,
               (${TODAY}::date - (720 - (c.n % 90))::int + (k - 1) * 60) as day,
               case when k % 4 = 0 then 0 else (select prices[1 + ((c.n + k) % 3)] from p) end as after_v
          from c cross join generate_series(1, ${EVENTS_PER_CLIENT}) k
      ),
      e as (
        select id, sub, day, after_v,
               coalesce(lag(after_v) over (partition by id order by k), 0) as before_v
          from v
      )
      insert into subscription_events (client_id, subscription_id, subscription_version, kind, effective_on,
                                       mrr_before_cents, mrr_after_cents)
      select id, sub, 1,
             case when before_v = 0 then 'inicio' when after_v = 0 then 'cancelamento' else 'troca_plano' end,
             day, before_v, after_v
        from e`);
  });
  await db.execute(sql`
    insert into charges (number, client_id, subscription_id, origin, period_start, period_end, due_date,
                         subtotal_cents, amount_cents, status, pix_txid)
    select '2026-' || lpad(n::text, 6, '0'), s.client_id, s.id, 'assinatura', ${TODAY}::date - 10,
           ${TODAY}::date + 19, ${TODAY}::date - 10, 9900, 9900,
           case when n % 20 = 0 then 'vencida' else 'pendente' end, 'BENCH' || lpad(n::text, 20, '0')
      from (select s.*, row_number() over (order by s.id) as n from subscriptions s) s`);
  await db.execute(sql`analyze`);
  const seconds = (performance.now() - t0) / 1000;
  return { database, seconds };
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const CASES = {
  "Agora (MRR, ARR, ARPA, em risco, em atraso)": () => revenueNow({ today: TODAY }),
  "12 meses de movimentos": () => revenueMonths({ today: TODAY }),
  "Drill-down (churn de um mês)": () => revenueClients({ today: TODAY, month: "2026-10", movement: "churn" }),
  "Página inteira (os três)": () =>
    Promise.all([revenueNow({ today: TODAY }), revenueMonths({ today: TODAY })]).then(() =>
      revenueClients({ today: TODAY, month: "2026-10", movement: "churn" }),
    ),
};

async function measure(name: string, clients: number) {
  const url = withDatabase(SERVER, name);
  if (await databaseExists(url)) await dropDatabase(url);
  await createDatabase(url);
  const { database, seconds } = await seed(url, clients);
  setDatabase(database);
  const out: Record<string, { p50: number; p95: number }> = {};
  for (const [label, fn] of Object.entries(CASES)) out[label] = await time(fn);
  await database.close();
  if (!keep) await dropDatabase(url);
  return { out, seconds };
}

const small = await measure("bench_revenue_small", 1_000);
const big = await measure("bench_revenue_big", 100_000);
const rows = Object.keys(CASES).map((label) => [
  label,
  ms(small.out[label].p50),
  ms(small.out[label].p95),
  ms(big.out[label].p50),
  ms(big.out[label].p95),
  ratio(big.out[label].p95, small.out[label].p95),
  big.out[label].p95 <= 200 ? "sim" : "não",
]);
const report = [
  `### revenue — ${stamp()}`,
  "",
  `${machine()}; PostgreSQL; ${iterations} medições após 2 de aquecimento; hoje = ${TODAY}.`,
  `Pequeno: 1 000 clientes, ${(1_000 * EVENTS_PER_CLIENT).toLocaleString("pt-BR")} eventos (semeado em ${small.seconds.toFixed(1)} s); ` +
    `grande: 100 000 clientes, ${(100_000 * EVENTS_PER_CLIENT).toLocaleString("pt-BR")} eventos (semeado em ${big.seconds.toFixed(1)} s).`,
  "",
  table(
    [
      "consulta",
      "1k p50 ms",
      "1k p95 ms",
      "100k p50 ms",
      "100k p95 ms",
      "p95 grande/pequeno",
      "p95 ≤ 200 ms",
    ],
    rows,
  ),
  "",
].join("\n");
console.log(report);
mkdirSync(path.join("bench", "out"), { recursive: true });
writeFileSync(path.join("bench", "out", "revenue.md"), report);
process.exit(0);
