import { expect, type APIRequestContext } from "@playwright/test";

/** What /test-hooks/clock answers: the server's clock, and what a daily job it ran did. */
export interface ServerClock {
  now: string;
  today: string;
  issued?: number;
  marked?: number;
  reminders?: number;
  suspended?: number;
}

/**
 * Moves (`at`) or resets (`reset: "1"`) the server's clock, then optionally runs a daily job's work
 * now (`run`: renewals, overdue or dunning), through the E2E-only /test-hooks/clock (an admin's
 * request). A spec that moves the server's clock is named `*.clock.spec.ts`: it runs on a server of
 * its own, one at a time.
 */
export async function serverClock(
  request: APIRequestContext,
  form: { at?: string; reset?: "1"; run?: "renewals" | "overdue" | "dunning" },
): Promise<ServerClock> {
  const res = await request.post("/test-hooks/clock", { form });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ServerClock;
}
