// Starting what the benches measure: the production build of the app (server.mjs) and nginx
// serving a static copy of the same pages. Everything listens on 127.0.0.1 only.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sleep } from "./stats";

export const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");

/** Builds the app when there is no production build (or when forced); returns the seconds spent. */
export function ensureBuild({ force = false } = {}): number | null {
  if (!force && existsSync(path.join(BUILD_DIR, "server/index.js"))) return null;
  const started = performance.now();
  const r = spawnSync("npm", ["run", "-s", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("npm run build falhou");
  return (performance.now() - started) / 1000;
}

export interface AppServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first 200 of `readyPath`. */
  readyMs: number;
  stop(): Promise<void>;
}

/** GETs `url` until it answers 200 (or the deadline passes). */
export async function waitFor200(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${url} não respondeu 200 em ${timeoutMs} ms`);
}

/**
 * `node server.mjs` with the given environment. Logs go to `logFile` (JSON lines, as in
 * production) so writing them costs what it costs in production.
 */
export async function startApp({
  port,
  env = {},
  logFile,
  readyPath = "/healthz",
  timeoutMs = 120_000,
  nodeArgs = [],
}: {
  port: number;
  env?: Record<string, string>;
  logFile: string;
  readyPath?: string;
  timeoutMs?: number;
  /** Flags for node before server.mjs (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}): Promise<AppServer> {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const out = openSync(logFile, "a");
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      BUILD_DIR,
      AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("hex"),
      ...env,
    },
    stdio: ["ignore", out, out],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(url + readyPath, timeoutMs, child);
  } catch (err) {
    child.kill("SIGTERM");
    throw err;
  }
  const readyMs = performance.now() - started;
  return {
    url,
    process: child,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      }),
  };
}

export interface StaticSite {
  url: string;
  root: string;
  stop(): Promise<void>;
}

/**
 * A static copy of the given pages (their HTML as the app served it) plus build/client assets,
 * served by nginx with gzip, like a CDN would: the physical limit for those pages.
 * `pages` maps a URL path ("/", "/blog", "/blog/slug") to its HTML.
 */
export async function startStaticCopy({
  port,
  pages,
  workDir,
  workers = 1,
  appUrl,
}: {
  port: number;
  pages: Map<string, string>;
  workDir: string;
  workers?: number;
  /** React Router's route discovery (/__manifest) is an API, not a file: proxied to the app. */
  appUrl?: string;
}): Promise<StaticSite> {
  workDir = path.resolve(workDir);
  const root = path.join(workDir, "www");
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(path.join(BUILD_DIR, "client"), root, { recursive: true });
  for (const [urlPath, html] of pages) {
    const dir = path.join(root, urlPath);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "index.html"), html);
    // Precompressed, like the app's page cache serves its hits: nginx sends the .gz as is.
    writeFileSync(path.join(dir, "index.html.gz"), gzipSync(html, { level: 9 }));
  }
  return startNginx(
    workDir,
    port,
    "/",
    `${nginxPreamble(workDir, workers)}
  sendfile on;
  tcp_nopush on;
  gzip on;
  gzip_comp_level 6;
  gzip_min_length 1024;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml text/xml application/xml;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { gzip_static on; try_files $uri $uri/index.html =404; }${
      appUrl
        ? `
    location = /__manifest { proxy_pass ${appUrl}; }`
        : ""
    }
  }
}
`,
    root,
  );
}

/** The top of an nginx.conf whose pid, logs and temp files all live in `workDir`. */
function nginxPreamble(workDir: string, workers: number): string {
  return `worker_processes ${workers};
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
user root;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  keepalive_requests 100000;
  client_body_temp_path ${workDir}/tmp-body;
  proxy_temp_path ${workDir}/tmp-proxy;
  fastcgi_temp_path ${workDir}/tmp-fastcgi;
  uwsgi_temp_path ${workDir}/tmp-uwsgi;
  scgi_temp_path ${workDir}/tmp-scgi;`;
}

/** Writes `config` to workDir/nginx.conf, starts nginx and waits for a 200 on `readyPath`. */
async function startNginx(
  workDir: string,
  port: number,
  readyPath: string,
  config: string,
  root = workDir,
): Promise<StaticSite> {
  const conf = path.join(workDir, "nginx.conf");
  writeFileSync(conf, config);
  if (!existsSync("/usr/sbin/nginx")) {
    throw new Error("nginx ausente: instale com `apt-get install -y nginx-light` (Debian) e rode de novo.");
  }
  const r = spawnSync("/usr/sbin/nginx", ["-p", workDir, "-c", conf], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`nginx não iniciou: ${r.stderr ?? r.error?.message}`);
  const url = `http://127.0.0.1:${port}`;
  await waitFor200(`${url}${readyPath}`, 10_000);
  return {
    url,
    root,
    stop: async () => {
      spawnSync("/usr/sbin/nginx", ["-p", workDir, "-c", conf, "-s", "quit"]);
      await sleep(300);
    },
  };
}

/** The HTML the app serves for each path, as a browser would get it (gzip undone by fetch). */
export async function savePages(
  baseUrl: string,
  paths: string[],
  /** A session's Cookie header, for pages behind a sign-in (the client area). */
  cookie?: string,
): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const p of paths) {
    const res = await fetch(baseUrl + p, { redirect: "manual", headers: cookie ? { cookie } : {} });
    if (res.status !== 200) throw new Error(`GET ${p} respondeu ${res.status}`);
    pages.set(p, await res.text());
  }
  return pages;
}

/** The newest published post's path, read from the /blog page the app renders. */
export async function firstArticlePath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/blog`)).text();
  const m = /href="(\/blog\/[^"#?]+)"/.exec(html);
  if (!m) throw new Error("nenhum artigo encontrado em /blog");
  return m[1];
}

/** The nginx `proxy_cache` block that docs/deploy.md documents, pointed at the given ports and dir. */
export function documentedProxyCacheBlock({
  port,
  appUrl,
  cacheDir,
}: {
  port: number;
  appUrl: string;
  cacheDir: string;
}) {
  const doc = readFileSync("docs/deploy.md", "utf8");
  const m =
    /<!-- nginx-proxy-cache:begin -->\s*```nginx\n([\s\S]*?)```\s*<!-- nginx-proxy-cache:end -->/.exec(doc);
  if (!m) throw new Error("docs/deploy.md: o bloco do nginx sumiu");
  return m[1]
    .replace("/var/cache/nginx/site", cacheDir)
    .replace("listen 127.0.0.1:8080", `listen 127.0.0.1:${port}`)
    .replace("http://127.0.0.1:3000", appUrl);
}

/**
 * nginx in front of the app with exactly the documented `proxy_cache` block (docs/deploy.md):
 * how a single machine scales page delivery without a second pipeline in the process.
 */
export async function startProxyCache({
  port,
  appUrl,
  workDir,
  workers = 1,
}: {
  port: number;
  appUrl: string;
  workDir: string;
  workers?: number;
}): Promise<StaticSite> {
  workDir = path.resolve(workDir);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(path.join(workDir, "cache"), { recursive: true });
  return startNginx(
    workDir,
    port,
    "/healthz",
    `${nginxPreamble(workDir, workers)}
${documentedProxyCacheBlock({ port, appUrl, cacheDir: path.join(workDir, "cache") })}
}
`,
  );
}
