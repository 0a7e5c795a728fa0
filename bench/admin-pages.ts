// bench/admin-pages: how fast the server answers every admin page's document, signed in as an
// admin, on the demo data (issue 45 item 7's targets: p95 ≤ 100 ms on PGlite, ≤ 50 ms on
// PostgreSQL).
//
// Starts the production server (`node server.mjs`, SEED_DEMO as set, by default the demo
// business) on a fresh PGlite directory or, with --db <url>, on that PostgreSQL database (created
// when missing; the demo business is seeded on a database's first start only, so --fresh drops
// and recreates it first). Signs in through /admin/login, then takes every page of the admin area
// from app/routes.ts (the .tsx routes under /admin, the signed-out ones left out; a `:id` route
// gets a real id, the first one its list page links to that answers 200; the mail log first gets
// one message, a password reset asked for the admin, as the demo sends none), warms each up, and
// GETs them all --requests times, round after round (a burst of load on the shared machine hits
// every page alike), one request at a time, timing until the last byte. Prints per page the
// median, p95 and max, the document's size and, from one more request, how many SQL statements it
// ran and the wall time spent waiting on them (bench/lib/query-counter.mjs, loaded with --import:
// nothing in the app changes; `--no-count` leaves it out).
//
// BUILD_DIR=<dir> measures another build (e.g. one of the code before a change).
//
//   npx tsx bench/admin-pages.ts [--db postgres://…/bench_pages [--fresh]] [--requests 20]
//     [--warmup 3] [--only dashboard,leads] [--port 3303] [--build] [--no-count] [--statements] [--profile]
//
// Everything listens on 127.0.0.1; the loop is bounded by --requests.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg } from "../scripts/lib/connect";
import { createDatabase, databaseExists, databaseName, dropDatabase } from "./lib/pg-admin";
import { BUILD_DIR, ensureBuild, startApp, type AppServer } from "./lib/servers";
import { machine, median, percentile, stamp, table } from "./lib/stats";

const dbUrl = arg("db");
const fresh = process.argv.includes("--fresh");
const REQUESTS = Number(arg("requests") ?? 20);
const WARMUP = Number(arg("warmup") ?? 3);
const port = Number(arg("port") ?? 3303);
const only = arg("only")?.split(",").filter(Boolean) ?? null;
const count = !process.argv.includes("--no-count");
/** Prints every statement of each page (text and milliseconds), slowest first. */
const statements = process.argv.includes("--statements");
/** Writes a V8 CPU profile of the server to bench/out/admin-pages-profile/ (for chrome://inspect). */
const profile = process.argv.includes("--profile");
const OUT = path.resolve("bench/out");
const ADMIN = { email: "admin@bench.dev", password: "senha-bench-123" };
const TARGET_MS = dbUrl ? 50 : 100;
/** Admin pages a signed-in admin is not meant to open (they redirect): not measured. */
const SIGNED_OUT = new Set(["login", "forgot-password", "reset-password", "invite"]);
/** Where an id route finds a real id when its list page is not the path before `:id`. */
const ID_SOURCE: Record<string, string> = { "billing/:id/recibo": "/admin/billing?status=paga" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** Every admin document route in app/routes.ts, as written there ("clients/edit/:id"). */
function adminPagePatterns(): string[] {
  const source = readFileSync("app/routes.ts", "utf8");
  const admin = source.slice(source.indexOf('prefix("admin"'));
  const patterns = [...admin.matchAll(/route\("([^"]+)",\s*"routes\/admin\/[^"]+\.tsx"\)/g)].map((m) => m[1]);
  if (admin.includes('index("routes/admin/') === false || patterns.length < 10)
    throw new Error("app/routes.ts: as rotas do admin não foram encontradas");
  return patterns.filter((p) => !SIGNED_OUT.has(p));
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: new URLSearchParams(ADMIN),
  });
  await res.arrayBuffer();
  if (res.status !== 302 || res.headers.get("location") !== "/admin/dashboard")
    throw new Error(`login do admin respondeu ${res.status} (${res.headers.get("location")})`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

interface Answer {
  status: number;
  ms: number;
  bytes: number;
  body: string;
}

async function get(app: AppServer, cookie: string, url: string, benchId?: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(app.url + url, {
    redirect: "manual",
    headers: { cookie, accept: "text/html", ...(benchId ? { "x-bench-id": benchId } : {}) },
  });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, bytes: Buffer.byteLength(body), body };
}

/**
 * The demo data sends no e-mail, so the mail log's own page has no id to open: ask for the admin's
 * password reset (the signed-out form any visitor can post), which records one message, and wait
 * until the mail log links it.
 */
async function ensureMailLogEntry(app: AppServer, cookie: string) {
  const res = await fetch(`${app.url}/admin/forgot-password`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    body: new URLSearchParams({ email: ADMIN.email }),
  });
  await res.arrayBuffer();
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if (/\/admin\/emails\/[0-9a-f-]{36}/.test((await get(app, cookie, "/admin/emails")).body)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The page's URL: the pattern itself, or with the first id its list links to that answers 200. */
async function resolvePage(app: AppServer, cookie: string, pattern: string): Promise<string | null> {
  if (!pattern.includes(":id")) return `/admin/${pattern}`;
  const list =
    ID_SOURCE[pattern] ??
    `/admin/${pattern
      .slice(0, pattern.indexOf(":id"))
      .replace(/\/$/, "")
      .replace(/\/edit$/, "")}`;
  const html = (await get(app, cookie, list)).body;
  const prefix = `/admin/${pattern.slice(0, pattern.indexOf(":id"))}`;
  // Ids linked to this very route first, then every other id on the page.
  const linked = [...html.matchAll(new RegExp(`${prefix.replace(/\//g, "\\/")}(${UUID.source})`, "g"))].map(
    (m) => m[1],
  );
  const candidates = [...new Set([...linked, ...(html.match(UUID) ?? [])])].slice(0, 60);
  for (const id of candidates) {
    const url = `/admin/${pattern.replace(":id", id)}`;
    if ((await get(app, cookie, url)).status === 200) return url;
  }
  return null;
}

async function main() {
  if (!(REQUESTS > 0 && REQUESTS <= 1000 && WARMUP >= 0)) throw new Error("--requests entre 1 e 1000");
  const built = ensureBuild({ force: process.argv.includes("--build") });
  if (built !== null) console.log(`build: ${built.toFixed(1)} s`);
  if (dbUrl) {
    if (fresh && (await databaseExists(dbUrl))) await dropDatabase(dbUrl);
    if (!(await databaseExists(dbUrl))) await createDatabase(dbUrl);
  }
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-admin-pages-"));
  const engine = dbUrl ? `PostgreSQL (${databaseName(dbUrl)})` : "PGlite (embutido)";
  console.log(`iniciando o servidor (${engine}, dados de demonstração)…`);
  const app = await startApp({
    port,
    logFile: path.join(OUT, "admin-pages-server.log"),
    timeoutMs: 300_000,
    nodeArgs: [
      ...(count ? ["--import", path.resolve("bench/lib/query-counter.mjs")] : []),
      ...(profile ? ["--cpu-prof", "--cpu-prof-dir", path.join(OUT, "admin-pages-profile")] : []),
    ],
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl ?? "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  const loadBefore = os.loadavg();
  const rows: (string | number)[][] = [];
  const over: string[] = [];
  const missing: string[] = [];
  try {
    const cookie = await signIn(app.url);
    const patterns = adminPagePatterns().filter((p) => !only || only.some((o) => p.includes(o)));
    if (patterns.includes("emails/:id")) await ensureMailLogEntry(app, cookie);
    const pages: { pattern: string; url: string }[] = [];
    for (const pattern of patterns) {
      const url = await resolvePage(app, cookie, pattern);
      if (url) pages.push({ pattern, url });
      else missing.push(pattern);
    }
    const times = new Map(pages.map((p) => [p.url, [] as number[]]));
    const sizes = new Map<string, number>();
    for (let round = -WARMUP; round < REQUESTS; round++) {
      for (const { url } of pages) {
        const a = await get(app, cookie, url);
        if (a.status !== 200) throw new Error(`GET ${url} respondeu ${a.status}`);
        if (round >= 0) times.get(url)!.push(a.ms);
        sizes.set(url, a.bytes);
      }
    }
    for (const { pattern, url } of pages) {
      const s = times.get(url)!;
      let queries: string[] = [];
      if (count) {
        const id = `${pattern}-${Date.now()}`;
        await get(app, cookie, url, id);
        const r = (await (await fetch(`${app.url}/__bench/queries?id=${encodeURIComponent(id)}`)).json()) as {
          queries: number;
          sqlMs: number;
          statements: { sql: string; ms: number }[];
        } | null;
        queries = r ? [String(r.queries), `${r.sqlMs.toFixed(1)} ms`] : ["?", "?"];
        if (r && statements) {
          console.log(`\n/admin/${pattern}: ${r.queries} consultas`);
          for (const st of [...r.statements].sort((a, b) => b.ms - a.ms))
            console.log(`  ${st.ms.toFixed(1).padStart(6)} ms  ${st.sql}`);
        }
      }
      const p95 = percentile(s, 95);
      if (p95 > TARGET_MS) over.push(`/admin/${pattern}`);
      rows.push([
        `/admin/${pattern}`,
        `${median(s).toFixed(1)} ms`,
        `${p95.toFixed(1)} ms`,
        `${Math.max(...s).toFixed(1)} ms`,
        `${((sizes.get(url) ?? 0) / 1024).toFixed(0)} KB`,
        ...queries,
      ]);
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const loadAfter = os.loadavg();
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  const report = [
    `### admin-pages — ${stamp()} — ${engine}, build \`${path.relative(process.cwd(), BUILD_DIR)}\``,
    "",
    `${machine()}; load average ${load(loadBefore)} no início, ${load(loadAfter)} no fim; ` +
      `servidor de produção com os dados de demonstração, admin autenticado; cada página ${REQUESTS} vezes ` +
      `após ${WARMUP} de aquecimento, uma requisição de cada vez, em rodadas; tempo até o último byte do documento.`,
    "",
    table(
      ["página", "mediana", "p95", "máx.", "HTML", ...(count ? ["consultas SQL", "espera SQL"] : [])],
      rows,
    ),
    "",
    over.length
      ? `p95 acima de ${TARGET_MS} ms: ${over.join(", ")}`
      : `todas as páginas com p95 ≤ ${TARGET_MS} ms`,
    ...(missing.length ? [`sem id de demonstração (não medidas): ${missing.join(", ")}`] : []),
    "",
  ].join("\n");
  writeFileSync(
    path.join(OUT, `admin-pages-${dbUrl ? "pg" : "pglite"}-${path.basename(BUILD_DIR)}.md`),
    report,
  );
  console.log(`\n${report}`);
}

await main();
