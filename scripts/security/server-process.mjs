// Starting and stopping the production server (node server.mjs) as a child process, for the
// security scripts (kill test, sqlmap) and the E2E specs that need a server of their own.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const TEST_ADMIN = { email: "admin@seguranca.dev", password: "senha-admin-seguranca" };

export async function waitHealthy(url, timeoutMs = 180_000, proc) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (proc && proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server at ${url} not healthy after ${timeoutMs} ms`);
}

/**
 * Starts `node server.mjs` with the given environment. Output is kept in memory (logs are
 * inspected by tests). `stop()` sends SIGTERM and waits; `kill()` sends SIGKILL.
 */
export async function startServer({ port, env = {}, wait = true, timeoutMs }) {
  const url = `http://localhost:${port}`;
  // Another server on this port would answer the health check below, and every test would then
  // run against it (seen: a sqlmap scan on 3318 while the XSS spec used the same port).
  const taken = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`a porta ${port} já está em uso por outro servidor; libere-a e rode de novo`);
  let output = "";
  const proc = spawn(process.execPath, ["server.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: url,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout.on("data", (d) => (output += d));
  proc.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
  const handle = {
    url,
    proc,
    output: () => output,
    exited,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      return exited;
    },
  };
  if (wait) {
    try {
      await waitHealthy(url, timeoutMs, proc);
    } catch (err) {
      await handle.kill();
      throw new Error(`${err.message}\n--- server output ---\n${output.slice(-4000)}`);
    }
  }
  return handle;
}

/**
 * A PGlite data directory already initialised and migrated (first boot costs ~50 s; copies are
 * instant). Made once by booting the server on it, kept under node_modules/.cache.
 */
export async function pgliteDataDir(port) {
  const cache = path.join(ROOT, "node_modules/.cache/security");
  const template = path.join(cache, "pglite-template");
  if (!existsSync(path.join(template, "pglite"))) {
    mkdirSync(cache, { recursive: true });
    const building = mkdtempSync(path.join(cache, "building-"));
    const s = await startServer({ port, env: { DATA_DIR: building } });
    await s.stop();
    if (!existsSync(path.join(template, "pglite"))) {
      rmSync(template, { recursive: true, force: true });
      renameSync(building, template);
    } else {
      rmSync(building, { recursive: true, force: true });
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "seguranca-data-"));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/** A new, empty PostgreSQL database next to the one in `adminUrl`; returns its URL and a drop(). */
export async function scratchPostgres(adminUrl, prefix = "seguranca") {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    async drop() {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/** Signs in through the real login form; returns the Cookie header value. */
export async function loginCookie(url, { email, password }, kind = "admin") {
  const res = await fetch(`${url}/${kind === "admin" ? "admin" : "representante"}/login`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`login as ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("session_token"))
    .join("; ");
}

/** Registers a representative through the real form (needs RATE_LIMIT_REGISTER headroom). */
export async function registerRepresentative(url, { name, email, password }) {
  const res = await fetch(`${url}/representante/register`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ name, email, password, confirmPassword: password }),
    redirect: "manual",
  });
  return res.status;
}
