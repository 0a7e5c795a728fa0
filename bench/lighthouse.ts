// bench/lighthouse: Lighthouse (mobile, simulated throttling) on /, /blog and an article of the
// production build, and in the same run on a static copy of the same HTML + assets served by
// nginx (the physical limit for those pages). Prints medians and our/static ratios.
//
//   npx tsx bench/lighthouse.ts [--runs 5] [--port 3303] [--nginx-port 3314] [--paths /,/blog] [--tracking]
//
// --tracking configures GA, GTM and the Meta Pixel first, so the pages carry the consent banner
// (LGPD, issue 16) as a site with trackers does; nothing of the trackers loads before a choice.
//
// The machine is shared and noisy: runs of ours and of the static copy alternate, and only
// medians are reported.
import { PGlite } from "@electric-sql/pglite";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { arg } from "../scripts/lib/connect";
import { ensureBuild, firstArticlePath, savePages, startApp, startStaticCopy } from "./lib/servers";
import { machine, median, ratio, stamp, table } from "./lib/stats";

const runs = Number(arg("runs") ?? 5);
const appPort = Number(arg("port") ?? 3303);
const nginxPort = Number(arg("nginx-port") ?? 3314);
const OUT = path.resolve("bench/out");
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

interface Sample {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  /** Bytes on the wire for scripts, response headers included. */
  jsBytes: number;
  scriptUrls: string[];
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

/** Lighthouse now and then fails to record a trace on a loaded machine (NO_NAVSTART): retried. */
async function audit(url: string, port: number, attempt = 1): Promise<Sample> {
  try {
    return await auditOnce(url, port);
  } catch (err) {
    if (attempt >= 3) throw err;
    console.log(`  (nova tentativa: ${(err as Error).message.slice(0, 120)})`);
    return audit(url, port, attempt + 1);
  }
}

async function auditOnce(url: string, port: number): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    formFactor: "mobile",
  });
  if (!result) throw new Error(`lighthouse não retornou resultado para ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const items = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const jsBytes = items
    .filter((i) => i.resourceType === "Script")
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    lcp: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
    tbt: lhr.audits["total-blocking-time"].numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
    jsBytes,
    scriptUrls: items.filter((i) => i.resourceType === "Script" && i.url).map((i) => i.url!),
  };
}

/** The gzip-encoded body size of each script (no headers): the JS budget's measure. */
async function gzipBodyBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const body = await new Promise<Buffer>((resolve, reject) => {
      http
        .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks)));
        })
        .on("error", reject);
    });
    total += body.length;
  }
  return total;
}

function summarize(samples: Sample[]) {
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, median(samples.map((s) => s.scores[c]))]),
    ) as Sample["scores"],
    lcp: median(samples.map((s) => s.lcp)),
    tbt: median(samples.map((s) => s.tbt)),
    cls: median(samples.map((s) => s.cls)),
    jsBytes: median(samples.map((s) => s.jsBytes)),
  };
}

/**
 * Fills the tracking IDs of the install under dataDir (its server must be stopped: PGlite is
 * single-process), as the admin's "Analytics e Tracking" tab would store them.
 */
async function configureTrackers(dataDir: string) {
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    await db.query(
      "update settings set google_analytics_id = 'G-BENCH0001', google_tag_manager_id = 'GTM-BENCH01', facebook_pixel_id = '1234567890123456'",
    );
  } finally {
    await db.close();
  }
}

async function main() {
  const built = ensureBuild({ force: process.argv.includes("--build") });
  if (built !== null) console.log(`build: ${built.toFixed(1)} s`);
  mkdirSync(OUT, { recursive: true });
  const dataDir = path.join(OUT, "lighthouse-data");
  rmSync(dataDir, { recursive: true, force: true });
  // The default install: PGlite with demo data.
  const start = () =>
    startApp({
      port: appPort,
      env: { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" },
      logFile: path.join(OUT, "lighthouse-server.log"),
      timeoutMs: 180_000,
    });
  let app = await start();
  const tracking = process.argv.includes("--tracking");
  if (tracking) {
    await app.stop();
    await configureTrackers(dataDir);
    app = await start();
  }
  let staticSite;
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const results: {
    path: string;
    ours: ReturnType<typeof summarize>;
    stat: ReturnType<typeof summarize>;
    oursGzip: number;
    statGzip: number;
  }[] = [];
  try {
    // `--paths /,/blog` measures only those pages (default: /, /blog and the first article).
    const paths = arg("paths")?.split(",") ?? ["/", "/blog", await firstArticlePath(app.url)];
    staticSite = await startStaticCopy({
      port: nginxPort,
      pages: await savePages(app.url, paths),
      workDir: path.join(OUT, "lighthouse-nginx"),
      appUrl: app.url,
    });
    for (const p of paths) {
      const ours: Sample[] = [];
      const stat: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        ours.push(await audit(app.url + p, chrome.port));
        stat.push(await audit(staticSite.url + p, chrome.port));
        const o = ours.at(-1)!;
        const s = stat.at(-1)!;
        console.log(
          `${p} #${i + 1}: nós perf ${o.scores.performance} LCP ${o.lcp.toFixed(0)} TBT ${o.tbt.toFixed(0)} | estático perf ${s.scores.performance} LCP ${s.lcp.toFixed(0)} TBT ${s.tbt.toFixed(0)}`,
        );
      }
      results.push({
        path: p,
        ours: summarize(ours),
        stat: summarize(stat),
        oursGzip: await gzipBodyBytes(ours[0].scriptUrls),
        statGzip: await gzipBodyBytes(stat[0].scriptUrls),
      });
    }
  } finally {
    chrome.kill();
    await staticSite?.stop();
    await app.stop();
  }

  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const rows = results.flatMap((r) => [
    [
      r.path,
      "nós",
      ...CATEGORIES.map((c) => String(r.ours.scores[c])),
      r.ours.lcp.toFixed(0),
      r.ours.tbt.toFixed(0),
      r.ours.cls.toFixed(3),
      kb(r.oursGzip),
      kb(r.ours.jsBytes),
    ],
    [
      "",
      "estático (nginx)",
      ...CATEGORIES.map((c) => String(r.stat.scores[c])),
      r.stat.lcp.toFixed(0),
      r.stat.tbt.toFixed(0),
      r.stat.cls.toFixed(3),
      kb(r.statGzip),
      kb(r.stat.jsBytes),
    ],
    [
      "",
      "nós/estático",
      ...CATEGORIES.map((c) => ratio(r.ours.scores[c], r.stat.scores[c])),
      ratio(r.ours.lcp, r.stat.lcp),
      ratio(r.ours.tbt, r.stat.tbt),
      "",
      ratio(r.oursGzip, r.statGzip),
      ratio(r.ours.jsBytes, r.stat.jsBytes),
    ],
  ]);
  const report = [
    `### lighthouse — ${stamp()}`,
    "",
    `${machine()}; Lighthouse 12.8.2 mobile (throttling simulado), Chromium do sistema headless; mediana de ${runs} execuções alternadas por página; app = build de produção em PGlite com dados de demonstração${tracking ? " e GA, GTM e Pixel configurados (com o aviso de cookies, sem escolha feita)" : ""}; estático = os mesmos HTML + build/client no nginx (gzip).`,
    "",
    table(
      [
        "página",
        "alvo",
        "perf",
        "a11y",
        "boas práticas",
        "SEO",
        "LCP ms",
        "TBT ms",
        "CLS",
        "JS gzip",
        "JS na rede (c/ cabeçalhos)",
      ],
      rows,
      2,
    ),
  ].join("\n");
  console.log(`\n${report}\n`);
  writeFileSync(path.join(OUT, "lighthouse.md"), report + "\n");
  writeFileSync(path.join(OUT, "lighthouse.json"), JSON.stringify({ at: stamp(), results }, null, 2));
}

await main();
