/**
 * Which Vitest files run on which database engine, in one place (docs/testing.md).
 *
 * `npm test` runs every file once on PostgreSQL (the production engine, on the newest supported
 * LTS Node), and on PGlite (the embedded default of `npm start`) only the files below, whose
 * behaviour depends on the engine. The rest holds on both because the drivers give the same
 * values (tests/integration/driver-parity.test.ts) and the browser suite runs the whole product on
 * PGlite. `npx vitest run` without TEST_DATABASE_URL still runs every file on PGlite (but the
 * PostgreSQL-only ones), for a quick local check.
 */

/** The files that also run on PGlite, each with why its result can depend on the engine. */
export const PGLITE_FILES: Record<string, string> = {
  "app/server/jobs/queue.test.ts":
    "pg-boss runs on PGlite through an adapter (adapters.server.ts), on PostgreSQL with its own pool",
  "app/server/jobs/events-queue.test.ts": "the event fan-out through the queue and its PGlite adapter",
  "app/server/rate-limit/rate-limit.test.ts":
    "counters upserted under concurrent requests: one PGlite connection serialises what PostgreSQL runs in parallel",
  "app/modules/billing/export.test.ts": "CSV streaming reads in batches; the engines page differently",
  "tests/integration/csv-export.test.ts": "CSV streaming of every export, in batches",
  "app/db/phone-migration.test.ts": "a data migration, run by PGlite's migrator",
  "app/modules/referrals/pipeline-migration.test.ts": "a data migration, run by PGlite's migrator",
  "tests/integration/operations.test.ts":
    "backup, restore and migrations under a lock: a branch of its own per engine (the embedded copy through the server's socket)",
  "tests/integration/production-server.test.ts":
    "the production server on the embedded database (readiness, SIGTERM with a job in flight)",
  "app/server/dev-data/demo.test.ts": "the demo data `npm start` writes into the embedded database",
  "app/modules/billing/money-integrity-1.test.ts":
    "the money-integrity property test runs its 300 sequences on each database (issue 41), half here",
  "app/modules/billing/money-integrity-2.test.ts": "the other half of the money-integrity sequences",
  "app/modules/billing/money-races.test.ts":
    "concurrent payments and cancellations: row locks on PostgreSQL, one connection on PGlite",
  "app/modules/billing/webhook.test.ts":
    "concurrent deliveries of one event, stored once under each engine's locking",
  "app/modules/billing/charge-state.test.ts": "the charge state machine enforced by a PL/pgSQL trigger",
  "app/modules/billing/totals.test.ts": "Financeiro's totals kept by PL/pgSQL triggers",
  "app/modules/revenue/rollups.test.ts": "revenue rollups kept by a PL/pgSQL trigger",
  "app/modules/revenue/conversions.test.ts":
    "converted clients in Receita, whose rollups a PL/pgSQL trigger keeps (issue 44 asks both engines)",
  "app/modules/consistency/consistency.test.ts":
    "the consistency check reads rollups and history kept by PL/pgSQL triggers; one truth is asked of both engines",
  "app/modules/consistency/random-business.test.ts":
    "the randomised business (one truth at scale) runs on both engines",
  "app/modules/clients/subscription-door.test.ts":
    "a subscription change without its history event refused by PL/pgSQL and deferred constraint triggers",
  "app/modules/referrals/duplicates.test.ts":
    "duplicate referrals refused under an advisory lock (pg_advisory_xact_lock)",
  "tests/integration/accent-search.test.ts":
    "unaccent and pg_trgm: PGlite's contrib builds of the extensions",
  "app/server/db-tools/search.test.ts": "search by unaccent and trigram similarity",
  "app/server/db-tools/counts.test.ts":
    "estimated counts read from the planner's statistics (pg_class.reltuples)",
};

/** The files that run on PostgreSQL only, with why. */
export const POSTGRES_ONLY_FILES: Record<string, string> = {
  "tests/integration/driver-parity.test.ts": "compares PGlite with node-postgres: it needs both",
};
