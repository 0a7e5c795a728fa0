import { readFileSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import pg from "pg";
import { sql } from "drizzle-orm";
import { getDb, openPglite, openPostgres, setDatabase, type Database } from "../../app/db/client.server";
import { resetAuth } from "../../app/modules/auth/auth.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { JOBS } from "../../app/jobs.server";
import { startJobs, stopJobs } from "../../app/server/jobs/queue.server";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";

/** True when this run targets a real PostgreSQL server (TEST_DATABASE_URL). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function freshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${process.env.TEST_PG_TEMPLATE}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openPostgres(u.toString());
    return {
      database,
      url: u.toString(),
      drop: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dump = readFileSync(process.env.TEST_PGLITE_DUMP!);
  const database = await openPglite(undefined, new Blob([dump]));
  return { database, drop: () => database.close() };
}

/**
 * One migrated database per test file (copied from the template made by global-setup),
 * installed as the process database for the modules under test.
 */
export function useTestDatabase() {
  const state: { database?: Database; url?: string; drop?: () => Promise<void> } = {};
  beforeAll(async () => {
    process.env.AUTH_SECRET ||= TEST_SECRET;
    resetEnvCache();
    const fresh = await freshDatabase();
    state.database = fresh.database;
    state.drop = fresh.drop;
    state.url = fresh.url;
    setDatabase(fresh.database);
    resetAuth();
    // The queue without workers: what modules enqueue waits until a test runs drainJobs().
    await startJobs({ database: fresh.database, databaseUrl: fresh.url, jobs: JOBS, worker: false });
  });
  afterAll(async () => {
    await stopJobs();
    setDatabase(undefined);
    resetAuth();
    await state.drop?.();
  });
  return {
    get db() {
      return state.database!.db;
    },
    get database() {
      return state.database!;
    },
    /** PostgreSQL only: this file's database URL (for a second pool or instance). */
    get url() {
      return state.url;
    },
  };
}

/**
 * Runs `body` while the database refuses a write, as a broken constraint or a failure halfway
 * through a transaction would: a trigger raises on `event` of `table` for the rows where `when`
 * (SQL about `new`; every row when left out) holds. It is dropped afterwards, whatever happens.
 */
export async function whileDatabaseRefuses<T>(
  { table, event, when = "true" }: { table: string; event: "insert" | "update"; when?: string },
  body: () => Promise<T>,
): Promise<T> {
  const name = `test_refuse_${table}_${event}`;
  const db = getDb();
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${when} then raise exception 'falha simulada'; end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${event} on ${table} for each row execute function ${name}()`),
  );
  try {
    return await body();
  } finally {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  }
}
