/**
 * Running it in production (docs/deploy.md): /healthz answers without the database; /readyz
 * fails while the database is down, while migrations are missing, on a worker whose heart stopped
 * and during a shutdown, and comes back after; an instance refuses a database newer than its code
 * and, with MIGRATE_ON_START=false, pending migrations; the job worker lets a running job finish
 * within the limit and hands back one still running past it; `npm run db:backup` /
 * `db:restore` round-trip a demo database into an empty one (PGlite while the "server" runs;
 * PostgreSQL with pg_dump / pg_restore when TEST_DATABASE_URL is set). The production server
 * itself (SIGTERM, two instances migrating at once) is in production-server.test.ts.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { getDatabase, openPglite, openPostgres, queryRows, setDatabase, type Db } from "~/db/client.server";
import {
  latestCodeMigration,
  migrateChecked,
  MigrationsPendingError,
  SchemaNewerThanCodeError,
} from "~/db/startup.server";
import { JOBS } from "~/jobs.server";
import { buildDemoBusiness } from "~/modules/demo/demo.server";
import * as healthz from "~/routes/resources/healthz";
import * as readyz from "~/routes/resources/readyz";
import { consistentDump, startBackupSocket } from "~/server/backup/embedded-backup.server";
import { advanceClock, resetClock } from "~/server/clock.server";
import { seedDemoData } from "~/server/dev-data/demo.server";
import { drainRequests, resetDrain } from "~/server/http/drain.server";
import { defineJob, enqueue, startJobs, stopJobs } from "~/server/jobs/queue.server";
import { onPostgres, useTestDatabase } from "../support/db";
import { outcome } from "../support/requests";

const t = useTestDatabase();
const tmp = mkdtempSync(path.join(os.tmpdir(), "ops-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ready = () => outcome(() => readyz.loader());

/** Polls `probe` until it returns true, for at most `ms` (a pool reconnecting, a worker starting). */
async function until(probe: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A promise and its resolve (Node 20 has no Promise.withResolvers). */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The file's queue as useTestDatabase left it: no worker. */
const queueWithoutWorker = () =>
  startJobs({ database: t.database, databaseUrl: t.url, jobs: JOBS, worker: false });

describe("/healthz (liveness)", () => {
  it("answers 200 with `ok` alone, without asking the database (down here)", async () => {
    const real = getDatabase();
    const down = await openPostgres("postgres://nobody@127.0.0.1:1/nada");
    setDatabase(down);
    try {
      const res = await outcome(() => healthz.loader());
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ ok: true });
      expect(res.headers.get("cache-control")).toBe("no-store");
    } finally {
      setDatabase(real);
      await down.close();
    }
  });
});

describe("/readyz (readiness)", () => {
  it("answers 200 when the database answers, has every migration and the instance runs no worker", async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ready: true });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 `database` while the database is down, and 200 again once it is back", async () => {
    if (onPostgres) {
      // This file's database refuses connections and loses the ones it had; then it is back.
      const name = new URL(t.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`alter database ${name} allow_connections false`);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        );
        const down = await ready();
        expect(down.status).toBe(503);
        expect(down.data).toEqual({ ready: false, reason: "database" });
      } finally {
        await admin.query(`alter database ${name} allow_connections true`);
        await admin.end();
      }
    } else {
      // An embedded database that was closed, then opened again from its directory.
      const dir = path.join(tmp, "ready", "pglite");
      const first = await openPglite(dir, new Blob([readFileSync(process.env.TEST_PGLITE_DUMP!)]));
      setDatabase(first);
      try {
        expect((await ready()).status).toBe(200);
        await first.close();
        const down = await ready();
        expect(down.status).toBe(503);
        expect(down.data).toEqual({ ready: false, reason: "database" });
        const again = await openPglite(dir);
        setDatabase(again);
        expect((await ready()).status).toBe(200);
        await again.close();
      } finally {
        setDatabase(t.database);
      }
    }
    await until(async () => (await ready()).status === 200);
  });

  it("answers 503 `migrations` while the database lacks this code's last migration", async () => {
    const latest = latestCodeMigration();
    const [row] = await queryRows<{ hash: string }>(
      t.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = ${latest} returning hash`,
    );
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.data).toEqual({ ready: false, reason: "migrations" });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${latest})`,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it("answers 503 `worker` on a worker whose heart has not beaten for a minute; an HTTP-only instance does not care", async () => {
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: JOBS, worker: true });
    try {
      expect((await ready()).data).toEqual({ ready: true });
      advanceClock({ ms: 61_000 });
      const stale = await ready();
      expect(stale.status).toBe(503);
      expect(stale.data).toEqual({ ready: false, reason: "worker" });
      resetClock();
      expect((await ready()).status).toBe(200);
      // A worker that stopped (its queue closed) is not ready either.
      await stopJobs();
      expect((await ready()).data).toEqual({ ready: false, reason: "worker" });
    } finally {
      resetClock();
      await queueWithoutWorker();
    }
    advanceClock({ ms: 3_600_000 });
    try {
      expect((await ready()).status).toBe(200);
    } finally {
      resetClock();
    }
  });

  it("answers 503 `shutting_down` from the moment a stop begins", async () => {
    await drainRequests(0);
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.data).toEqual({ ready: false, reason: "shutting_down" });
    } finally {
      resetDrain();
    }
  });
});

describe("migrations at startup", () => {
  it("has nothing to do on a migrated database", async () => {
    expect(await migrateChecked(t.database, { apply: true })).toBe(0);
  });

  it("refuses to start code older than the database, saying what to do", async () => {
    const future = latestCodeMigration() + 86_400_000;
    await t.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('de-uma-versao-nova', ${future})`,
    );
    try {
      const refusal = migrateChecked(t.database, { apply: true });
      await expect(refusal).rejects.toBeInstanceOf(SchemaNewerThanCodeError);
      await expect(refusal).rejects.toThrow(
        /Este código é mais antigo que o banco de dados: o banco tem 1 migração\(ões\) que este código não conhece/,
      );
    } finally {
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${future}`);
    }
  });

  it("with MIGRATE_ON_START=false, refuses pending migrations and names the command that applies them", async () => {
    const latest = latestCodeMigration();
    const [row] = await queryRows<{ hash: string }>(
      t.db,
      sql`delete from drizzle.__drizzle_migrations where created_at = ${latest} returning hash`,
    );
    try {
      const refusal = migrateChecked(t.database, { apply: false });
      await expect(refusal).rejects.toBeInstanceOf(MigrationsPendingError);
      await expect(refusal).rejects.toThrow(/1 migração\(ões\) pendente\(s\).*rode `npm run db:migrate`/);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${latest})`,
      );
    }
  });
});

describe("stopping the job worker", () => {
  it("lets a running job finish within the limit and hands one still running back to the queue", async () => {
    const gates = { quick: signal(), slow: signal() };
    const started = { quick: signal(), slow: signal() };
    const quickJob = defineJob<object>({
      name: "test.ops-quick",
      handler: async () => {
        started.quick.resolve();
        await gates.quick.promise;
      },
    });
    const slowJob = defineJob<object>({
      name: "test.ops-slow",
      handler: async () => {
        started.slow.resolve();
        await gates.slow.promise;
      },
    });
    await startJobs({ database: t.database, databaseUrl: t.url, jobs: [quickJob, slowJob], worker: true });
    try {
      const quickId = await enqueue(t.db, quickJob, {});
      const slowId = await enqueue(t.db, slowJob, {});
      await Promise.all([started.quick.promise, started.slow.promise]);
      const stopping = stopJobs({ timeoutMs: 1500 });
      gates.quick.resolve();
      await stopping;
      const states = await queryRows<{ id: string; state: string; retry_count: number }>(
        t.db,
        sql`select id, state::text as state, retry_count from pgboss.job where id in (${quickId}, ${slowId})`,
      );
      const state = (id: string | null) => states.find((s) => s.id === id);
      expect(state(quickId)?.state).toBe("completed");
      // Back in the queue (pg-boss's retry state): this instance or another runs it again.
      expect(state(slowId)?.state).toBe("retry");
    } finally {
      gates.slow.resolve();
      await queueWithoutWorker();
    }
  });
});

/** Every table's row count in the schemas a backup carries (the app's, migrations, jobs). */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname in ('public', 'drizzle', 'pgboss') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${name}`));
    counts[name] = Number(row.n);
  }
  return counts;
}

/** `npm run <script> -- args` without blocking this process (it may be the one answering). */
function npmRun(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn("npm", ["run", "-s", script, "--", ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * The consistency check (`npm run check:consistency`: revenue, Financeiro and the dashboard
 * against the ledger) passes on the restored copy of the demo business as well.
 */
async function consistencyCheckPasses(env: Record<string, string>) {
  const check = await npmRun("check:consistency", [], env);
  expect(check.status, check.stderr).toBe(0);
}

describe("db:backup / db:restore", () => {
  if (!onPostgres) {
    it("takes a consistent copy while the embedded database is in use: between transactions, never half of one", async () => {
      const db = await openPglite(undefined, new Blob([readFileSync(process.env.TEST_PGLITE_DUMP!)]));
      const gate = signal();
      const halfway = signal();
      const tx = db.pglite!.transaction(async (t) => {
        await t.exec(`insert into plans (name, price_cents) values ('Primeira metade', 100)`);
        halfway.resolve();
        await gate.promise;
        await t.exec(`insert into plans (name, price_cents) values ('Segunda metade', 200)`);
      });
      await halfway.promise;
      const dump = consistentDump(db.pglite!);
      gate.resolve();
      await tx;
      const copy = await openPglite(undefined, await dump);
      const { rows } = await copy.pglite!.query<{ name: string }>(
        `select name from plans where name like '%metade' order by price_cents`,
      );
      await copy.close();
      await db.close();
      expect(rows.map((r) => r.name)).toEqual(["Primeira metade", "Segunda metade"]);
    });

    it("round-trips a demo business backed up while the server runs into an empty data directory", async () => {
      const source = path.join(tmp, "source");
      const target = path.join(tmp, "target");
      const db = await openPglite(
        path.join(source, "pglite"),
        new Blob([readFileSync(process.env.TEST_PGLITE_DUMP!)]),
      );
      setDatabase(db);
      await startJobs({ database: db, jobs: JOBS, worker: false });
      let closeSocket: (() => Promise<void>) | undefined;
      try {
        await seedDemoData({ business: true, build: buildDemoBusiness });
        const before = await rowCounts(db.db);
        expect(before["public.charges"]).toBeGreaterThan(0);
        // Open by a process that does not answer backup requests (a crashed server): refused.
        const file = path.join(tmp, "demo.tar.gz");
        const refused = await npmRun("db:backup", ["--out", file], { DATA_DIR: source, DATABASE_URL: "" });
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain("Pare o servidor");

        closeSocket = await startBackupSocket({ pglite: db.pglite!, dataDir: source });
        const backup = await npmRun("db:backup", ["--out", file], { DATA_DIR: source, DATABASE_URL: "" });
        expect(backup.status, backup.stderr).toBe(0);
        expect(backup.stdout).toContain("Cópia feita pelo servidor em execução");

        const unconfirmed = await npmRun("db:restore", ["--in", file], {
          DATA_DIR: target,
          DATABASE_URL: "",
        });
        expect(unconfirmed.status).toBe(1);
        expect(unconfirmed.stderr).toContain("--yes");
        const restore = await npmRun("db:restore", ["--in", file, "--yes"], {
          DATA_DIR: target,
          DATABASE_URL: "",
        });
        expect(restore.status, restore.stderr).toBe(0);
        expect(restore.stdout).toContain("Banco restaurado");
        const restored = await openPglite(path.join(target, "pglite"));
        const after = await rowCounts(restored.db);
        await restored.close();
        expect(after).toEqual(before);
        await consistencyCheckPasses({ DATA_DIR: target, DATABASE_URL: "" });
      } finally {
        await closeSocket?.();
        await stopJobs();
        setDatabase(t.database);
        await db.close();
        await queueWithoutWorker();
      }
    }, 180_000); // four npm processes on a shared machine
  }

  if (onPostgres) {
    it("round-trips a demo business with pg_dump / pg_restore into an empty database; a bad file changes nothing", async () => {
      await seedDemoData({ business: true, build: buildDemoBusiness });
      const before = await rowCounts(t.db);
      expect(before["public.charges"]).toBeGreaterThan(0);
      const file = path.join(tmp, "demo.dump");
      const backup = await npmRun("db:backup", ["--out", file], { DATABASE_URL: t.url! });
      expect(backup.status, backup.stderr).toBe(0);

      const name = `restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${name}`;
      const emptyUrl = u.toString();
      const restored = await openPostgres(emptyUrl);
      try {
        const restore = await npmRun("db:restore", ["--in", file, "--yes"], { DATABASE_URL: emptyUrl });
        expect(restore.status, restore.stderr).toBe(0);
        expect(await rowCounts(restored.db)).toEqual(before);
        await consistencyCheckPasses({ DATABASE_URL: emptyUrl });

        // A file that is not a backup, and one cut in half (pg_restore fails mid-way: psql rolls
        // everything back): the restored database keeps every row.
        writeFileSync(path.join(tmp, "bad.dump"), "isto não é um backup");
        const whole = readFileSync(file);
        writeFileSync(path.join(tmp, "half.dump"), whole.subarray(0, Math.floor(whole.length * 0.6)));
        for (const bad of ["bad.dump", "half.dump"]) {
          const r = await npmRun("db:restore", ["--in", path.join(tmp, bad), "--yes"], {
            DATABASE_URL: emptyUrl,
          });
          expect(r.status, bad).not.toBe(0);
        }
        expect(await rowCounts(restored.db)).toEqual(before);
      } finally {
        await restored.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 180_000); // four npm processes on a shared machine
  }
});
