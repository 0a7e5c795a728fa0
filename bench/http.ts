// bench/http: requests/s and p99 of GET /, /blog and /blog/{slug} on the production server
// (PostgreSQL), next to nginx serving the same HTML saved to disk, in the same run; then
// contact-form submissions/s, checking that every accepted submission was stored.
//
//   npx tsx bench/http.ts [--duration 10] [--connections 10] [--no-cache-too] [--contact-path /?index]
//                         [--only-contact] [--worker false]
//
// --only-contact skips the pages; --only-pages skips the contact form. --worker false runs the app as an HTTP-only instance
// (WORKER=false: the jobs the contact form enqueues wait for a worker process, none here), to
// tell the form's own cost from the background work each lead starts in a single process.
//
// --proxy-cache also measures the pages through nginx with the documented `proxy_cache` block
// (docs/deploy.md) in front of the app, against nginx serving the same files, then edits a post the
// way another instance would (UPDATE + NOTIFY) and times how long until the edit shows through the
// cache; `--s-maxage N` (default 10 with --proxy-cache) is the app's PUBLIC_S_MAXAGE for the run.
//
// --cpu-prof DIR writes a CPU profile of the app (its first start) to DIR when it stops.
//
// --metrics-cost measures only what the Prometheus metrics cost: GET / (a cached public page) on
// two instances of the app running side by side on the same database, one with the metrics
// (METRICS_TOKEN set) and one without, in alternating slices of the same run (the second on
// --port + 1); prints both figures, the median of the rounds' differences and the metrics' own
// cost per request measured in-process. With --simultaneous both are loaded at the same time in
// each round (on a machine shared with other work, both then see the same load); --control runs
// the second instance without metrics too (the method's noise on this machine, same run).
//
// Creates database bench_http (dropped at the end unless --keep), ports 3303 (app), 3313 (nginx)
// and 3323 (nginx proxy_cache).
import autocannon, { type Result } from "autocannon";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { arg } from "../scripts/lib/connect";
import { HONEYPOT_FIELD } from "../app/modules/leads/contact.options";
import { createDatabase, databaseExists, dropDatabase, withDatabase } from "./lib/pg-admin";
import {
  BUILD_DIR,
  ensureBuild,
  firstArticlePath,
  savePages,
  startApp,
  startProxyCache,
  startStaticCopy,
  type AppServer,
} from "./lib/servers";
import { machine, median, ratio, stamp, table } from "./lib/stats";

const flag = (name: string) => process.argv.includes(`--${name}`);
const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// --db NAME: another database name, so two runs on one server do not drop each other's.
const dbUrl = withDatabase(SERVER, arg("db") ?? "bench_http");
const duration = Number(arg("duration") ?? 10);
const connections = Number(arg("connections") ?? 10);
const appPort = Number(arg("port") ?? 3303);
const nginxPort = Number(arg("nginx-port") ?? 3313);
const proxyPort = Number(arg("proxy-port") ?? 3323);
const sMaxAge = arg("s-maxage") ?? (flag("proxy-cache") ? "10" : undefined);
// Where the landing's contact form posts: the action of `/` (its index route, hence `?index`; a
// plain "/" would reach the layout, which has no action). "/contato" measures the contact page.
const contactPath = arg("contact-path") ?? "/?index";
const OUT = path.resolve("bench/out");

const gzipHeaders = { "accept-encoding": "gzip", accept: "text/html" };

/**
 * One measure. autocannon's histogram keeps whole milliseconds, so a page answered in 1–2 ms has a
 * p99 of "1" or "2" and their ratio jumps between 1× and 3×: the p99 reported here is taken from
 * every 2xx response's own time (autocannon measures it with hrtime), to 0.01 ms.
 */
async function load(url: string, seconds = duration): Promise<Result> {
  const times: number[] = [];
  // Without a callback autocannon returns its tracker (an EventEmitter) made thenable.
  const run = autocannon({
    url,
    connections,
    duration: seconds,
    headers: gzipHeaders,
    timeout: 10,
  }) as Promise<Result> & Pick<NodeJS.EventEmitter, "on">;
  run.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await run;
  times.sort((a, b) => a - b);
  if (times.length > 0) {
    const p99 = times[Math.min(times.length - 1, Math.floor(times.length * 0.99))];
    result.latency = { ...result.latency, p99: Math.round(p99 * 100) / 100 };
  }
  return result;
}

interface Row {
  path: string;
  mode: string;
  ours: Result;
  nginx: Result;
}

/** Averages of rounds, as a Result for the report: req/s mean, p99 median. */
function combine(rounds: Result[]): Result {
  const p99s = rounds.map((r) => r.latency.p99).sort((a, b) => a - b);
  return {
    ...rounds[0],
    requests: {
      ...rounds[0].requests,
      average: rounds.reduce((s, r) => s + r.requests.average, 0) / rounds.length,
    },
    latency: { ...rounds[0].latency, p99: p99s[Math.floor(p99s.length / 2)] },
    non2xx: rounds.reduce((s, r) => s + r.non2xx, 0),
  };
}

/**
 * Ours and nginx alternate in `rounds` slices of duration/rounds seconds each: on a shared
 * machine the load of other processes changes within seconds, and both sides then see the same.
 */
async function measurePages(
  app: Pick<AppServer, "url">,
  nginxUrl: string,
  paths: string[],
  mode: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  const rounds = Number(arg("rounds") ?? 5);
  for (const p of paths) {
    // Warm both (JIT, caches, connection pools), then measure alternately: ours, nginx.
    await load(app.url + p, 3);
    await load(nginxUrl + p, 2);
    const mine: Result[] = [];
    const theirs: Result[] = [];
    for (let i = 0; i < rounds; i++) {
      mine.push(await load(app.url + p, Math.max(1, Math.round(duration / rounds))));
      theirs.push(await load(nginxUrl + p, Math.max(1, Math.round(duration / rounds))));
    }
    const ours = combine(mine);
    const nginx = combine(theirs);
    rows.push({ path: p, mode, ours, nginx });
    console.log(
      `${mode.padEnd(10)} GET ${p.padEnd(50)} nós ${ours.requests.average.toFixed(0).padStart(6)} req/s p99 ${String(ours.latency.p99).padStart(4)} ms | nginx ${nginx.requests.average.toFixed(0).padStart(6)} req/s p99 ${String(nginx.latency.p99).padStart(4)} ms | ${ratio(ours.requests.average, nginx.requests.average)}` +
        (ours.non2xx ? `  (${ours.non2xx} não-2xx!)` : ""),
    );
  }
  return rows;
}

/**
 * A post edited the way another instance edits it (UPDATE, then NOTIFY on the channel the app's
 * page cache listens to), then the article fetched through the proxy cache every 100 ms until it
 * shows the new title: how long a visitor behind `proxy_cache` sees the old copy.
 */
async function editVisibleAfter(
  proxyUrl: string,
  article: string,
): Promise<{ seconds: number; title: string }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const slug = decodeURIComponent(article.replace(/^\/blog\//, ""));
  const title = `Editado pelo bench ${randomBytes(3).toString("hex")}`;
  try {
    await client.query("update blog_posts set title = $1, updated_at = now() where slug = $2", [title, slug]);
    await client.query("select pg_notify('public_content_changed', 'bench-http')");
  } finally {
    await client.end();
  }
  const started = performance.now();
  const deadline = started + (Number(sMaxAge ?? 60) + 30) * 1000;
  while (performance.now() < deadline) {
    const html = await (await fetch(proxyUrl + article, { headers: gzipHeaders })).text();
    if (html.includes(title)) return { seconds: (performance.now() - started) / 1000, title };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`a edição não apareceu pelo proxy_cache em ${Number(sMaxAge ?? 60) + 30} s`);
}

async function leadCount(client: pg.Client): Promise<number> {
  const r = await client.query("select count(*)::int as n from leads");
  return r.rows[0].n;
}

/** Contact submissions: every request a distinct visitor (X-Forwarded-For) and e-mail. */
async function measureContact(app: AppServer) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const before = await leadCount(client);
  const [plan] = (await client.query("select id from plans order by price_cents limit 1")).rows;
  let n = 0;
  // Every e-mail whose POST was answered 303 (the action's redirect back to the form with the
  // success toast): each one must be a row afterwards. Requests
  // still in flight when autocannon stops may be stored without being counted as accepted, so
  // "lost" is checked per e-mail, not as a difference of totals.
  const acceptedEmails: string[] = [];
  const result = await autocannon({
    url: app.url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: contactPath,
        setupRequest: (req, context) => {
          n++;
          const email = `carga.${n}.${randomBytes(3).toString("hex")}@exemplo.com.br`;
          // One request at a time per connection (no pipelining): the context holds its e-mail.
          (context as { email?: string }).email = email;
          const body = new URLSearchParams({
            name: `Visitante Carga ${n}`,
            business: `Lanchonete Carga ${n}`,
            phone: "(11) 98765-4321",
            email,
            plan: plan?.id ?? "unsure",
            message: "Enviado pelo bench/http.",
            // The honeypot (HONEYPOT_FIELD) goes empty, as a person's browser sends it.
            [HONEYPOT_FIELD]: "",
          }).toString();
          return {
            ...req,
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              // A browser's form post: same-origin (the CSRF check), answered for a document.
              origin: app.url,
              accept: "text/html",
              "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body,
          };
        },
        onResponse: (status, _body, context) => {
          const email = (context as { email?: string }).email;
          if (email && status === 303) acceptedEmails.push(email);
        },
      },
    ],
  });
  // Let the last in-flight inserts commit.
  await new Promise((r) => setTimeout(r, 500));
  const stored = (await leadCount(client)) - before;
  const found = await client.query("select count(*)::int as n from leads where email = any($1::text[])", [
    acceptedEmails,
  ]);
  await client.end();
  const accepted = acceptedEmails.length;
  const lost = accepted - found.rows[0].n;
  return { result, accepted, stored, lost, sent: result.requests.total };
}

/**
 * Requests/s of GET `path` on an instance without metrics and one with them, alternating which
 * goes first in each round so neither always runs on a cooler machine.
 */
async function measureMetricsCost(baseEnv: Record<string, string>, page = "/") {
  const plain = await startApp({
    port: appPort,
    env: baseEnv,
    logFile: path.join(OUT, "http-server.log"),
  });
  const measured = await startApp({
    port: appPort + 1,
    // --control: the second instance without metrics too, to read the method's own noise.
    env: flag("control") ? baseEnv : { ...baseEnv, METRICS_TOKEN: randomBytes(16).toString("hex") },
    logFile: path.join(OUT, "http-server-metrics.log"),
  });
  try {
    await load(plain.url + page, 3);
    await load(measured.url + page, 3);
    const rounds = Number(arg("rounds") ?? 10);
    const slice = Math.max(1, Math.round(duration / rounds));
    const without: Result[] = [];
    const withMetrics: Result[] = [];
    // CPU seconds each server process used while it was loaded: per request, what a request
    // costs the process, whatever else the machine runs (requests/s swing with other work).
    const cpu = { without: 0, withMetrics: 0 };
    const measure = async (app: AppServer) => {
      const before = cpuSeconds(app.process.pid!);
      const result = await load(app.url + page, slice);
      cpu[app === plain ? "without" : "withMetrics"] += cpuSeconds(app.process.pid!) - before;
      (app === plain ? without : withMetrics).push(result);
    };
    for (let i = 0; i < rounds; i++) {
      if (flag("simultaneous")) {
        // Both loaded at the same time: whatever else runs on the machine slows both alike.
        await Promise.all([measure(plain), measure(measured)]);
        continue;
      }
      for (const app of i % 2 === 0 ? [plain, measured] : [measured, plain]) await measure(app);
    }
    const a = combine(without);
    const b = combine(withMetrics);
    const served = (rs: Result[]) => rs.reduce((n, r) => n + r.requests.total, 0);
    const cpuPerRequest = {
      without: (cpu.without / served(without)) * 1e6,
      withMetrics: (cpu.withMetrics / served(withMetrics)) * 1e6,
    };
    const cpuCost = (cpuPerRequest.withMetrics / cpuPerRequest.without - 1) * 100;
    // Each round's two slices ran back to back: their ratio shares the machine's load of that
    // moment, so the median of the rounds' costs is what to read on a shared machine.
    const costs = without
      .map((w, i) => (1 - withMetrics[i].requests.average / w.requests.average) * 100)
      .sort((x, y) => x - y);
    const cost = median(costs);
    const micro = await metricsMicroseconds();
    console.log(
      `GET ${page} sem métricas ${a.requests.average.toFixed(0)} req/s p99 ${a.latency.p99} ms CPU ${cpuPerRequest.without.toFixed(1)} µs/req | com métricas ${b.requests.average.toFixed(0)} req/s p99 ${b.latency.p99} ms CPU ${cpuPerRequest.withMetrics.toFixed(1)} µs/req | custo req/s (mediana das rodadas) ${cost.toFixed(1)} % [${costs[0].toFixed(1)} … ${costs.at(-1)!.toFixed(1)}] | custo CPU ${cpuCost.toFixed(1)} % | métricas ${micro.toFixed(2)} µs/req` +
        (a.non2xx || b.non2xx ? `  (não-2xx: ${a.non2xx} / ${b.non2xx}!)` : ""),
    );
    return { page, rounds, slice, without: a, withMetrics: b, cost, costs, micro, cpuPerRequest, cpuCost };
  } finally {
    await plain.stop();
    await measured.stop();
  }
}

/**
 * The metrics alone, in this process: microseconds they add to one request (the route pattern
 * lookup and the counter and histogram update the request log's listener calls), measured over
 * many calls with the app's real route table. The end-to-end figure above includes them; this one
 * is free of the machine's noise.
 */
/** user + system CPU seconds a process has used so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  // utime and stime are the 14th and 15th fields of the line, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function metricsMicroseconds(calls = 1_000_000): Promise<number> {
  // The production code itself: the build's own recorder, as server.mjs wires it.
  process.env.METRICS_TOKEN ??= randomBytes(16).toString("hex");
  const build = await import(pathToFileURL(path.join(BUILD_DIR, "server/index.js")).href);
  const record = build.entry.module.httpMetrics(build.routes).record as (
    method: string,
    path: string,
    status: number,
    seconds: number,
  ) => void;
  for (let i = 0; i < 100_000; i++) record("GET", "/", 200, 0.001);
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i++) record("GET", "/", 200, 0.001);
  return Number(process.hrtime.bigint() - started) / 1000 / calls;
}

async function main() {
  const builtIn = ensureBuild({ force: flag("build") });
  if (builtIn !== null) console.log(`build: ${builtIn.toFixed(1)} s`);
  if (await databaseExists(dbUrl)) await dropDatabase(dbUrl);
  await createDatabase(dbUrl);
  mkdirSync(OUT, { recursive: true });
  const dataDir = path.join(OUT, "http-data");
  const baseEnv = {
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    // Each autocannon request is a different visitor (X-Forwarded-For) for the rate limiter.
    TRUST_PROXY: "true",
    RATE_LIMIT_CONTACT: "1000000000",
    LOG_LEVEL: "info",
    ...(arg("worker") ? { WORKER: arg("worker")! } : {}),
    ...(sMaxAge ? { PUBLIC_S_MAXAGE: sMaxAge } : {}),
  };
  if (flag("metrics-cost")) {
    try {
      const m = await measureMetricsCost(baseEnv);
      const report = [
        `### http --metrics-cost${flag("control") ? " --control (as duas instâncias SEM métricas)" : ""} — ${stamp()}`,
        "",
        `${machine()}; PostgreSQL (${new URL(dbUrl).pathname.slice(1)}, dados de demonstração); duas instâncias lado a lado, GET ${m.page} (página pública em cache), autocannon ${connections} conexões por instância, ${m.rounds} rodadas de ${m.slice} s ${flag("simultaneous") ? "com as duas sob carga ao mesmo tempo" : "alternadas (a ordem troca a cada rodada)"}, gzip; carga da máquina (load average) ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" / ")}.`,
        "",
        table(
          ["instância", "req/s", "p99 ms", "CPU µs por requisição"],
          [
            [
              "sem métricas",
              m.without.requests.average.toFixed(0),
              `${m.without.latency.p99}`,
              m.cpuPerRequest.without.toFixed(1),
            ],
            [
              flag("control") ? "segunda instância (também sem métricas)" : "com métricas (METRICS_TOKEN)",
              m.withMetrics.requests.average.toFixed(0),
              `${m.withMetrics.latency.p99}`,
              m.cpuPerRequest.withMetrics.toFixed(1),
            ],
          ],
        ),
        "",
        `Custo das métricas: ${m.cpuCost.toFixed(1)} % de CPU por requisição no processo do servidor (o que limita as requisições por segundo de um processo Node); em req/s, mediana das ${m.rounds} rodadas pareadas ${m.cost.toFixed(1)} % (de ${m.costs[0].toFixed(1)} a ${m.costs.at(-1)!.toFixed(1)} %: a carga de outros processos da máquina varia mais que isso). As métricas sozinhas, no mesmo processo, com a tabela de rotas do build: ${m.micro.toFixed(2)} µs por requisição.`,
      ].join("\n");
      console.log(`\n${report}\n`);
      writeFileSync(path.join(OUT, "http-metrics-cost.md"), report + "\n");
    } finally {
      if (!flag("keep")) await dropDatabase(dbUrl);
    }
    return;
  }
  const results: Row[] = [];
  let contact: Awaited<ReturnType<typeof measureContact>> | undefined;
  let edit: Awaited<ReturnType<typeof editVisibleAfter>> | undefined;
  const profDir = arg("cpu-prof");
  let app = await startApp({
    port: appPort,
    env: baseEnv,
    logFile: path.join(OUT, "http-server.log"),
    nodeArgs: profDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profDir)}`] : [],
  });
  let staticSite;
  let proxy;
  try {
    if (!flag("only-contact")) {
      const article = await firstArticlePath(app.url);
      const paths = ["/", "/blog", article];
      const pages = await savePages(app.url, paths);
      staticSite = await startStaticCopy({ port: nginxPort, pages, workDir: path.join(OUT, "http-nginx") });
      results.push(...(await measurePages(app, staticSite.url, paths, "padrão")));
      if (flag("proxy-cache")) {
        proxy = await startProxyCache({
          port: proxyPort,
          appUrl: app.url,
          workDir: path.join(OUT, "http-proxy"),
        });
        results.push(...(await measurePages(proxy, staticSite.url, paths, "proxy_cache")));
        edit = await editVisibleAfter(proxy.url, article);
        console.log(
          `edição de um artigo visível pelo proxy_cache em ${edit.seconds.toFixed(1)} s (s-maxage ${sMaxAge} s)`,
        );
      }
      if (flag("no-cache-too")) {
        await app.stop();
        app = await startApp({
          port: appPort,
          env: { ...baseEnv, PAGE_CACHE: "off" },
          logFile: path.join(OUT, "http-server.log"),
        });
        results.push(...(await measurePages(app, staticSite.url, paths, "sem cache")));
      }
    }
    if (!flag("only-pages")) contact = await measureContact(app);
    if (contact)
      console.log(
        `POST ${contactPath}: ${contact.result.requests.average.toFixed(0)} req/s, p99 ${contact.result.latency.p99} ms; ` +
          `enviados ${contact.sent}, aceitos ${contact.accepted}, gravados ${contact.stored}, perdidos ${contact.lost}; códigos ${JSON.stringify(
            Object.fromEntries(Object.entries(contact.result.statusCodeStats).map(([k, v]) => [k, v.count])),
          )}`,
      );
  } finally {
    await app.stop();
    await staticSite?.stop();
    await proxy?.stop();
    if (!flag("keep")) await dropDatabase(dbUrl);
  }

  const rows = results.map((r) => [
    `GET ${r.path}`,
    r.mode,
    r.ours.requests.average.toFixed(0),
    `${r.ours.latency.p99}`,
    r.nginx.requests.average.toFixed(0),
    `${r.nginx.latency.p99}`,
    ratio(r.ours.requests.average, r.nginx.requests.average),
    ratio(r.ours.latency.p99, r.nginx.latency.p99),
  ]);
  const c = contact;
  const report = [
    `### http — ${stamp()}`,
    "",
    `${machine()}; PostgreSQL (bench_http, dados de demonstração); autocannon ${connections} conexões × ${duration} s por medida (em fatias alternadas com o nginx), gzip; nginx 1 worker com os mesmos HTML + build/client (${path.relative(process.cwd(), BUILD_DIR)}).`,
    "",
    table(
      [
        "rota",
        "modo",
        "nós req/s",
        "nós p99 ms",
        "nginx req/s",
        "nginx p99 ms",
        "nós/nginx req/s",
        "p99 nós/nginx",
      ],
      rows,
      2,
    ),
    edit
      ? `\nproxy_cache (${proxyPort}): o bloco de docs/deploy.md na frente da aplicação, PUBLIC_S_MAXAGE=${sMaxAge}; "nós" nas linhas proxy_cache é o nginx com cache. Um artigo editado como outra instância edita (UPDATE + NOTIFY) apareceu pelo cache em ${edit.seconds.toFixed(1)} s (limite: s-maxage = ${sMaxAge} s).`
      : "",
    "",
    c
      ? `Formulário de contato (POST ${contactPath}, RATE_LIMIT_CONTACT=1e9, um IP por requisição${arg("worker") === "false" ? ", WORKER=false: instância só HTTP" : ", workers no mesmo processo"}): ${c.result.requests.average.toFixed(0)} envios/s, p99 ${c.result.latency.p99} ms; enviados ${c.sent}, aceitos (303) ${c.accepted}, gravados ${c.stored} (inclui os que estavam em curso no fim), perdidos (aceitos sem linha, conferido por e-mail) ${c.lost}. Códigos: ${JSON.stringify(Object.fromEntries(Object.entries(c.result.statusCodeStats).map(([k, v]) => [k, v.count])))}.`
      : "",
  ].join("\n");
  console.log(`\n${report}\n`);
  writeFileSync(path.join(OUT, "http.md"), report + "\n");
}

await main();
