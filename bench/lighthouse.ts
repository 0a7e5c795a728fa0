// bench/lighthouse: Lighthouse (mobile, simulated throttling) on /, /blog and an article of the
// production build, and in the same run on a static copy of the same HTML + assets served by
// nginx (the physical limit for those pages). Prints medians and our/static ratios.
//
// The client area is measured in the same run (decision 046): /cliente/entrar as anyone, and
// /cliente, /cliente/dados, /cliente/implantacao and a receipt signed in as the demo restaurant
// (the sign-in link is caught by a local SMTP server), against the goal LCP ≤ 1.0 s and
// JavaScript ≤ 6 KiB gzip. Inline scripts are no network request: their gzip size is a column.
//
//   npx tsx bench/lighthouse.ts [--runs 5] [--port 3303] [--nginx-port 3314] [--paths /,/blog]
//     [--client-paths /cliente,/cliente/dados] [--tracking]
//
// --tracking configures GA, GTM and the Meta Pixel first, so the pages carry the consent banner
// (LGPD, issue 16) as a site with trackers does; nothing of the trackers loads before a choice.
//
// The machine is shared and noisy: runs of ours and of the static copy alternate, and only
// medians are reported.
import { PGlite } from "@electric-sql/pglite";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { DEMO_CLIENT_AREA_EMAIL } from "../app/server/dev-data/demo-business-content";
import { arg } from "../scripts/lib/connect";
import { startSmtpServer } from "../tests/support/smtp";
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
/** The client area's goal (issue 46 item 6): on every /cliente page. */
const GOAL = { lcpMs: 1000, jsGzipBytes: 6 * 1024 };

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
async function audit(url: string, port: number, cookie?: string, attempt = 1): Promise<Sample> {
  try {
    return await auditOnce(url, port, cookie);
  } catch (err) {
    if (attempt >= 3) throw err;
    console.log(`  (nova tentativa: ${(err as Error).message.slice(0, 120)})`);
    return audit(url, port, cookie, attempt + 1);
  }
}

async function auditOnce(url: string, port: number, cookie?: string): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    formFactor: "mobile",
    // A signed-in page: the session's cookie on every request of the load.
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
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

/** The gzip size of a page's inline scripts (JSON data blocks left out): JavaScript with no request. */
function inlineScriptGzip(html: string): number {
  let total = 0;
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc=/i.test(attrs) || /\stype=["']?application\/(ld\+)?json/i.test(attrs) || !body.trim())
      continue;
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

/**
 * Signs the demo restaurant in as its owner does: asks for the link at /cliente/entrar, opens it
 * from the e-mail the local SMTP server caught, and confirms. The session's Cookie header.
 */
async function signInClient(
  appUrl: string,
  smtp: Awaited<ReturnType<typeof startSmtpServer>>,
  email = DEMO_CLIENT_AREA_EMAIL,
): Promise<string> {
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    redirect: "manual" as const,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl },
    body: new URLSearchParams(fields),
  });
  const asked = await fetch(`${appUrl}/cliente/entrar`, form({ email }));
  if (asked.status !== 200) throw new Error(`/cliente/entrar respondeu ${asked.status}`);
  const until = Date.now() + 30_000;
  let token: string | null = null;
  while (!token && Date.now() < until) {
    const mail = smtp.received.find((m) => m.to.includes(email) && m.subject.includes("link de acesso"));
    const href =
      mail && /https?:\/\/[^\s"<>]+\/cliente\/entrar\/confirmar\?token=[^\s"<>]+/.exec(mail.text)?.[0];
    token = href ? new URL(href.replaceAll("&amp;", "&")).searchParams.get("token") : null;
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  if (!token) throw new Error(`nenhum link de acesso chegou para ${email}`);
  const confirmed = await fetch(
    `${appUrl}/cliente/entrar/confirmar?token=${encodeURIComponent(token)}`,
    form({ token }),
  );
  // The session's cookies; not the flash (its toast would show on every measured load).
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.startsWith("__flash="))
    .join("; ");
  if (confirmed.status !== 302 || !cookie) throw new Error(`o link de acesso respondeu ${confirmed.status}`);
  return cookie;
}

/** The first receipt linked from /cliente, if the restaurant has a paid charge. */
async function firstReceiptPath(appUrl: string, cookie: string): Promise<string | null> {
  const html = await (await fetch(`${appUrl}/cliente`, { headers: { cookie } })).text();
  return /href="(\/cliente\/recibo\/[^"#?]+)"/.exec(html)?.[1] ?? null;
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
  // The default install: PGlite with demo data; e-mail to a local SMTP server (the sign-in link).
  const smtp = await startSmtpServer();
  const start = () =>
    startApp({
      port: appPort,
      env: { DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", SMTP_URL: smtp.url },
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
  const withStatic = existsSync("/usr/sbin/nginx") && !process.argv.includes("--no-static");
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: CHROME_FLAGS });
  const results: {
    path: string;
    ours: ReturnType<typeof summarize>;
    stat: ReturnType<typeof summarize> | null;
    oursGzip: number;
    statGzip: number;
    inlineGzip: number;
  }[] = [];
  try {
    // `--paths /,/blog` measures only those pages (default: /, /blog and the first article).
    const paths = arg("paths")?.split(",") ?? ["/", "/blog", await firstArticlePath(app.url)];
    // The client area (`--client-paths ""` leaves it out): the sign-in page as anyone, the rest
    // signed in; the static copy keeps the HTML the signed-in owner got.
    const clientArg = arg("client-paths");
    const cookie = clientArg === "" ? "" : await signInClient(app.url, smtp);
    const receipt = cookie ? await firstReceiptPath(app.url, cookie) : null;
    const signedIn =
      clientArg === ""
        ? []
        : (clientArg?.split(",") ?? [
            "/cliente",
            "/cliente/dados",
            "/cliente/implantacao",
            ...(receipt ? [receipt] : []),
          ]);
    const anonymous = clientArg === undefined ? ["/cliente/entrar"] : [];
    const pages = new Map([
      ...(await savePages(app.url, [...paths, ...anonymous])),
      ...(await savePages(app.url, signedIn, cookie)),
    ]);
    // Without nginx on the machine, only our pages are measured (said in the report).
    staticSite = withStatic
      ? await startStaticCopy({
          port: nginxPort,
          pages,
          workDir: path.join(OUT, "lighthouse-nginx"),
          appUrl: app.url,
        })
      : undefined;
    for (const p of [...paths, ...anonymous, ...signedIn]) {
      const session = signedIn.includes(p) ? cookie : undefined;
      const ours: Sample[] = [];
      const stat: Sample[] = [];
      for (let i = 0; i < runs; i++) {
        ours.push(await audit(app.url + p, chrome.port, session));
        if (staticSite) stat.push(await audit(staticSite.url + p, chrome.port));
        const o = ours.at(-1)!;
        const s = stat.at(-1);
        console.log(
          `${p} #${i + 1}: nós perf ${o.scores.performance} LCP ${o.lcp.toFixed(0)} TBT ${o.tbt.toFixed(0)}` +
            (s
              ? ` | estático perf ${s.scores.performance} LCP ${s.lcp.toFixed(0)} TBT ${s.tbt.toFixed(0)}`
              : ""),
        );
      }
      results.push({
        path: p,
        ours: summarize(ours),
        stat: stat.length ? summarize(stat) : null,
        oursGzip: await gzipBodyBytes(ours[0].scriptUrls),
        statGzip: stat.length ? await gzipBodyBytes(stat[0].scriptUrls) : 0,
        inlineGzip: inlineScriptGzip(pages.get(p) ?? ""),
      });
    }
  } finally {
    chrome.kill();
    await staticSite?.stop();
    await app.stop();
    await smtp.close();
  }

  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const rows = results.flatMap((r) => {
    const ours = [
      r.path,
      "nós",
      ...CATEGORIES.map((c) => String(r.ours.scores[c])),
      r.ours.lcp.toFixed(0),
      r.ours.tbt.toFixed(0),
      r.ours.cls.toFixed(3),
      kb(r.oursGzip),
      kb(r.inlineGzip),
      kb(r.ours.jsBytes),
    ];
    const st = r.stat;
    if (!st) return [ours];
    return [
      ours,
      [
        "",
        "estático (nginx)",
        ...CATEGORIES.map((c) => String(st.scores[c])),
        st.lcp.toFixed(0),
        st.tbt.toFixed(0),
        st.cls.toFixed(3),
        kb(r.statGzip),
        kb(r.inlineGzip),
        kb(st.jsBytes),
      ],
      [
        "",
        "nós/estático",
        ...CATEGORIES.map((c) => ratio(r.ours.scores[c], st.scores[c])),
        ratio(r.ours.lcp, st.lcp),
        ratio(r.ours.tbt, st.tbt),
        "",
        ratio(r.oursGzip, r.statGzip),
        "",
        ratio(r.ours.jsBytes, st.jsBytes),
      ],
    ];
  });
  // The client area's goal, page by page: our median LCP, and every script of ours (requested or inline).
  const goal = results
    .filter((r) => r.path.startsWith("/cliente"))
    .map((r) => {
      const js = r.oursGzip + r.inlineGzip;
      const ok = r.ours.lcp <= GOAL.lcpMs && js <= GOAL.jsGzipBytes;
      return `- ${r.path}: LCP ${r.ours.lcp.toFixed(0)} ms, JS ${kb(js)} gzip: ${ok ? "dentro da meta" : "FORA da meta"}`;
    });
  const report = [
    `### lighthouse — ${stamp()}`,
    "",
    `${machine()}; Lighthouse 12.8.2 mobile (throttling simulado), Chromium do sistema headless; mediana de ${runs} execuções alternadas por página; app = build de produção em PGlite com dados de demonstração (/cliente e seguintes com a sessão da cliente de demonstração, aberta pelo link de acesso)${tracking ? " e GA, GTM e Pixel configurados (com o aviso de cookies, sem escolha feita)" : ""}; ${withStatic ? "estático = os mesmos HTML + build/client no nginx (gzip)" : "sem a cópia estática (nginx ausente ou --no-static)"}; JS inline = scripts no próprio HTML (gzip), sem pedido na rede.`,
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
        "JS inline gzip",
        "JS na rede (c/ cabeçalhos)",
      ],
      rows,
      2,
    ),
    ...(goal.length
      ? ["", `Área do cliente, meta LCP ≤ ${GOAL.lcpMs} ms e JS ≤ ${kb(GOAL.jsGzipBytes)} gzip:`, ...goal]
      : []),
  ].join("\n");
  console.log(`\n${report}\n`);
  writeFileSync(path.join(OUT, "lighthouse.md"), report + "\n");
  writeFileSync(path.join(OUT, "lighthouse.json"), JSON.stringify({ at: stamp(), results }, null, 2));
}

await main();
