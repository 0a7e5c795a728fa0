// Checks the nginx proxy_cache example of docs/deploy.md against the production build: starts
// the app (PGlite, demo content) and nginx on loopback with exactly the documented block, then
// checks what a CDN-like cache must do with the public pages (issue 19, decision 017).
//
//   npx tsx scripts/nginx-proxy-cache-check.ts [--port 3361] [--nginx-port 3362]
//
// Needs /usr/sbin/nginx (`apt-get install -y nginx`) and a build (`npm run build`).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { arg } from "./lib/connect";
import { startApp, startProxyCache } from "../bench/lib/servers";

const appPort = Number(arg("port") ?? 3361);
const nginxPort = Number(arg("nginx-port") ?? 3362);
const work = mkdtempSync(path.join(os.tmpdir(), "nginx-proxy-cache-"));

const failures: string[] = [];
function check(what: string, ok: boolean, detail = "") {
  console.log(`${ok ? "ok  " : "FALHA"} ${what}${detail ? ` (${detail})` : ""}`);
  if (!ok) failures.push(what);
}

async function get(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${nginxPort}${p}`, {
    headers: { "accept-encoding": "gzip", ...headers },
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, h: res.headers, body, cache: res.headers.get("x-cache-status") ?? "" };
}

function count304(): number {
  const log = readFileSync(path.join(work, "app.log"), "utf8");
  return log.split("\n").filter((l) => l.includes('"path":"/blog"') && l.includes('"status":304')).length;
}

async function main() {
  const app = await startApp({
    port: appPort,
    logFile: path.join(work, "app.log"),
    env: {
      DATA_DIR: path.join(work, "data"),
      SEED_DEMO: "content",
      TRUST_PROXY: "true",
      // One JSON line per request: the check reads the 304s nginx got from the app.
      LOG_LEVEL: "info",
      // Short, so the check sees nginx revalidate (If-None-Match → 304) without waiting a minute.
      PUBLIC_S_MAXAGE: "1",
      PUBLIC_STALE_WHILE_REVALIDATE: "0",
    },
  });
  let nginx: Awaited<ReturnType<typeof startProxyCache>>;
  try {
    nginx = await startProxyCache({ port: nginxPort, appUrl: app.url, workDir: path.join(work, "nginx") });
  } catch (err) {
    await app.stop();
    throw err;
  }
  try {
    const first = await get("/blog");
    const second = await get("/blog");
    check("primeira visita vai à aplicação", first.cache === "MISS", first.cache);
    check("segunda visita sai do cache do nginx", second.cache === "HIT", second.cache);
    check("mesmos bytes", first.body.equals(second.body));
    check("Cache-Control público", /s-maxage=1/.test(second.h.get("cache-control") ?? ""));

    const session = await get("/blog", { cookie: "better-auth.session_token=abc" });
    check("cookie de sessão passa direto", session.cache === "BYPASS", session.cache);
    check("cookie de sessão: sem cabeçalho público", !/public/.test(session.h.get("cache-control") ?? ""));
    check(
      "cookie de sessão: página com nonce",
      /'nonce-/.test(session.h.get("content-security-policy") ?? ""),
    );
    const consent = await get("/blog", { cookie: "consentimento=v1.11" });
    check("escolha de cookies passa direto", consent.cache === "BYPASS", consent.cache);
    check("escolha de cookies: privado", /^private/.test(consent.h.get("cache-control") ?? ""));
    const after = await get("/blog");
    check("e não substituiu a cópia compartilhada", after.cache === "HIT" && after.body.equals(first.body));

    const notModifiedBefore = count304();
    await sleep(2500);
    // Expired: nginx answers the stale copy at once and revalidates in the background
    // (proxy_cache_use_stale updating + proxy_cache_background_update), or revalidates inline.
    const expired = await get("/blog");
    check(
      "depois de s-maxage: cópia velha ou revalidada",
      ["STALE", "UPDATING", "REVALIDATED"].includes(expired.cache),
      expired.cache,
    );
    await sleep(500);
    const revalidated = await get("/blog");
    check(
      "e em seguida volta a ser HIT",
      ["HIT", "REVALIDATED"].includes(revalidated.cache),
      revalidated.cache,
    );
    check("mesmo ETag", revalidated.h.get("etag") === first.h.get("etag"));
    check("a aplicação respondeu 304 ao If-None-Match do nginx", count304() > notModifiedBefore);

    const refresh = await get("/blog", { "x-cache-refresh": "1" });
    check("X-Cache-Refresh da própria máquina busca de novo", refresh.cache === "BYPASS", refresh.cache);
    const next = await get("/blog");
    check("e guarda a resposta nova", next.cache === "HIT", next.cache);
  } finally {
    await nginx.stop();
    await app.stop();
    rmSync(work, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\n${failures.length} verificação(ões) falharam.`);
    process.exit(1);
  }
  console.log("\nO exemplo de proxy_cache de docs/deploy.md funciona como descrito.");
}

await main();
