import type { Database } from "../../app/db/client.server";
import { connect } from "../../app/db/startup.server";
import { JOBS } from "../../app/jobs.server";
import { env } from "../../app/lib/env.server";
import { startJobs, stopJobs } from "../../app/server/jobs/queue.server";

/**
 * Opens the configured database (DATABASE_URL, else PGlite in DATA_DIR) with migrations applied,
 * and the job queue without workers: what a script changes through the domain functions enqueues
 * its jobs (e-mails, webhooks) for the server to run, exactly as a request would.
 * PGlite is single-process: stop the server before running a script against its data directory.
 */
export async function openConfiguredDatabase(): Promise<Database> {
  const e = env();
  const database = await connect({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  await startJobs({ database, databaseUrl: e.DATABASE_URL, jobs: JOBS, worker: false });
  return {
    ...database,
    close: async () => {
      await stopJobs();
      await database.close();
    },
  };
}

/** Reads `--name value` / `--name=value` from argv. */
export function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === `--${name}`) return argv[i + 1];
    if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  }
  return undefined;
}
