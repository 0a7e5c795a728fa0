import { openDatabase, setDatabase, type Database } from "~/db/client.server";
import { migrateChecked, withStartupLock } from "~/db/startup.server";
import { baseUrl, env } from "~/lib/env.server";
import { startAppMetrics } from "~/metrics.server";
import { ensureAdmin } from "~/modules/auth/bootstrap.server";
import { buildDemoBusiness } from "~/modules/demo/demo.server";
import { demoOperatorMessage } from "~/server/dev-data/demo-message";
import { JOBS } from "~/jobs.server";
import { listenForPublicContentChanges } from "~/server/cache/public-content.server";
import { seedDemoData } from "~/server/dev-data/demo.server";
import { bodyLimitFor } from "~/server/http/body-limit.server";
import { requestGuardMiddleware } from "~/server/http/request-guard.server";
import { jobsRunning, startJobs, stopJobs } from "~/server/jobs/queue.server";
import { baseLogger, printForOperator } from "~/server/logging/logger.server";
import { closeMailTransport } from "~/server/mail/transport.server";
import {
  httpRequestRecorder,
  metricsEndpoint,
  startMetricsServer,
  type BuildRoute,
} from "~/server/metrics/http-metrics.server";
import { startBackupSocket } from "~/server/backup/embedded-backup.server";

let database: Database | undefined;
let stopContentListener: (() => Promise<void>) | undefined;
let closeMetricsServer: (() => Promise<void>) | undefined;
let closeBackupSocket: (() => Promise<void>) | undefined;

/**
 * Runs once before the server listens: env, database + migrations, job queue, admin, demo data,
 * metrics. The first-start setup runs under the startup lock (app/db/startup.server.ts): with
 * several instances starting at once on one PostgreSQL, one migrates and seeds while the others
 * wait, then find nothing left to do.
 */
export async function boot() {
  const e = env();
  const logger = baseLogger();
  const db = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  database = db;
  await withStartupLock(e.DATABASE_URL, async () => {
    await migrateChecked(db, { apply: e.MIGRATE_ON_START });
    setDatabase(db);
    // The queue starts before anything that may publish an event (demo data, the admin). The demo
    // business is made by moving the clock through the past year (app/modules/demo): no worker
    // may run a job meanwhile, with that clock, so with SEED_DEMO=true the workers start after it.
    const demoBusiness = e.SEED_DEMO === true;
    const startQueue = (worker: boolean) =>
      startJobs({ database: db, databaseUrl: e.DATABASE_URL, jobs: JOBS, worker });
    await startQueue(e.WORKER && !demoBusiness);
    // The generated password is printed, not logged: the README promises it on the first start.
    await ensureAdmin({ log: printForOperator });
    if (e.SEED_DEMO) {
      const seeded = await seedDemoData({ business: e.SEED_DEMO === true, build: buildDemoBusiness });
      if (seeded.created.length) logger.info({ seeded: seeded.created }, "demo data created");
      if (seeded.business) {
        // Printed, not logged, like the first admin's password: shown once to the operator.
        printForOperator(demoOperatorMessage(seeded.business, { smtp: Boolean(e.SMTP_URL) }));
      }
    }
    if (demoBusiness && e.WORKER) await startQueue(true);
  });
  // Other instances' admin changes drop this instance's cached public pages (PostgreSQL only).
  stopContentListener = await listenForPublicContentChanges({
    databaseUrl: e.DATABASE_URL,
    log: (msg) => logger.warn(msg),
  });
  if (metricsEnabled()) startAppMetrics({ worker: e.WORKER });
  if (e.METRICS_PORT) {
    const metricsServer = await startMetricsServer({
      port: e.METRICS_PORT,
      host: e.HOST,
      token: e.METRICS_TOKEN,
    });
    closeMetricsServer = metricsServer.close;
  }
  // The embedded database can be backed up while the server runs (npm run db:backup asks it).
  if (db.pglite) closeBackupSocket = await startBackupSocket({ pglite: db.pglite, dataDir: e.DATA_DIR });
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: baseUrl(),
    trustProxy: e.TRUST_PROXY,
    databaseKind: db.kind === "pglite" ? `PGlite em ${e.DATA_DIR}` : "PostgreSQL",
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
  };
}

/**
 * The last steps of a stop (server.mjs has already closed the listener and drained the
 * requests): running jobs get `timeoutMs` to finish, then those still running are handed back to
 * the queue; then the connections close.
 */
export async function shutdown({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
  baseLogger().info({ jobsRunning: jobsRunning(), timeoutMs }, "stopping the job worker");
  await stopJobs({ timeoutMs });
  // Handlers still running now were handed back to the queue (pg-boss failed them for a retry).
  baseLogger().info({ handedBack: jobsRunning() }, "job worker stopped");
  closeMailTransport();
  await closeBackupSocket?.();
  closeBackupSocket = undefined;
  await closeMetricsServer?.();
  closeMetricsServer = undefined;
  await stopContentListener?.();
  stopContentListener = undefined;
  if (database) await database.close();
  database = undefined;
}

/** CSRF origin check and the per-route body limits (app/server/http). */
export function requestGuard() {
  return requestGuardMiddleware({
    bodyLimit: bodyLimitFor,
    allowedOrigins: [new URL(baseUrl()).origin],
  });
}

function metricsEnabled(): boolean {
  const e = env();
  return Boolean(e.METRICS_TOKEN || e.METRICS_PORT);
}

/**
 * The HTTP metrics for server.mjs: null when metrics are off (nothing is measured, nothing
 * added to a request); else the recorder the request log calls for each finished request, and
 * the /metrics endpoint when it is served on the app's port (METRICS_TOKEN without METRICS_PORT).
 */
export function httpMetrics(routes: Record<string, BuildRoute | undefined>) {
  if (!metricsEnabled()) return null;
  const e = env();
  const endpoint = e.METRICS_TOKEN && !e.METRICS_PORT ? metricsEndpoint({ token: e.METRICS_TOKEN }) : null;
  return {
    record: httpRequestRecorder({ routes, ownPaths: endpoint ? ["/metrics"] : [] }),
    endpoint,
  };
}
