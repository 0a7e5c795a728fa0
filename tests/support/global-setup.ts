import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrateDatabase, openPglite, openPostgres } from "../../app/db/client.server";
import { JOBS } from "../../app/jobs.server";
import { startJobs, stopJobs } from "../../app/server/jobs/queue.server";

/** The template also holds the job queue's schema and queues, so each file starts them quickly. */
async function prepare(db: Awaited<ReturnType<typeof openPglite>>, databaseUrl?: string) {
  await migrateDatabase(db);
  await startJobs({ database: db, databaseUrl, jobs: JOBS, worker: false });
  await stopJobs();
}

/**
 * Runs once per `vitest run`: migrates ONE database and keeps it as a template, so each test file
 * starts from a copy instead of migrating again (PGlite: a data-dir dump; PostgreSQL: a template
 * database).
 */
export default async function setup() {
  const dir = path.resolve("node_modules/.cache/test-db");
  mkdirSync(dir, { recursive: true });
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await openPostgres(u.toString());
    await prepare(db, u.toString());
    await db.close();
    process.env.TEST_PG_TEMPLATE = template;
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${template} with (force)`);
      await c.end();
    };
  }
  const db = await openPglite();
  await prepare(db);
  const dump = await db.pglite!.dumpDataDir("none");
  const file = path.join(dir, `pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  process.env.TEST_PGLITE_DUMP = file;
  return () => rmSync(file, { force: true });
}
