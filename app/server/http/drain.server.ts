import type { NextFunction, Request, Response } from "express";

/**
 * Requests in flight, so that a SIGTERM lets them finish (server.mjs): the listener closes at
 * once, the answers still being written ask their clients to close the connection
 * (`Connection: close`, so no new request arrives on a kept-alive one), and the process waits
 * for them up to a limit. /readyz answers 503 from the first moment (health.server.ts).
 */
const active = new Set<Response>();
let draining = false;
let onIdle: (() => void) | undefined;

export function requestsInFlight(): number {
  return active.size;
}

/** True once the process began to stop taking requests. */
export function isDraining(): boolean {
  return draining;
}

export function inFlightMiddleware() {
  return (_req: Request, res: Response, next: NextFunction) => {
    active.add(res);
    if (draining) res.setHeader("Connection", "close");
    // "close" follows "finish", and also comes alone when the client went away mid-answer.
    res.once("close", () => {
      active.delete(res);
      if (active.size === 0) onIdle?.();
    });
    next();
  };
}

/**
 * Begins the drain: readiness fails from now on and every answer not yet started closes its
 * connection. Resolves when no request is in flight, or after `timeoutMs`, with how many were
 * still running then (the caller closes their connections).
 */
export async function drainRequests(timeoutMs: number): Promise<number> {
  draining = true;
  for (const res of active) if (!res.headersSent) res.setHeader("Connection", "close");
  if (active.size === 0) return 0;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    onIdle = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  onIdle = undefined;
  return active.size;
}

/** Tests: back to taking requests. */
export function resetDrain(): void {
  draining = false;
  onIdle = undefined;
}
