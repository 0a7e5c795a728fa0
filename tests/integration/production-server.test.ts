/**
 * The production server as an operator runs it (`node server.mjs` on the production build, made
 * once if missing): /metrics refused without its token and readable by a Prometheus parser;
 * SIGTERM with a request and a job in flight (both finish, new connections are refused, exit 0);
 * and, on PostgreSQL, two instances started at the same moment on one empty database: both come
 * up, the migrations ran once. Each server is started once and serves several checks: spawning
 * is the expensive part.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";
import { codeMigrations, STARTUP_LOCK_KEY } from "~/db/startup.server";
import { HONEYPOT_FIELD } from "~/modules/leads/contact.options";
import { ensureBuild } from "../../bench/lib/servers";
import { onPostgres } from "../support/db";
import { PROMISED_FAMILIES, readMetrics } from "../support/prometheus";

const ADMIN = { email: "admin@operacoes.dev", password: "senha-admin-operacoes-2026" };
const TOKEN = randomBytes(24).toString("hex");
const tmp = mkdtempSync(path.join(os.tmpdir(), "prod-server-"));
const cleanups: (() => Promise<void>)[] = [];

beforeAll(() => {
  ensureBuild();
}, 300_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
});

/** Ports already given to a server of this file: a server listens only once spawned and
 * started, so a port probed free a moment ago may be the one just given to the previous one. */
const handedOut = new Set<number>();

/** A free port among those this project's tests may use (3400-3499), never one handed out. */
async function freePort(): Promise<number> {
  for (let port = 3400 + Math.floor(Math.random() * 100), tries = 0; tries < 100; tries++) {
    port = 3400 + ((port - 3400 + 1) % 100);
    if (handedOut.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer().once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error("no free port in 3400-3499");
}

/** True when nothing accepts a connection on the port any more. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}

/** Polls `probe` until it returns true, for at most `ms`. */
async function until(probe: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Server {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** The JSON log lines written so far. */
  logs: () => Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startServer(env: Record<string, string>): Promise<Server> {
  return freePort().then((port) => {
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["server.mjs"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        BASE_URL: url,
        LOG_FORMAT: "json",
        LOG_LEVEL: "info",
        AUTH_SECRET: "operacoes-test-secret-operacoes-test-secret",
        SEED_DEMO: "false",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    });
    const logs = () =>
      output
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { url, port, child, output: () => output, logs, exited };
  });
}

async function waitReady(server: Server, ms = 120_000): Promise<void> {
  await until(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output().slice(-3000)}`);
      const res = await fetch(`${server.url}/readyz`).catch(() => null);
      return res?.status === 200;
    },
    ms,
    "/readyz 200",
  );
}

function contactBody(n: number): string {
  return new URLSearchParams({
    name: `Visitante Operações ${n}`,
    business: `Lanchonete ${n}`,
    phone: "(11) 98765-4321",
    email: `visitante${n}@exemplo.com.br`,
    plan: "unsure",
    message: "Quero conhecer.",
    [HONEYPOT_FIELD]: "",
  }).toString();
}

/** A form POST whose body arrives in two halves: in flight until `finish()`. */
function slowPost(url: string, pathname: string, body: string) {
  const u = new URL(url);
  const req = http.request({
    host: u.hostname,
    port: u.port,
    path: pathname,
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      origin: url,
      accept: "text/html",
    },
  });
  const response = new Promise<http.IncomingMessage>((resolve, reject) => {
    req.once("response", (res) => {
      res.resume();
      res.once("end", () => resolve(res));
    });
    req.once("error", reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { response, finish: () => req.end(body.slice(half)) };
}

/** An SMTP server that keeps each message's final answer until `release()`: a delivery in flight. */
async function heldSmtp() {
  const held: (() => void)[] = [];
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.once("end", () => {
        received += 1;
        held.push(() => callback());
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    port: (server.server.address() as AddressInfo).port,
    received: () => received,
    release: () => held.splice(0).forEach((answer) => answer()),
  };
}

/** A database for one server: a copy of the migrated template (PGlite data dir or PostgreSQL). */
async function serverDatabase(): Promise<{
  env: Record<string, string>;
  query: (q: string) => Promise<unknown[]>;
}> {
  if (onPostgres) {
    const name = `ops_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name} template ${process.env.TEST_PG_TEMPLATE}`);
    await admin.end();
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    return {
      env: { DATABASE_URL: u.toString() },
      query: async (q) => {
        const c = new pg.Client({ connectionString: u.toString() });
        await c.connect();
        try {
          return (await c.query(q)).rows;
        } finally {
          await c.end();
        }
      },
    };
  }
  const dataDir = path.join(tmp, `data-${randomBytes(3).toString("hex")}`);
  const seed = await openPglite(
    path.join(dataDir, "pglite"),
    new Blob([readFileSync(process.env.TEST_PGLITE_DUMP!)]),
  );
  await seed.close();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    // PGlite is single-process: read it once the server has exited.
    query: async (q) => {
      const db = await openPglite(path.join(dataDir, "pglite"));
      try {
        return (await db.pglite!.query(q)).rows;
      } finally {
        await db.close();
      }
    },
  };
}

describe("the production server", () => {
  it("serves /metrics only with its token; on SIGTERM finishes the request and the job in flight, refuses new connections and exits 0", async () => {
    const smtp = await heldSmtp();
    const database = await serverDatabase();
    const server = await startServer({
      ...database.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      METRICS_TOKEN: TOKEN,
    });
    await waitReady(server);
    const scrape = async () => {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      return readMetrics(await res.text());
    };

    // A visitor's form: a lead, and its alert e-mail to the admin, held by the SMTP server.
    const sent = await fetch(`${server.url}/contato`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: contactBody(1),
      redirect: "manual",
    });
    expect(sent.status).toBe(303);
    await until(() => smtp.received() === 1, 30_000, "the alert reaches SMTP");

    // /metrics: refused without the token; with it, Prometheus text with every family.
    const anonymous = await fetch(`${server.url}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain("cardapio_");
    const metrics = await scrape();
    for (const family of PROMISED_FAMILIES) expect(metrics.has(family), family).toBe(true);
    expect(
      metrics.value("cardapio_http_requests_total", { method: "POST", route: "/contato", status: "303" }),
    ).toBe(1);
    expect(metrics.value("cardapio_worker_heartbeat_age_seconds")).toBeLessThan(60);
    expect(metrics.value("cardapio_database_up")).toBe(1);

    // A second visitor's form, half sent: a request in flight.
    const slow = slowPost(server.url, "/contato", contactBody(2));
    await until(
      async () => ((await scrape()).value("cardapio_http_requests_in_flight") ?? 0) >= 2,
      10_000,
      "the half-sent request is in flight",
    );

    server.child.kill("SIGTERM");
    await until(() => refused(server.port), 10_000, "new connections refused");
    expect(server.child.exitCode).toBeNull();

    // The request in flight is answered, and told to close its connection.
    slow.finish();
    const answered = await slow.response;
    expect(answered.statusCode).toBe(303);
    expect(answered.headers.connection).toBe("close");
    expect(server.child.exitCode).toBeNull();

    // The job in flight finishes once SMTP answers; then the process exits, 0.
    await until(
      () => server.logs().some((l) => l.msg === "stopping the job worker"),
      10_000,
      "requests drained",
    );
    smtp.release();
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const logs = server.logs();
    const line = (msg: string) => logs.find((l) => l.msg === msg);
    expect(line("shutting down: taking no new requests")).toMatchObject({ signal: "SIGTERM" });
    expect(line("shutting down: taking no new requests")?.requestsInFlight).toBeGreaterThanOrEqual(1);
    expect(line("stopping the job worker")).toMatchObject({ jobsRunning: 1 });
    expect(line("job worker stopped")).toMatchObject({ handedBack: 0 });
    expect(line("shut down")).toBeDefined();

    expect(await database.query(`select email from leads order by email`)).toEqual([
      { email: "visitante1@exemplo.com.br" },
      { email: "visitante2@exemplo.com.br" },
    ]);
    expect(
      await database.query(
        `select status from mail_messages where to_address = '${ADMIN.email}' and status = 'enviado'`,
      ),
    ).toHaveLength(1);
    // Nothing is left half-taken: the second lead's work waits in the queue for the next start.
    expect(await database.query(`select id from pgboss.job where state = 'active'`)).toEqual([]);
  }, 180_000);

  if (onPostgres) {
    it("two instances started at the same moment on an empty PostgreSQL both come up; the migrations ran once", async () => {
      const name = `ops_two_${process.pid}_${randomBytes(3).toString("hex")}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${name}`;
      const url = u.toString();
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      cleanups.push(async () => {
        await db.end().catch(() => {});
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      // Both are made to arrive while the startup lock is taken (as a third instance would hold
      // it), so that they contend for it for certain; then it is let go.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
      const metricsPort = await freePort();
      const env = { DATABASE_URL: url, SEED_DEMO: "content" };
      const a = await startServer({ ...env, METRICS_PORT: String(metricsPort) });
      const b = await startServer(env);
      const waiting = async () => {
        // A server that stopped (a port taken, a crash) will never wait: say why at once.
        for (const s of [a, b])
          if (s.child.exitCode !== null) throw new Error(`server exited:\n${s.output().slice(-3000)}`);
        const { rows } = await db.query(
          `select count(*)::int as n from pg_locks
           where locktype = 'advisory' and not granted and classid = 0 and objid::bigint = $1`,
          [STARTUP_LOCK_KEY],
        );
        return rows[0].n === 2;
      };
      await until(waiting, 60_000, "both instances wait for the startup lock");
      await holder.end();
      await Promise.all([waitReady(a), waitReady(b)]);

      const total = codeMigrations().length;
      const { rows } = await db.query(
        `select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]).toEqual({ n: total, distinct_hashes: total });
      const said = (s: Server, msg: string) => s.logs().filter((l) => l.msg === msg);
      // The log is written asynchronously (pino flushes every 250 ms): ready may answer before
      // the lines of the start reach the pipe, so wait for them before counting.
      await until(
        () => [a, b].some((s) => said(s, "database schema up to date").length > 0),
        10_000,
        "the migrating instance logs the schema up to date",
      );
      for (const s of [a, b])
        expect(said(s, "another instance is migrating the database: waiting for it")).toHaveLength(1);
      const applied = [a, b].flatMap((s) => said(s, "migrations applied"));
      expect(applied).toHaveLength(1);
      expect(applied[0]).toMatchObject({ applied: total });
      expect([a, b].flatMap((s) => said(s, "database schema up to date"))).toHaveLength(1);
      // The first-start setup ran once too: one admin, one set of plans.
      const admins = await db.query(`select count(*)::int as n from "user" where role = 'admin'`);
      expect(admins.rows[0].n).toBe(1);
      expect((a.output() + b.output()).match(/Administrador criado/g)).toHaveLength(1);

      // METRICS_PORT: the metrics on their own port, none on the public one.
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
      expect((await fetch(`${a.url}/metrics`)).status).toBe(404);

      a.child.kill("SIGTERM");
      b.child.kill("SIGTERM");
      expect(await a.exited, a.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(await b.exited, b.output().slice(-3000)).toEqual({ code: 0, signal: null });
    }, 180_000);
  }
});
