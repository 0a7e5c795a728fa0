import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { getLogger } from "~/server/logging/logger.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one type every module uses: the same for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: the raw instance (for dumps in tests and backups). */
  pglite?: PGlite;
  pool?: pg.Pool;
}

/** Where the committed SQL migrations are (drizzle/, or MIGRATIONS_DIR). */
export function migrationsFolder(): string {
  return path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX ?? 10) });
  pool.on("error", (err) => getLogger().error({ err }, "pg pool error"));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: "postgres", pool, close: () => pool.end() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: migrationsFolder() });
  } else {
    await migratePg(database.db as never, { migrationsFolder: migrationsFolder() });
  }
}

let current: Database | undefined;

/** Install the process-wide database (server boot, scripts, tests). */
export function setDatabase(database: Database | undefined) {
  current = database;
}

export function getDatabase(): Database {
  if (!current) throw new Error("Database not initialised: call connect() at boot");
  return current;
}

export function getDb(): Db {
  return getDatabase().db;
}

/**
 * Opens the configured database, not yet migrated: PostgreSQL when a URL is given, otherwise
 * PGlite under dataDir. `connect` (startup.server.ts) also migrates it, under the startup lock.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.resolve(opts.dataDir, "pglite"));
}

/** PostgreSQL's int8: `count(*)`, `sum` of integers, bigint columns. */
const INT8_OID = 20;

/**
 * Runs raw SQL and returns its rows; the same values on PGlite and node-postgres
 * (tests/integration/driver-parity.test.ts). node-postgres hands an int8 over as a string and
 * PGlite as a number: both give a number here, as every int8 the app reads (a count, cents) fits
 * one, so code proven on one engine holds on the other.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as {
    rows: Record<string, unknown>[];
    fields?: { name: string; dataTypeID: number }[];
  };
  const int8 = (result.fields ?? []).filter((f) => f.dataTypeID === INT8_OID).map((f) => f.name);
  if (int8.length)
    for (const row of result.rows)
      for (const name of int8) if (typeof row[name] === "string") row[name] = Number(row[name]);
  return result.rows as T[];
}
