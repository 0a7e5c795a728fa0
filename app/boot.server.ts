import type { Logger } from "pino";
import { connect, getDatabase, type Database } from "~/db/client.server";
import { baseUrl, env } from "~/lib/env.server";
import { ensureAdmin } from "~/modules/auth/bootstrap.server";
import { seedDemoData } from "~/modules/demo/demo.server";
import { listenForPublicContentChanges } from "~/modules/ops/page-cache.server";
import { checkOrigin as check } from "~/modules/security/headers.server";
import { JOBS } from "~/jobs.server";
import { startJobs, stopJobs } from "~/server/jobs/queue.server";
import { closeMailTransport } from "~/server/mail/transport.server";

let database: Database | undefined;
let stopContentListener: (() => Promise<void>) | undefined;

/** Runs once before the server listens: env, database + migrations, admin, demo data. */
export async function boot({ logger }: { logger: Pick<Logger, "info" | "warn" | "error"> }) {
  const e = env();
  database = await connect({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  // Other instances' admin changes drop this instance's cached public pages (PostgreSQL only).
  stopContentListener = await listenForPublicContentChanges({
    databaseUrl: e.DATABASE_URL,
    log: (msg) => logger.warn(msg),
  });
  // The queue starts before anything that may publish an event (demo data, the admin).
  await startJobs({ database, databaseUrl: e.DATABASE_URL, jobs: JOBS, worker: e.WORKER, logger });
  await ensureAdmin({ log: (msg) => console.log(msg) });
  if (e.SEED_DEMO) {
    const seeded = await seedDemoData();
    if (seeded.length) logger.info({ seeded }, "demo data created");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: baseUrl(),
    trustProxy: e.TRUST_PROXY,
    maxBodyBytes: e.MAX_BODY_BYTES,
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

export function checkOrigin(req: Parameters<typeof check>[0]) {
  const own = new URL(baseUrl()).origin;
  return check({ ...req, allowedOrigins: [own] });
}

export function isBooted() {
  try {
    getDatabase();
    return true;
  } catch {
    return false;
  }
}
