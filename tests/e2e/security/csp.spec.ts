/**
 * Our own pages under the strict CSP in a real Chromium: opening every GET route (as the role
 * that may see it) produces no CSP violation, no blocked script and no console CSP error. The
 * back office, the portal and the sign-in pages hydrate (React Router's own inline scripts carry
 * the nonce); public pages are plain HTML (issue 26): no framework script, and every inline
 * script allowed by the CSP.
 */
import { expect, test } from "@playwright/test";
import { loginAsAdmin, registerAndLoginRepresentative } from "../../support/e2e";
import { allGetUrls, plainHtmlProblems, watchForXss, whoFor, type Who } from "./support";

/**
 * The back office, the portal and the client area (sign-in pages included) hydrate; everything
 * else is public.
 */
const hydrates = (path: string) => /^\/(admin|representante|cliente)(\/|$)/.test(path);

test("no CSP violation on any page, for visitors, admins and representatives", async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000); // every route for three kinds of visitor: 2.6 min seen on a quiet machine
  // File downloads (CSV/JSON exports, the statement, a representative's own data) are not pages: the browser does not render them.
  const urls = (await allGetUrls(request)).filter((u) => !/(\/export|\.csv|\.json)(\?.*)?$/.test(u));
  const pages = {} as Record<Who, Awaited<ReturnType<typeof browser.newPage>>>;
  const watchers = {} as Record<Who, Awaited<ReturnType<typeof watchForXss>>>;
  for (const who of ["anon", "admin", "rep"] as Who[]) {
    pages[who] = await browser.newPage();
    watchers[who] = await watchForXss(pages[who]);
  }
  await loginAsAdmin(pages.admin);
  await registerAndLoginRepresentative(pages.rep, "Representante CSP");
  const problems: string[] = [];
  for (const url of urls) {
    const who = whoFor(url);
    const page = pages[who];
    const res = await page.goto(url);
    await page.waitForLoadState("networkidle");
    if (res?.headers()["content-type"]?.includes("text/html")) {
      // Where the page ended up (a redirect may lead from one kind of page to the other).
      const path = new URL(page.url()).pathname;
      if (hydrates(path)) {
        // React marks the document once it has hydrated: its scripts ran under the CSP.
        const hydrated = await page
          .locator("html[data-hydrated]")
          .waitFor({ state: "attached", timeout: 15_000 })
          .then(
            () => true,
            () => false,
          );
        if (!hydrated) problems.push(`${who} ${url}: did not hydrate`);
        await page.waitForLoadState("networkidle");
      } else {
        const html = await res.text();
        const csp = res.headers()["content-security-policy"] ?? "";
        problems.push(...plainHtmlProblems(html, csp).map((p) => `${who} ${url}: ${p}`));
      }
    }
    problems.push(...(await watchers[who].check(`${who} ${url}`)));
  }
  expect(problems).toEqual([]);
});
