import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { baseLogger } from "~/server/logging/logger.server";
import {
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  queryRows,
  setDatabase,
  type Database,
  type DbOrTx,
} from "./client.server";

/**
 * Migrations that wait their turn. Several instances may start at the same moment on one
 * PostgreSQL: each takes a session advisory lock before it migrates (and does the rest of its
 * first-start setup), so the second waits, then finds nothing left to do. An instance whose code
 * is older than the database's migrations refuses to start: it would write rows a newer schema
 * does not expect, and drizzle's migrator alone would say nothing (it only applies what is newer
 * than the database's last migration).
 */

/** pg_advisory_lock key of the startup setup (migrations, queue, first admin, demo data). */
export const STARTUP_LOCK_KEY = 490_170_049;

interface CodeMigration {
  tag: string;
  when: number;
}

let cachedCode: CodeMigration[] | undefined;

/** The migrations this code carries, oldest first (drizzle's journal). */
export function codeMigrations(): CodeMigration[] {
  if (!cachedCode) {
    const folder = migrationsFolder();
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    // The same list drizzle applies (it also checks every SQL file is there).
    const files = readMigrationFiles({ migrationsFolder: folder });
    if (files.length !== journal.entries.length) {
      throw new Error(`Migrações incompletas em ${folder}: o diário lista ${journal.entries.length}`);
    }
    cachedCode = journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
  }
  return cachedCode;
}

/** The `when` of the newest migration this code carries (drizzle's created_at for it). */
export function latestCodeMigration(): number {
  return codeMigrations().at(-1)?.when ?? 0;
}

/** created_at of each migration the database has applied, newest first; none before the first. */
export async function appliedMigrations(db: DbOrTx): Promise<number[]> {
  const [table] = await queryRows<{ t: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  if (!table?.t) return [];
  const rows = await queryRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc`,
  );
  return rows.map((r) => Number(r.created_at));
}

/**
 * created_at of the newest migration the database has applied, in one query (readiness asks it
 * every few seconds); null when it has none, or no migrations table at all.
 */
export async function latestAppliedMigration(db: DbOrTx): Promise<number | null> {
  try {
    const [row] = await queryRows<{ latest: string | number | null }>(
      db,
      sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
    );
    return row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    // undefined_table: a database never migrated; anything else is the database not answering.
    if ((e.cause?.code ?? e.code) === "42P01") return null;
    throw err;
  }
}

/** Thrown when the database holds migrations this code does not know: stop, do not serve. */
export class SchemaNewerThanCodeError extends Error {}

/** Thrown when MIGRATE_ON_START=false and this code's migrations are not applied yet. */
export class MigrationsPendingError extends Error {}

const stamp = (when: number) => new Date(when).toISOString().slice(0, 19).replace("T", " ");

/**
 * Checks the database against this code's migrations and, when `apply`, applies what is missing.
 * Refuses (throws) when the database is newer than the code, or when migrations are pending and
 * may not be applied here. Returns how many it applied.
 */
export async function migrateChecked(database: Database, { apply }: { apply: boolean }): Promise<number> {
  const log = baseLogger();
  const code = codeMigrations();
  const latest = latestCodeMigration();
  const applied = await appliedMigrations(database.db);
  const unknown = applied.filter((when) => when > latest);
  if (unknown.length) {
    throw new SchemaNewerThanCodeError(
      `Este código é mais antigo que o banco de dados: o banco tem ${unknown.length} migração(ões) ` +
        `que este código não conhece (a mais recente de ${stamp(unknown[0])} UTC; a última deste ` +
        `código é ${code.at(-1)?.tag ?? "nenhuma"}). Atualize a aplicação para a versão que aplicou ` +
        `essas migrações (ou uma mais nova) antes de iniciá-la neste banco.`,
    );
  }
  const newest = applied[0] ?? 0;
  const pending = code.filter((m) => m.when > newest);
  if (pending.length === 0) {
    log.info({ migrations: code.length }, "database schema up to date");
    return 0;
  }
  if (!apply) {
    throw new MigrationsPendingError(
      `${pending.length} migração(ões) pendente(s) (${pending[0].tag}…${pending.at(-1)!.tag}) e ` +
        `MIGRATE_ON_START=false: rode \`npm run db:migrate\` antes de iniciar o servidor.`,
    );
  }
  await migrateDatabase(database);
  log.info({ applied: pending.length, from: pending[0].tag, to: pending.at(-1)!.tag }, "migrations applied");
  return pending.length;
}

/**
 * Runs `setup` holding the startup advisory lock of the PostgreSQL at `databaseUrl`, on a
 * connection of its own (the lock is released when it closes, even if this process dies). Another
 * instance holding it makes this one wait, and say so in the log. PGlite is single-process: no lock.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  setup: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return setup();
  const log = baseLogger();
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "cardapio-startup" });
  await client.connect();
  try {
    const { rows } = await client.query<{ got: boolean }>("select pg_try_advisory_lock($1) as got", [
      STARTUP_LOCK_KEY,
    ]);
    if (!rows[0].got) {
      log.info("another instance is migrating the database: waiting for it");
      await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
      log.info("the other instance finished its startup: continuing");
    }
    try {
      return await setup();
    } finally {
      await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Opens the configured database (PostgreSQL when a URL is given, otherwise PGlite under
 * dataDir), checks it against this code's migrations and applies the missing ones under the
 * startup lock, and installs it as the process database (scripts; the server's boot does the same
 * with the rest of its setup inside the lock).
 */
export async function connect(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** false: refuse pending migrations instead of applying them. */
  migrate?: boolean;
}): Promise<Database> {
  const database = await openDatabase(opts);
  try {
    await withStartupLock(opts.databaseUrl, () => migrateChecked(database, { apply: opts.migrate ?? true }));
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  setDatabase(database);
  return database;
}
