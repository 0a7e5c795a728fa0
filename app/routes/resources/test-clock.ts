import type { Route } from "./+types/test-clock";
import { env } from "~/lib/env.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { issueRenewalCharges } from "~/modules/billing/billing.server";
import { markOverdueCharges } from "~/modules/billing/overdue.server";
import { sendChargeReminders } from "~/modules/billing/reminders.server";
import { suspendOverdueSubscriptions } from "~/modules/billing/suspension.server";
import { now, resetClock, setClock, today } from "~/server/clock.server";
import { readForm } from "~/server/http/form.server";

/**
 * E2E hook: a browser test cannot wait ten days, and the clock
 * lives inside the server process. Exists only when TEST_CLOCK_CONTROL is set (playwright's
 * webServer env); otherwise a 404 for everyone, admins included (authorization matrix).
 *   GET  → { now, today }
 *   POST at=<ISO instant> | reset=1, then optionally run=renewals|overdue|dunning (the daily
 *        job's work, now, against the moved clock) → { now, today, issued?, marked?, reminders?,
 *        suspended? }. Admins only.
 */
const notFound = () => new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
const state = () => ({ now: now().toISOString(), today: today() });

export async function loader() {
  if (!env().TEST_CLOCK_CONTROL) return notFound();
  return Response.json(state(), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  if (!env().TEST_CLOCK_CONTROL) return notFound();
  await requireAdmin(request);
  const form = await readForm(request);
  const at = form.at ?? "";
  if (form.reset === "1") resetClock();
  else if (at) {
    if (Number.isNaN(Date.parse(at))) return new Response("Instante inválido", { status: 400 });
    setClock(at);
  }
  const run = form.run;
  const result: Record<string, number> = {};
  if (run === "renewals") result.issued = await issueRenewalCharges();
  if (run === "overdue") result.marked = await markOverdueCharges();
  if (run === "dunning") {
    result.reminders = await sendChargeReminders();
    result.suspended = await suspendOverdueSubscriptions();
  }
  return Response.json({ ...state(), ...result }, { headers: { "Cache-Control": "no-store" } });
}
