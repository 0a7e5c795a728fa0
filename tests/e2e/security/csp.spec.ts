/**
 * Our own pages under the strict CSP in a real Chromium: opening every GET route (as the role
 * that may see it) produces no CSP violation, no blocked script and no console CSP error. The
 * back office, the portal and the sign-in pages hydrate (React Router's own inline scripts carry
 * the nonce); public pages and the client area are plain HTML: no framework script, and every
 * inline script allowed by the CSP.
 */
import { expect, test } from "@playwright/test";
import { loginAsAdmin, registerAndLoginRepresentative } from "../../support/e2e";
import { allGetUrls, plainHtmlProblems, watchForXss, whoFor, type Who } from "./support";

/**
 * The back office and the portal hydrate; everything else (the public site, the client area and
 * its sign-in pages) is plain HTML.
 */
const hydrates = (path: string) => /^\/(admin|representante)(\/|$)/.test(path);

const VISITORS: Record<Who, string> = { anon: "visitors", admin: "admins", rep: "representatives" };

// One test per kind of visitor, so the two workers share the crawl (it was one 2.6-minute test).
for (const who of ["anon", "admin", "rep"] as Who[]) {
  test(`no CSP violation on any page, for ${VISITORS[who]}`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    // File downloads (CSV/JSON exports, the statement, a representative's own data) are not pages: the browser does not render them.
    const urls = (await allGetUrls(request))
      .filter((u) => !/(\/export(ar)?|\.csv|\.json)(\?.*)?$/.test(u))
      .filter((u) => whoFor(u) === who);
    const page = await browser.newPage();
    const watcher = await watchForXss(page);
    if (who === "admin") await loginAsAdmin(page);
    if (who === "rep") await registerAndLoginRepresentative(page, "Representante CSP");
    const problems: string[] = [];
    for (const url of urls) {
      const res = await page.goto(url);
      if (res?.headers()["content-type"]?.includes("text/html")) {
        // Where the page ended up (a redirect may lead from one kind of page to the other).
        const path = new URL(page.url()).pathname;
        if (hydrates(path)) {
          // React marks the document once it has hydrated: its scripts ran under the CSP. Then
          // what hydration fetched (route modules, prefetches) has finished loading too.
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
          await page.waitForLoadState("networkidle");
          const html = await res.text();
          const csp = res.headers()["content-security-policy"] ?? "";
          problems.push(...plainHtmlProblems(html, csp).map((p) => `${who} ${url}: ${p}`));
        }
      }
      problems.push(...(await watcher.check(`${who} ${url}`)));
    }
    expect(urls.length, "pages crawled").toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
}
