// bench/admin-lists: p50/p95 time of every admin list (page + count) at scale 1 000 and
// 1 000 000 on PostgreSQL, their ratio, and an EXPLAIN (ANALYZE, BUFFERS) check that default
// views and searches never sequentially scan a big table.
//
//   npx tsx bench/admin-lists.ts [--setup] [--impl sql|modules] [--iterations 40] [--only clientes]
//                                [--small URL] [--big URL] [--drop] [--suite financeiro]
//
// --suite financeiro: Financeiro (issue 29) on its own pair of databases, bench_fin_small (1 000
// charges) and bench_fin_big (1 000 000), seeded by pg-admin's ensureChargesDatabase; modules only.
//
// --setup creates and seeds missing databases (bench_small: --scale 1000, bench_big: --scale
// 1000000, a few minutes). --impl modules calls the list functions of app/modules instead of the
// reference SQL (bench/lib/list-cases.ts says which function each list maps to).
import { sql, type SQL } from "drizzle-orm";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { openPostgres, queryRows, setDatabase, type Database, type Db } from "../app/db/client.server";
import { EXACT_COUNT_LIMIT, plannerRowEstimate } from "../app/server/db-tools/counts.server";
import { arg } from "../scripts/lib/connect";
import { dashboardCases, financeiroCases, listCases, naiveCountCases, type ListCase } from "./lib/list-cases";
import { databaseName, dropDatabase, ensureChargesDatabase, ensureScaledDatabase } from "./lib/pg-admin";
import { machine, percentile, stamp, table } from "./lib/stats";

const flag = (name: string) => process.argv.includes(`--${name}`);
const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const suite = arg("suite") ?? "admin";
const financeiro = suite === "financeiro";
const smallUrl = arg("small") ?? SERVER.replace(/\/[^/]*$/, financeiro ? "/bench_fin_small" : "/bench_small");
const bigUrl = arg("big") ?? SERVER.replace(/\/[^/]*$/, financeiro ? "/bench_fin_big" : "/bench_big");
const iterations = Number(arg("iterations") ?? 40);
// --big-scale 100000 (with --big pointing at another database) when a 1 000 000 seed does not fit the time.
const bigScale = Number(arg("big-scale") ?? 1_000_000);
const warmup = 3;
const impl = (arg("impl") ?? (financeiro ? "modules" : "sql")) as "sql" | "modules";
const only = arg("only");

const BIG_TABLES = new Set([
  "leads",
  "clients",
  "subscriptions",
  "client_notes",
  "referrals",
  "blog_posts",
  "charges",
  "charge_lines",
]);

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void) {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** What the count of a list really reads: planning only above the limit, else a bounded count. */
async function countQueryToExplain(db: Db, rows: SQL): Promise<SQL | null> {
  const estimate = await plannerRowEstimate({ query: rows, db });
  return estimate > EXACT_COUNT_LIMIT
    ? null
    : sql`select count(*) from (${rows} limit ${EXACT_COUNT_LIMIT + 1}) b`;
}

async function explain(db: Db, c: ListCase) {
  const seqScans = new Set<string>();
  const indexes = new Set<string>();
  let executionMs = 0;
  let blocks = 0;
  for (const q of c.queries) {
    const target = q.kind === "count" ? await countQueryToExplain(db, q.sql) : q.sql;
    if (!target) continue;
    const [row] = await queryRows<Record<string, unknown>>(
      db,
      sql`explain (analyze, buffers, format json) ${target}`,
    );
    const raw = row["QUERY PLAN"];
    const [out] = (typeof raw === "string" ? JSON.parse(raw) : raw) as [
      { Plan: PlanNode; "Execution Time": number },
    ];
    executionMs += out["Execution Time"];
    walk(out.Plan, (n) => {
      if (n["Node Type"] === "Seq Scan" && n["Relation Name"] && BIG_TABLES.has(n["Relation Name"])) {
        seqScans.add(n["Relation Name"]);
      }
      if (n["Index Name"]) indexes.add(n["Index Name"]);
      blocks += (n["Shared Hit Blocks"] ?? 0) + (n["Shared Read Blocks"] ?? 0);
    });
  }
  return { seqScans: [...seqScans], indexes: [...indexes], executionMs, blocks };
}

type Runner = (c: ListCase, database: Database) => Promise<unknown>;

async function moduleRunner(): Promise<Runner> {
  const cache = new Map<string, Record<string, unknown> | null>();
  return async (c, database) => {
    if (!c.module) return c.run(database.db);
    if (!cache.has(c.module.path)) {
      const mod = await import(pathToFileURL(path.resolve(c.module.path)).href).catch(() => null);
      cache.set(c.module.path, mod);
    }
    const fn = cache.get(c.module.path)?.[c.module.fn];
    if (typeof fn !== "function") throw new Error(`${c.module.path} ainda não exporta ${c.module.fn}`);
    setDatabase(database);
    return fn(c.module.args);
  };
}

async function time(runner: Runner, c: ListCase, database: Database) {
  const t = performance.now();
  await runner(c, database);
  return performance.now() - t;
}

async function main() {
  if (flag("setup") && financeiro) {
    await ensureChargesDatabase(smallUrl, 1000);
    await ensureChargesDatabase(bigUrl, bigScale);
  } else if (flag("setup")) {
    await ensureScaledDatabase(smallUrl, 1000);
    await ensureScaledDatabase(bigUrl, bigScale);
  }
  const small = await openPostgres(smallUrl);
  const big = await openPostgres(bigUrl);
  const runner: Runner = impl === "modules" ? await moduleRunner() : (c, d) => c.run(d.db);
  // The suite's main table: leads for the admin lists, charges for Financeiro.
  const mainTable = sql.raw(financeiro ? "charges" : "leads");
  const noun = financeiro ? "cobranças" : "leads";
  const [{ n: bigLeads }] = await queryRows<{ n: number }>(
    big.db,
    sql`select count(*)::int as n from ${mainTable}`,
  );
  const [{ n: smallLeads }] = await queryRows<{ n: number }>(
    small.db,
    sql`select count(*)::int as n from ${mainTable}`,
  );

  const all = financeiro ? financeiroCases() : [...listCases(), ...dashboardCases(), ...naiveCountCases()];
  const cases = all.filter((c) => !only || `${c.list} ${c.view}`.includes(only));
  console.log(
    `admin-lists ${suite} (${impl}): ${smallLeads} vs ${bigLeads} ${noun}, ${iterations} iterações alternadas por caso\n`,
  );
  const results = [];
  for (const c of cases) {
    try {
      for (let i = 0; i < warmup; i++) {
        await runner(c, small);
        await runner(c, big);
      }
      const s: number[] = [];
      const b: number[] = [];
      // Alternated, so a burst of load on this shared machine hits both sides alike.
      for (let i = 0; i < iterations; i++) {
        s.push(await time(runner, c, small));
        b.push(await time(runner, c, big));
      }
      // Module-only cases carry no reference SQL: no plan to check (the figures speak).
      const plan = c.queries.length
        ? await explain(big.db, c)
        : { seqScans: [], indexes: [], executionMs: 0, blocks: 0, unchecked: true };
      const r = {
        list: c.list,
        view: c.view,
        small: { p50: percentile(s, 50), p95: percentile(s, 95) },
        big: { p50: percentile(b, 50), p95: percentile(b, 95) },
        ratioP95: percentile(b, 95) / percentile(s, 95),
        mustUseIndexes: c.mustUseIndexes,
        plan,
      };
      results.push(r);
      const verdict = r.plan.seqScans.length ? `SEQ SCAN ${r.plan.seqScans.join(",")}` : "índices";
      console.log(
        `${c.list.padEnd(24)} ${c.view.padEnd(36)} p95 ${r.small.p95.toFixed(1).padStart(7)} → ${r.big.p95
          .toFixed(1)
          .padStart(7)} ms  (${r.ratioP95.toFixed(2)}×)  ${verdict}`,
      );
    } catch (err) {
      console.log(`${c.list.padEnd(24)} ${c.view.padEnd(36)} ERRO: ${(err as Error).message.split("\n")[0]}`);
      results.push({ list: c.list, view: c.view, error: (err as Error).message });
    }
  }
  await small.close();
  await big.close();
  setDatabase(undefined);

  const ok = results.filter((r): r is Extract<typeof r, { ratioP95: number }> => "ratioP95" in r);
  const rows = ok.map((r) => [
    r.list,
    r.view,
    r.small.p50.toFixed(1),
    r.small.p95.toFixed(1),
    r.big.p50.toFixed(1),
    r.big.p95.toFixed(1),
    `${r.ratioP95.toFixed(2)}×`,
    "unchecked" in r.plan
      ? "— (módulo)"
      : r.plan.seqScans.length
        ? `Seq Scan: ${r.plan.seqScans.join(", ")}${r.mustUseIndexes ? " ✗" : ""}`
        : "só índices",
  ]);
  const report = [
    `### admin-lists${financeiro ? " financeiro" : ""} — ${stamp()} — ${impl}`,
    "",
    `${machine()}; PostgreSQL ${databaseName(smallUrl)} (${smallLeads} ${noun}) vs ${databaseName(bigUrl)} (${bigLeads} ${noun}); ${iterations} iterações alternadas, tempo de página + contagem no processo Node (ms).`,
    "",
    table(
      [
        "lista",
        "visão",
        "pequeno p50",
        "pequeno p95",
        "grande p50",
        "grande p95",
        "razão p95",
        "plano (grande)",
      ],
      rows,
      2,
    ),
  ].join("\n");
  console.log(`\n${report}\n`);
  const failures = ok.filter((r) => r.mustUseIndexes && r.plan.seqScans.length);
  const slow = ok.filter((r) => r.list !== "contagem exata (ingênua)" && r.big.p95 > 50);
  console.log(
    `Seq Scan em visão que deveria usar índice: ${failures.length ? failures.map((f) => `${f.list}/${f.view}`).join("; ") : "nenhum"}`,
  );
  console.log(
    `p95 > 50 ms no grande (${bigLeads} ${noun}): ${slow.length ? slow.map((f) => `${f.list}/${f.view}`).join("; ") : "nenhum"}`,
  );
  mkdirSync("bench/out", { recursive: true });
  const outName = financeiro ? "admin-lists-financeiro" : "admin-lists";
  writeFileSync(
    `bench/out/${outName}.json`,
    JSON.stringify({ at: stamp(), machine: machine(), impl, results }, null, 2),
  );
  writeFileSync(`bench/out/${outName}.md`, report + "\n");
  if (flag("drop")) {
    await dropDatabase(smallUrl);
    await dropDatabase(bigUrl);
    console.log("Bancos de bench apagados.");
  }
}

await main();
