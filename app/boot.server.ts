import { connect, type Database } from "~/db/client.server";
import { baseUrl, env } from "~/lib/env.server";
import { ensureAdmin } from "~/modules/auth/bootstrap.server";
import { seedDemoModules } from "~/modules/demo/demo.server";
import { demoOperatorMessage } from "~/server/dev-data/demo-message";
import { JOBS } from "~/jobs.server";
import { listenForPublicContentChanges } from "~/server/cache/public-content.server";
import { seedDemoData } from "~/server/dev-data/demo.server";
import { bodyLimitFor } from "~/server/http/body-limit.server";
import { requestGuardMiddleware } from "~/server/http/request-guard.server";
import { startJobs, stopJobs } from "~/server/jobs/queue.server";
import { baseLogger, printForOperator } from "~/server/logging/logger.server";
import { closeMailTransport } from "~/server/mail/transport.server";

let database: Database | undefined;
let stopContentListener: (() => Promise<void>) | undefined;

/** Runs once before the server listens: env, database + migrations, admin, demo data. */
export async function boot() {
  const e = env();
  const logger = baseLogger();
  database = await connect({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  // Other instances' admin changes drop this instance's cached public pages (PostgreSQL only).
  stopContentListener = await listenForPublicContentChanges({
    databaseUrl: e.DATABASE_URL,
    log: (msg) => logger.warn(msg),
  });
  // The queue starts before anything that may publish an event (demo data, the admin).
  await startJobs({ database, databaseUrl: e.DATABASE_URL, jobs: JOBS, worker: e.WORKER });
  // The generated password is printed, not logged: the README promises it on the first start.
  await ensureAdmin({ log: printForOperator });
  if (e.SEED_DEMO) {
    const seeded = await seedDemoData({ business: e.SEED_DEMO === true, extend: seedDemoModules });
    if (seeded.created.length) logger.info({ seeded: seeded.created }, "demo data created");
    if (seeded.business) {
      // Printed, not logged, like the first admin's password: shown once to the operator.
      printForOperator(demoOperatorMessage(seeded.business));
    }
  }
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: baseUrl(),
    trustProxy: e.TRUST_PROXY,
    databaseKind: database.kind === "pglite" ? `PGlite em ${e.DATA_DIR}` : "PostgreSQL",
  };
}

export async function shutdown() {
  await stopJobs();
  closeMailTransport();
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
