/**
 * Our own pages under the strict CSP in a real Chromium: opening every GET route (as the role
 * that may see it) produces no CSP violation, no blocked script and no console CSP error, and
 * the page hydrates (React Router's own inline scripts carry the nonce).
 */
import { expect, test } from "@playwright/test";
import { loginAsAdmin, registerAndLoginRepresentative, showUp } from "../../support/e2e";
import { allGetUrls, watchForXss, whoFor, type Who } from "./support";

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
    // HTML pages hydrate (the landing on the visitor's first sign of life): the router's client
    // state exists, so its scripts ran under the CSP.
    if (res?.headers()["content-type"]?.includes("text/html")) {
      const hydrated = await showUp(page).then(
        () => true,
        () => false,
      );
      if (!hydrated) problems.push(`${who} ${url}: did not hydrate`);
      await page.waitForLoadState("networkidle");
    }
    problems.push(...(await watchers[who].check(`${who} ${url}`)));
  }
  expect(problems).toEqual([]);
});
