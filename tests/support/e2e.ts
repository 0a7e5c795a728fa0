import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const ADMIN = { email: "admin@e2e.dev", password: "admin-e2e-123" };

/**
 * Opens a page and waits until it answers clicks: the app marks the document `data-hydrated` once
 * React has hydrated it (root.tsx); plain-HTML pages (the public site, the client area) are marked
 * `data-plain` by the server and are ready as served.
 */
export async function gotoReady(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator("html[data-hydrated], html[data-plain]")).toBeAttached({ timeout: 15_000 });
}

export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.dev`;
}

/**
 * A mobile number no other test uses: the wizard refuses a phone already referred, a client's or
 * an open lead's (issue 14 item 5), and every spec of a run shares one database.
 */
export function uniquePhone(ddd = "11") {
  return `${ddd}9${String(Math.floor(Math.random() * 1e8)).padStart(8, "1")}`;
}

/**
 * Posts a form to a route's action as the browser's own form would (same cookies, no script), and
 * expects its redirect. The sign-in helpers below use it: the forms themselves, typed into and
 * answered, are proven once in foundation/auth.spec.ts; every other spec only needs the session,
 * and typing it in on each test cost a login page and a client navigation (issue 42).
 */
export async function submitForm(
  request: APIRequestContext,
  url: string,
  form: Record<string, string>,
  redirectsTo: string,
) {
  const res = await request.post(url, { form, maxRedirects: 0 });
  expect(res.status(), `POST ${url}`).toBe(302);
  expect(res.headers()["location"], `POST ${url}`).toBe(redirectsTo);
}

/** Signs the page in as the E2E admin (its own session) and opens the dashboard. */
export async function loginAsAdmin(page: Page) {
  await submitForm(page.request, "/admin/login", ADMIN, "/admin/dashboard");
  await gotoReady(page, "/admin/dashboard");
}

/** Registers a new representative and signs it in (its own session); opens its dashboard. */
export async function registerAndLoginRepresentative(page: Page, name = "Representante E2E") {
  const email = uniqueEmail("rep");
  const password = "senha-rep-123";
  await submitForm(
    page.request,
    "/representante/register",
    { name, email, password, confirmPassword: password },
    "/representante/login",
  );
  await submitForm(page.request, "/representante/login", { email, password }, "/representante/dashboard");
  await gotoReady(page, "/representante/dashboard");
  return { email, password, name };
}

/**
 * axe-core scan (WCAG 2 A/AA); fails with the list of violations. `frames: false` leaves
 * iframes out: axe's frame-by-frame run waits forever on a `sandbox=""` frame (no scripts run
 * there), so such a page is scanned in axe's legacy in-page mode with iframes off.
 */
export async function expectNoA11yViolations(page: Page, { frames = true }: { frames?: boolean } = {}) {
  const analyze = async () => {
    await pageIsStill(page);
    let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
    if (!frames) builder = builder.setLegacyMode(true).options({ iframes: false });
    const results = await builder.analyze();
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  };
  // A toast's exit transition can begin while axe reads the page (its timer runs out at any
  // moment), and axe then reads a half-transparent colour. A real violation is there every time:
  // what is found is looked at again once the page is still, and only what both looks found fails.
  const first = await analyze();
  const summary = first.length === 0 ? first : (await analyze()).filter((v) => first.includes(v));
  expect(summary).toEqual([]);
}

/**
 * Colours are checked as they end up: let entrance transitions (a toast fading in) finish, or axe
 * reads a half-transparent colour. Endless animations (spinners) are not waited for. The page must
 * stay still for 300 ms: a toast starts its transition a frame after it is inserted, so a single
 * look can fall between the two.
 */
async function pageIsStill(page: Page) {
  await page.evaluate(() => ((window as unknown as { __stillSince: number }).__stillSince = 0));
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __stillSince: number };
        const still = document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity);
        if (!still) w.__stillSince = 0;
        else w.__stillSince ||= performance.now();
        return still && performance.now() - w.__stillSince >= 300;
      },
      null,
      { timeout: 5000, polling: 50 },
    )
    .catch(() => {});
}
