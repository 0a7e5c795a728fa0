import type { ServerResponse } from "node:http";
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * Requests first, background work in the gaps (issue 19 item 4). The workers run in the web
 * process by default (`npm start`), and each lead starts several jobs (fan-out, the alert's
 * e-mail rendering, delivery) that cost more CPU than the POST itself: a burst of submissions
 * then went at the workers' pace (~110/s here) instead of the form's (~1 000/s). Jobs are rows in
 * PostgreSQL, so they can wait: while the process is busy answering requests (a request in flight
 * or within QUIET_MS, and the event loop over BUSY_LOOP of its time), a worker's batch waits for a
 * gap, at most MAX_WAIT_MS (so under a long burst the background still moves, one batch per queue
 * and wait), and a full batch does not fetch the next one at once. A process that is answering a
 * few requests (a normal day, the E2E suite) is not busy: its jobs run at once.
 */
const QUIET_MS = 20;
const MAX_WAIT_MS = 2_000;
const CHECK_EVERY_MS = 10;
const BUSY_LOOP = 0.5;
/** The event loop's use is measured over windows of this length. */
const LOOP_WINDOW_MS = 100;

let inFlight = 0;
let lastActivity = 0;
let loopMark: EventLoopUtilization = performance.eventLoopUtilization();
let loopMarkAt = performance.now();
let loopBusy = 0;

/** Counts a request from its start to the end of its response (server.mjs, every request). */
export function trackRequest(res: ServerResponse) {
  inFlight++;
  lastActivity = performance.now();
  res.once("close", () => {
    inFlight--;
    lastActivity = performance.now();
  });
}

/** The share of the last finished window the event loop spent working (0–1). */
function loopUse(now: number): number {
  if (now - loopMarkAt >= LOOP_WINDOW_MS) {
    const next = performance.eventLoopUtilization();
    loopBusy = performance.eventLoopUtilization(next, loopMark).utilization;
    loopMark = next;
    loopMarkAt = now;
  }
  return loopBusy;
}

/** Requests are keeping the process busy: one in flight (or within QUIET_MS) and a loaded loop. */
export function requestsBusy(now = performance.now()): boolean {
  return (inFlight > 0 || now - lastActivity < QUIET_MS) && loopUse(now) > BUSY_LOOP;
}

/** Resolves once requests leave a gap, or after MAX_WAIT_MS (whichever comes first). */
export async function yieldToRequests(maxWaitMs = MAX_WAIT_MS): Promise<void> {
  const start = performance.now();
  while (requestsBusy() && performance.now() - start < maxWaitMs) await sleep(CHECK_EVERY_MS);
}
