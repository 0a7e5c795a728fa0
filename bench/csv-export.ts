// bench/csv-export: the leads CSV export (issue #15 item 7) at 100 000 leads, to show that it
// streams: rows/s, bytes, and the peak RSS / heap growth during the export, against the size of
// the file (a loader that read every row first would grow by a multiple of it).
//
//   npm run bench:csv [-- --db pglite|pg|both] [--rows 100000]
//
// The export runs in this process exactly as the route does (exportLeads → csvResponse), and the
// response body is read to the end as a client would. PostgreSQL mode creates the database
// bench_csv (dropped at the end). Nothing is timed as a test: the figures go to bench/RESULTS.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { arg } from "../scripts/lib/connect";
import { createDatabase, databaseExists, dropDatabase, withDatabase } from "./lib/pg-admin";
import { machine, stamp, table } from "./lib/stats";

const ROWS = Number(arg("rows") ?? 100_000);
const which = arg("db") ?? "both";
const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbUrl = withDatabase(SERVER, "bench_csv");
const OUT = path.resolve("bench/out");
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

async function run(kind: "pglite" | "pg") {
  process.env.LOG_LEVEL = "silent";
  const { openPglite, openPostgres, migrateDatabase, setDatabase, queryRows } =
    await import("../app/db/client.server");
  const { exportLeads } = await import("../app/modules/leads/export.server");
  const { csvResponse } = await import("../app/server/http/csv.server");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-csv-"));
  if (kind === "pg") {
    if (await databaseExists(dbUrl)) await dropDatabase(dbUrl);
    await createDatabase(dbUrl);
  }
  const database = kind === "pg" ? await openPostgres(dbUrl) : await openPglite(tmp);
  try {
    await migrateDatabase(database);
    setDatabase(database);
    const seedStart = performance.now();
    // Realistic widths: names, e-mails, a message of ~120 characters, UTM fields on a third.
    await database.db.execute(sql`
      insert into leads (name, email, phone, business, plan, message, status_funil, status,
                         utm_source, utm_campaign, created_at)
      select 'Lead Exportação ' || g, 'lead' || g || '@exemplo.com.br', '(11) 9' || lpad((g % 100000000)::text, 8, '0'),
             'Restaurante Sabor ' || (g % 997), (array['Básico','Premium','Ainda não sei'])[1 + g % 3],
             repeat('Quero um cardápio digital para o meu negócio. ', 3),
             (array['novo','contatado','qualificado','negociando','perdido'])[1 + g % 5],
             (array['novo','contatado','qualificado','negociando','perdido'])[1 + g % 5],
             case when g % 3 = 0 then 'google' end, case when g % 3 = 0 then 'verao' end,
             now() - (g || ' seconds')::interval
      from generate_series(1, ${ROWS}) g`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const [{ n }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from leads`);

    gc();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    const start = performance.now();
    const res = csvResponse({ filename: "leads.csv", ...exportLeads({}) });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sample);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    return {
      kind,
      rows: n,
      seedSeconds,
      // Message cells contain no newline here: lines = header + rows.
      exported: lines - 1,
      seconds,
      rowsPerSecond: (lines - 1) / seconds,
      fileMb: bytes / MB,
      rssDeltaMb: (peakRss - base.rss) / MB,
      heapDeltaMb: (peakHeap - base.heapUsed) / MB,
      baseRssMb: base.rss / MB,
    };
  } finally {
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
    console.log(`${kind}: seeding ${ROWS} leads and exporting…`);
    results.push(await run(kind));
  }
  const f = (x: number, d = 1) => x.toFixed(d);
  const report = [
    `### csv-export — ${stamp()}`,
    "",
    machine(),
    "",
    table(
      [
        "database",
        "leads",
        "exported",
        "time (s)",
        "rows/s",
        "file (MB)",
        "peak RSS Δ (MB)",
        "peak heap Δ (MB)",
        "RSS before (MB)",
      ],
      results.map((r) => [
        r.kind,
        r.rows,
        r.exported,
        f(r.seconds),
        f(r.rowsPerSecond, 0),
        f(r.fileMb),
        f(r.rssDeltaMb),
        f(r.heapDeltaMb),
        f(r.baseRssMb, 0),
      ]),
    ),
    "",
    `Seeding (not part of the export): ${results.map((r) => `${r.kind} ${f(r.seedSeconds)} s`).join(", ")}.`,
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")}; GC before the export: ${
      (globalThis as { gc?: unknown }).gc ? "yes (--expose-gc)" : "not exposed"
    }.`,
  ].join("\n");
  console.log(`\n${report}`);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, "csv-export.md"), report);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
