import type { ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Requests first, background work in the gaps (issue 19 item 4). The workers run in the web
 * process by default (`npm start`), and each lead starts several jobs (fan-out, the alert's
 * e-mail rendering, delivery) that cost more CPU than the POST itself: a burst of submissions
 * then went at the workers' pace (~110/s here) instead of the form's (~1 000/s). Jobs are rows in
 * PostgreSQL, so they can wait: a worker's batch waits until no request has been in flight for
 * QUIET_MS, at most MAX_WAIT_MS (so under a long burst the background still moves, one batch per
 * queue and wait), and a full batch does not fetch the next one at once while requests are in.
 */
const QUIET_MS = 20;
const MAX_WAIT_MS = 5_000;
const CHECK_EVERY_MS = 10;

let inFlight = 0;
let lastActivity = 0;

/** Counts a request from its start to the end of its response (server.mjs, every request). */
export function trackRequest(res: ServerResponse) {
  inFlight++;
  lastActivity = performance.now();
  res.once("close", () => {
    inFlight--;
    lastActivity = performance.now();
  });
}

/** A request is being answered, or one was within QUIET_MS. */
export function requestsBusy(now = performance.now()): boolean {
  return inFlight > 0 || now - lastActivity < QUIET_MS;
}

/** Resolves once requests leave a gap, or after MAX_WAIT_MS (whichever comes first). */
export async function yieldToRequests(maxWaitMs = MAX_WAIT_MS): Promise<void> {
  const start = performance.now();
  while (requestsBusy() && performance.now() - start < maxWaitMs) await sleep(CHECK_EVERY_MS);
}
