import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, TEST_ADMIN, type ServerHandle } from "../../../scripts/security/server-process.mjs";
import { createClientViaForm } from "../../support/admin";
import { submitForm, uniqueEmail } from "../../support/e2e";
import { newLead } from "../../support/leads";
import { flattenRoutes } from "../../support/route-list";
import { clippedTodayNames, cutRevenue, layoutProblems, paymentRowProblems } from "./support";

// Issue 45 "Done when": every admin page, at a 1366 × 768 laptop and at a 390 × 844 touch phone,
// on the demo business (a server of its own, started with it) plus a client and a lead with long
// names, as real ones are: no sideways scroll, every table's last column within reach, the rail as
// tall as the page, and in Financeiro the client's name and "Registrar pagamento" both in view on
// each row. The pages are app/routes.ts's, so a new admin page is crawled the day it is added; an
// id route opens a real id, taken from a link on a page crawled before it.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 50;
const LAPTOP: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
};

// The sign-in pages are the signed-out admin's, crawled by touch-targets.spec.ts.
const SIGNED_OUT = /^\/admin\/(login|forgot-password|reset-password|invite)$/;
const ADMIN_PAGES = flattenRoutes()
  .filter((r) => r.pattern.startsWith("/admin/") && r.file.endsWith(".tsx") && !SIGNED_OUT.test(r.pattern))
  // The catch-all answers any unknown address with the admin's 404 (tests/integration/area-not-found).
  .filter((r) => !r.pattern.includes("*"))
  .map((r) => r.pattern);

test.describe.configure({ mode: "serial" });

let server: ServerHandle;
let dataDir: string;
let longClientId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-demo-"));
  server = await startServer({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      RATE_LIMIT_LOGIN: "10000",
      RATE_LIMIT_CONTACT: "10000",
    },
    timeoutMs: 240_000,
  });
  // Long names beside the demo's (issue 45: a long lead name widened "Hoje" past a phone's screen).
  const page = await signedIn(browser, LAPTOP);
  await newLead(page, "Rodrigo Henrique de Albuquerque Vasconcellos Bittencourt");
  longClientId = await createClientViaForm(page, {
    name: "Maria Aparecida dos Santos Figueiredo Albuquerque",
    email: uniqueEmail("restaurante-e-pizzaria-do-bairro"),
    business: "Restaurante, Pizzaria e Lanchonete Sabor da Vila Mariana Delivery",
    plan: "Premium",
  });
  await page.context().close();
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A browser context of its own on the demo server, signed in as its admin (one sign-in). */
async function signedIn(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, baseURL: server.url });
  const page = await context.newPage();
  await submitForm(page.request, "/admin/login", TEST_ADMIN, "/admin/dashboard");
  return page;
}

/** A concrete URL for an id route: the long-named client, else the first link seen that fits it. */
function concrete(pattern: string, links: Set<string>): string | undefined {
  if (pattern === "/admin/clients/edit/:id") return `/admin/clients/edit/${longClientId}`;
  const shape = new RegExp(`^${pattern.replace(/:\w+/g, "[0-9a-f-]{36}")}$`);
  return [...links].find((href) => shape.test(href));
}

/**
 * Opens every admin page once, pages with an id after those that link to them, and returns what
 * `check` found on each; fails when an id route had no link to follow.
 */
async function crawl(page: Page, check: (url: string) => Promise<string[]>): Promise<string[]> {
  const links = new Set<string>();
  const problems: string[] = [];
  const visit = async (url: string) => {
    const res = await page.goto(url);
    if (res?.status() !== 200) {
      problems.push(`${url}: answered ${res?.status()}`);
      return;
    }
    await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
    problems.push(...(await check(url)));
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((as) => as.map((a) => (a.getAttribute("href") ?? "").replace(/[?#].*$/, "")));
    for (const href of hrefs) links.add(href);
  };
  let waiting = ADMIN_PAGES.filter((p) => p.includes(":"));
  for (const url of ADMIN_PAGES.filter((p) => !p.includes(":"))) await visit(url);
  for (;;) {
    const ready = waiting.map((p) => [p, concrete(p, links)] as const).filter(([, url]) => url);
    if (ready.length === 0) break;
    waiting = waiting.filter((p) => !ready.some(([q]) => q === p));
    for (const [, url] of ready) await visit(url!);
  }
  expect(waiting, "id routes with no link to them on the demo's admin pages").toEqual([]);
  return problems;
}

/** On a phone the menu is a drawer (the same on every page): opened, it is as tall as the screen. */
async function drawerProblems(page: Page, where: string): Promise<string[]> {
  await page.getByRole("button", { name: "Abrir menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Painel Admin" });
  await expect(drawer.getByRole("navigation", { name: "Menu administrativo" })).toBeVisible();
  const box = (await drawer.boundingBox())!;
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  const height = page.viewportSize()!.height;
  return box.y <= 0 && box.y + box.height >= height
    ? []
    : [
        `${where}: the menu spans ${Math.round(box.y)}–${Math.round(box.y + box.height)} px of a ${height} px screen`,
      ];
}

/** Whether the page is inside the admin layout (the printable receipt is not: no menu on paper). */
const inAdminShell = (page: Page) =>
  page
    .locator("#conteudo")
    .count()
    .then((n) => n > 0);

test("every admin page at 1366 × 768: no sideways scroll, the rail as tall as the page, Financeiro's rows whole", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await signedIn(browser, LAPTOP);
  const problems = await crawl(page, async (url) => {
    const where = `${url} @1366`;
    const found = await layoutProblems(page, where, { rail: await inAdminShell(page) });
    if (url === "/admin/billing") found.push(...(await paymentRowProblems(page, where)));
    if (url === "/admin/dashboard") found.push(...(await clippedTodayNames(page, where)));
    if (url === "/admin/revenue") found.push(...(await cutRevenue(page, where)));
    return found;
  });
  expect(problems).toEqual([]);
  await page.context().close();
});

test("every admin page at 390 × 844 (touch): no sideways scroll, the menu as tall as the screen, Financeiro's cards whole", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const page = await signedIn(browser, PHONE);
  expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches), "a touch screen").toBe(true);
  const problems = await crawl(page, async (url) => {
    const where = `${url} @390`;
    const found = await layoutProblems(page, where);
    if (url === "/admin/billing") found.push(...(await paymentRowProblems(page, where)));
    if (url === "/admin/dashboard") {
      found.push(...(await clippedTodayNames(page, where)));
      found.push(...(await drawerProblems(page, where)));
    }
    return found;
  });
  expect(problems).toEqual([]);
  await page.context().close();
});
