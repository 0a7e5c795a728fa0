import { getDb } from "~/db/client.server";
import { latestAppliedMigration, latestCodeMigration } from "~/db/startup.server";
import { now } from "~/server/clock.server";
import { isDraining } from "~/server/http/drain.server";
import { workerHeartbeat } from "~/server/jobs/queue.server";

/**
 * Liveness and readiness, for load balancers, orchestrators and monitors (docs/deploy.md).
 * Liveness (/healthz) says the process answers, nothing more: it never waits on the database, so
 * a database outage does not get every instance restarted. Readiness (/readyz) says this
 * instance should get traffic. Neither says which version, engine or host runs, nor why a check
 * failed beyond one word: that is for the logs.
 */

export type NotReadyReason = "shutting_down" | "database" | "migrations" | "worker";
export type Readiness = { ready: true } | { ready: false; reason: NotReadyReason };

/** A worker whose heart has not beaten for this long is not ready (it beats every 15 s). */
export const HEARTBEAT_MAX_AGE_MS = 60_000;
/** A database that does not answer within this is down, as far as readiness goes. */
export const READINESS_DB_TIMEOUT_MS = 2_000;

export function liveness(): { ok: true } {
  return { ok: true };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Ready when: not shutting down; the database answers (within READINESS_DB_TIMEOUT_MS) and has
 * every migration this code carries; and, on a worker instance, the job worker's heart beat
 * within HEARTBEAT_MAX_AGE_MS of now (the injectable clock).
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: "shutting_down" };
  let latest: number | null;
  try {
    latest = await withTimeout(latestAppliedMigration(getDb()), READINESS_DB_TIMEOUT_MS);
  } catch {
    return { ready: false, reason: "database" };
  }
  if (latest === null || latest < latestCodeMigration()) return { ready: false, reason: "migrations" };
  const heart = workerHeartbeat();
  if (heart.expected && (!heart.at || now().getTime() - heart.at.getTime() > HEARTBEAT_MAX_AGE_MS)) {
    return { ready: false, reason: "worker" };
  }
  return { ready: true };
}
