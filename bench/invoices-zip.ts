// bench/invoices-zip: the accountant's ZIP of a month's NFS-e XML files at 10 000 notes, to show
// that it streams: peak RSS / heap growth while the archive is produced and read to the end, next
// to the archive's size (an export that held the files, or the rows, would grow by a multiple).
//
//   npx tsx --expose-gc bench/invoices-zip.ts [--db pglite|pg|both] [--notes 10000] [--xml-kb 8]
//
// The export runs in this process as the route does (invoiceXmlEntries → zipResponse) and the
// response body is read to the end as a browser would. Each note's XML is served by a local HTTP
// server (a generated ~8 KB NFS-e, sent in chunks), fetched over real sockets by the same fetcher
// the route uses. The archive is written to bench/out/invoices-zip.zip and checked with `unzip -t`
// when unzip is installed. PostgreSQL mode creates the database bench_invoices_zip (dropped after).
import { execFileSync } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { arg } from "../scripts/lib/connect";
import { createDatabase, databaseExists, dropDatabase, withDatabase } from "./lib/pg-admin";
import { machine, stamp, table } from "./lib/stats";

const NOTES = Number(arg("notes") ?? 10_000);
const XML_KB = Number(arg("xml-kb") ?? 8);
const which = arg("db") ?? "pglite";
const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbUrl = withDatabase(SERVER, "bench_invoices_zip");
const OUT = path.resolve("bench/out");
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** A local "provider" serving each note's XML in 1 KB chunks. */
async function xmlServer() {
  const filler = "<Servico><Discriminacao>Licença de uso do cardápio digital</Discriminacao></Servico>";
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/xml" });
    res.write(`<?xml version="1.0" encoding="UTF-8"?><NFSe id="${req.url}">`);
    let left = XML_KB * 1024;
    const more = () => {
      while (left > 0) {
        left -= filler.length;
        if (!res.write(filler)) return void res.once("drain", more);
      }
      res.end("</NFSe>");
    };
    more();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function run(kind: "pglite" | "pg") {
  process.env.LOG_LEVEL = "silent";
  const { openPglite, openPostgres, migrateDatabase, setDatabase } = await import("../app/db/client.server");
  const { invoiceXmlEntries } = await import("../app/modules/invoices/export.server");
  const { zipResponse } = await import("../app/server/http/zip.server");
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-nfzip-"));
  if (kind === "pg") {
    if (await databaseExists(dbUrl)) await dropDatabase(dbUrl);
    await createDatabase(dbUrl);
  }
  const database = kind === "pg" ? await openPostgres(dbUrl) : await openPglite(tmp);
  const xml = await xmlServer();
  try {
    await migrateDatabase(database);
    setDatabase(database);
    const seedStart = performance.now();
    await database.db.execute(sql`
      insert into clients (name, email, phone, business_name, status, document)
      values ('Cliente Bench', 'bench@nf.dev', '11987654321', 'Restaurante Bench', 'ativo', '52998224725')`);
    await database.db.execute(sql`
      insert into charges (number, client_id, origin, due_date, subtotal_cents, amount_cents)
      select '2026-' || lpad(g::text, 6, '0'), (select id from clients limit 1), 'avulsa', date '2026-04-10',
             8990, 8990
      from generate_series(1, ${NOTES}) g`);
    await database.db.execute(sql`
      insert into invoices (charge_id, status, value_cents, service_description, service_code, effective_date,
                            number, validation_code, pdf_url, xml_url, issued_at)
      select c.id, 'emitida', 8990, 'Licença de uso', '0105', date '2026-04-01' + (row_number() over () % 28)::int,
             (1000 + row_number() over ())::text, 'V' || row_number() over (),
             ${xml.url} || '/pdf/' || c.number, ${xml.url} || '/xml/' || c.number, now()
      from charges c`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

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
    const res = zipResponse("notas.zip", invoiceXmlEntries({ month: "2026-04" }));
    mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, `invoices-zip-${kind}.zip`);
    const out = createWriteStream(file);
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
    }
    await new Promise<void>((r) => out.end(() => r()));
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sample);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    let check = "unzip not installed";
    try {
      const tested = execFileSync("unzip", ["-tq", file], { encoding: "utf8" });
      check = tested.trim();
    } catch (err) {
      check = (err as { code?: string }).code === "ENOENT" ? check : `unzip -t FAILED: ${String(err)}`;
    }
    const entries = Number(
      execFileSync("unzip", ["-Z1", file], { encoding: "utf8" }).trim().split("\n").length,
    );
    rmSync(file, { force: true });
    return {
      kind,
      notes: NOTES,
      entries,
      seedSeconds,
      seconds,
      zipMb: bytes / MB,
      rssDeltaMb: (peakRss - base.rss) / MB,
      heapDeltaMb: (peakHeap - base.heapUsed) / MB,
      baseRssMb: base.rss / MB,
      check,
    };
  } finally {
    xml.server.close();
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
    console.log(`${kind}: seeding ${NOTES} notes and zipping their XML…`);
    results.push(await run(kind));
  }
  const f = (x: number, d = 1) => x.toFixed(d);
  const report = [
    `### invoices-zip — ${stamp()}`,
    "",
    machine(),
    "",
    table(
      [
        "database",
        "notes",
        "entries",
        "time (s)",
        "ZIP (MB)",
        "peak RSS Δ (MB)",
        "peak heap Δ (MB)",
        "RSS before (MB)",
      ],
      results.map((r) => [
        r.kind,
        r.notes,
        r.entries,
        f(r.seconds),
        f(r.zipMb),
        f(r.rssDeltaMb),
        f(r.heapDeltaMb),
        f(r.baseRssMb, 0),
      ]),
    ),
    "",
    `Archive check: ${results.map((r) => `${r.kind}: ${r.check}`).join("; ")}.`,
    `Seeding (not part of the export): ${results.map((r) => `${r.kind} ${f(r.seedSeconds)} s`).join(", ")}.`,
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}.`,
  ].join("\n");
  console.log(report);
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, "invoices-zip.md"), report + "\n");
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
