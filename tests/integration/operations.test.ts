/**
 * Operations: /healthz answers 503 when the database is unreachable, and `npm run db:backup` /
 * `db:restore` round-trip the data (PGlite data directory; PostgreSQL too when
 * TEST_DATABASE_URL is set).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { getDatabase, openPglite, openPostgres, setDatabase } from "~/db/client.server";
import * as healthz from "~/routes/resources/healthz";
import { onPostgres, useTestDatabase } from "../support/db";
import { outcome } from "../support/requests";

const t = useTestDatabase();
const tmp = mkdtempSync(path.join(os.tmpdir(), "ops-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("/healthz", () => {
  it("answers 200 with `ok` and the version only (no database engine) when it is reachable", async () => {
    const res = await outcome(() => healthz.loader());
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(JSON.stringify(res.data)).not.toMatch(/pglite|postgres/i);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 when the database is unreachable", async () => {
    const real = getDatabase();
    const down = await openPostgres("postgres://nobody@127.0.0.1:1/nada");
    setDatabase(down);
    try {
      const res = await outcome(() => healthz.loader());
      expect(res.status).toBe(503);
      expect(res.data).toEqual({ ok: false, version: expect.any(String) });
    } finally {
      setDatabase(real);
      await down.close();
    }
  });
});

function runScript(script: string, args: string[], env: Record<string, string>) {
  return spawnSync("npx", ["tsx", script, ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
}

describe("db:backup / db:restore", () => {
  // The PGlite run of the suite covers the embedded directory; the PostgreSQL run covers pg_dump.
  if (!onPostgres) {
    it("round-trips an embedded PGlite data directory, and refuses while it is in use", async () => {
      const dataDir = path.join(tmp, "data");
      const dir = path.join(dataDir, "pglite");
      const db = await openPglite(dir, new Blob([readFileSync(process.env.TEST_PGLITE_DUMP!)]));
      await db.pglite!.exec(`insert into plans (name, price_cents) values ('Plano Backup', 100)`);
      // While it is open, postmaster.pid exists: the scripts refuse.
      const busy = runScript("scripts/backup.ts", ["--out", path.join(tmp, "x.tar.gz")], {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      });
      expect(busy.status).toBe(1);
      expect(busy.stderr).toContain("Pare o servidor");
      await db.close();

      const file = path.join(tmp, "pglite.tar.gz");
      const backup = runScript("scripts/backup.ts", ["--out", file], { DATA_DIR: dataDir, DATABASE_URL: "" });
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain("Backup salvo em");

      const after = await openPglite(dir);
      await after.pglite!.exec(
        `delete from plans; insert into plans (name, price_cents) values ('Depois', 1)`,
      );
      await after.close();

      const noConfirm = runScript("scripts/restore.ts", ["--in", file], {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      });
      expect(noConfirm.status).toBe(1);
      expect(noConfirm.stderr).toContain("--yes");
      const restore = runScript("scripts/restore.ts", ["--in", file, "--yes"], {
        DATA_DIR: dataDir,
        DATABASE_URL: "",
      });
      expect(restore.status, restore.stderr).toBe(0);
      expect(restore.stdout).toContain("Banco restaurado");

      const back = await openPglite(dir);
      const { rows } = await back.pglite!.query<{ name: string }>(`select name from plans order by name`);
      await back.close();
      expect(rows.map((r) => r.name)).toEqual(["Plano Backup"]);
    }, 300_000); // spawns four tsx processes: minutes on a loaded machine
  }

  if (onPostgres) {
    it("round-trips a PostgreSQL database with pg_dump / pg_restore", async () => {
      const pool = t.database.pool!;
      const [{ db: name }] = (await pool.query("select current_database() as db")).rows;
      const u = new URL(process.env.TEST_DATABASE_URL!);
      u.pathname = `/${name}`;
      const url = u.toString();
      await pool.query(`insert into plans (name, price_cents) values ('Plano PG Backup', 100)`);
      const file = path.join(tmp, "pg.dump");
      const backup = runScript("scripts/backup.ts", ["--out", file], { DATABASE_URL: url });
      expect(backup.status, backup.stderr).toBe(0);
      expect(existsSync(file)).toBe(true);
      await pool.query(`delete from plans where name = 'Plano PG Backup'`);
      await pool.query(`insert into plans (name, price_cents) values ('Depois PG', 1)`);
      const restore = runScript("scripts/restore.ts", ["--in", file, "--yes"], { DATABASE_URL: url });
      expect(restore.status, restore.stderr).toBe(0);
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query(`select name from plans where name in ('Plano PG Backup', 'Depois PG')`);
      await c.end();
      expect(rows.map((r) => r.name)).toEqual(["Plano PG Backup"]);
      // The job queue (partitioned tables) comes back with the data.
      const c2 = new pg.Client({ connectionString: url });
      await c2.connect();
      const queues = await c2.query(`select name from pgboss.queue where name = 'mail.deliver'`);
      // A backup that cannot be read changes nothing.
      writeFileSync(path.join(tmp, "bad.dump"), "isto não é um backup");
      const bad = runScript("scripts/restore.ts", ["--in", path.join(tmp, "bad.dump"), "--yes"], {
        DATABASE_URL: url,
      });
      // Nor does one cut in half (pg_restore fails mid-way: psql rolls everything back).
      const whole = readFileSync(file);
      writeFileSync(path.join(tmp, "half.dump"), whole.subarray(0, Math.floor(whole.length * 0.6)));
      const half = runScript("scripts/restore.ts", ["--in", path.join(tmp, "half.dump"), "--yes"], {
        DATABASE_URL: url,
      });
      expect(half.status).not.toBe(0);
      const still = await c2.query(`select name from plans where name = 'Plano PG Backup'`);
      const queuesAfter = await c2.query(`select count(*)::int as n from pgboss.queue`);
      await c2.end();
      expect(queues.rows).toHaveLength(1);
      expect(bad.status).not.toBe(0);
      expect(still.rows).toHaveLength(1);
      expect(queuesAfter.rows[0].n).toBeGreaterThan(0);
      // The tool list is what the docs promise.
      expect(execFileSync("pg_dump", ["--version"], { encoding: "utf8" })).toMatch(/pg_dump/);
    }, 300_000); // spawns four tsx processes: minutes on a loaded machine
  }
});
