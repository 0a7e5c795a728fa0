/**
 * Stored and reflected XSS with the corpus tests/fixtures/xss-payloads.txt (≥ 100 payloads).
 *  1. Through the real inputs of the E2E server: representative name (register → portal header),
 *     the register form's re-rendered values and the login error paths.
 *  2. Every text column some page renders, filled by scripts/security/xss-seed.ts on a server of
 *     its own, then every page that shows them opened as visitor, admin and representative.
 * On every page: no dialog, no `window.__xss = 1`, no CSP violation (escaped markup never trips
 * the CSP), no javascript: URL in any link or source.
 * New screens: add their URLs to SEEDED_PAGES (and their columns to xss-seed.ts).
 */
import { expect, test, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import {
  pgliteDataDir,
  ROOT,
  startServer,
  TEST_ADMIN,
  type ServerHandle,
} from "../../../scripts/security/server-process.mjs";
import { uniqueEmail } from "../../support/e2e";
import { watchForXss } from "./support";

const PAYLOADS = readFileSync(path.join(ROOT, "tests/fixtures/xss-payloads.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim());

test("the corpus has at least 100 payloads", () => {
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(100);
});

/** Signs in through the login endpoint from inside the page's context (cookies land in it). */
async function signIn(
  page: Page,
  base: string,
  kind: "admin" | "representante",
  email: string,
  password: string,
) {
  const res = await page.request.post(`${base}/${kind}/login`, {
    form: { email, password },
    headers: { origin: new URL(base).origin },
    maxRedirects: 0,
  });
  expect(res.status(), `login ${email}`).toBe(302);
}

test.describe("through the real inputs", () => {
  // Names are 3..100 characters once zero-width and bidi-control characters are removed and the
  // rest trimmed (PersonNameSchema in app/modules/auth/auth.schema.ts).
  const cleaned = (p: string) =>
    p.replace(/[\u200B-\u200F\u2060\uFEFF\u180E\u061C\u202A-\u202E\u2066-\u2069]/g, "").trim();
  const names = PAYLOADS.filter((p) => cleaned(p).length >= 3 && cleaned(p).length <= 100);
  // One sign-up per payload is slow (password hashing + pages): a sample of 15 spread over the
  // corpus goes through the real form; the seeded server below stores EVERY payload as a
  // representative name and opens the pages that show it.
  const step = Math.max(1, Math.floor(names.length / 15));
  const chunks = [names.filter((_, i) => i % step === 0).slice(0, 15)];

  chunks.forEach((chunk, n) => {
    test(`representative name in the portal header, batch ${n + 1}/${chunks.length}`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const watch = await watchForXss(page);
      const problems: string[] = [];
      for (const name of chunk) {
        const email = uniqueEmail("xss");
        const reg = await page.request.post("/representante/register", {
          form: { name, email, password: "senha-xss-123", confirmPassword: "senha-xss-123" },
          headers: { origin: new URL(baseURL!).origin },
          maxRedirects: 0,
        });
        expect(reg.status(), name).toBe(302);
        await signIn(page, baseURL!, "representante", email, "senha-xss-123");
        await page.goto("/representante/dashboard");
        await expect(page).toHaveURL(/\/representante\/dashboard$/);
        problems.push(...(await watch.check(`name ${JSON.stringify(name)}`)));
      }
      expect(problems).toEqual([]);
    });
  });

  // The register form with every payload, in halves, and the login forms: three tests the two
  // workers share (one test of ~170 s on a loaded machine bounded the suite's tail).
  const middle = Math.ceil(PAYLOADS.length / 2);
  const halves = [PAYLOADS.slice(0, middle), PAYLOADS.slice(middle)];
  halves.forEach((half, n) => {
    test(`register form re-rendering refused values, part ${n + 1}/2`, async ({ page }) => {
      test.setTimeout(240_000);
      const watch = await watchForXss(page);
      const problems: string[] = [];
      await page.goto("/representante/register");
      for (const payload of half) {
        // Mismatched passwords: the form comes back with the name and email filled in.
        await page.getByLabel("Nome completo").fill(payload);
        await page.getByLabel("E-mail", { exact: true }).fill(payload);
        await page.getByLabel("Senha", { exact: true }).fill("123456");
        await page.getByLabel("Confirmar senha").fill("654321");
        await page.getByRole("button", { name: "Cadastrar" }).click();
        await expect(page.getByRole("button", { name: "Cadastrar" })).toBeEnabled();
        problems.push(...(await watch.check(`register ${JSON.stringify(payload)}`)));
      }
      expect(problems).toEqual([]);
    });
  });

  test("login errors re-rendering refused values", async ({ page }) => {
    test.setTimeout(240_000);
    const watch = await watchForXss(page);
    const problems: string[] = [];
    for (const path of ["/admin/login", "/representante/login"]) {
      await page.goto(path);
      for (const payload of PAYLOADS.slice(0, 25)) {
        await page.getByLabel("E-mail", { exact: true }).fill(payload);
        await page.getByLabel("Senha").fill(payload);
        await page.getByRole("button", { name: "Entrar" }).click();
        await expect(page.getByRole("button", { name: "Entrar" })).toBeEnabled();
        problems.push(...(await watch.check(`${path} ${JSON.stringify(payload)}`)));
      }
    }
    expect(problems).toEqual([]);
  });
});

test.describe("stored in every rendered column (seeded server)", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });
  const PORT = Number(process.env.E2E_PORT ?? 3210) + 106;
  const XSS_REP = { email: "xss-rep@seguranca.dev", password: "senha-xss-123" };
  let server: ServerHandle;
  let dataDir: string;
  let seeded: { postIds: string[]; clientIds: string[]; planId: string };

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dataDir = await pgliteDataDir(PORT);
    const seed = spawnSync("npx", ["tsx", "scripts/security/xss-seed.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "false" },
      encoding: "utf8",
    });
    if (seed.status !== 0) throw new Error(`xss-seed failed:\n${seed.stderr}\n${seed.stdout}`);
    seeded = JSON.parse(seed.stdout.trim().split("\n").pop()!);
    server = await startServer({
      port: PORT,
      env: { DATA_DIR: dataDir, RATE_LIMIT_LOGIN: "10000", LOG_LEVEL: "warn" },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** Pages that show seeded columns, per role. A new screen = one more URL here. */
  const SEEDED_PAGES = () => ({
    anon: [
      "/",
      "/blog",
      "/blog?q=%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E",
      ...PAYLOADS.map((_, i) => `/blog/xss-${i}`),
    ],
    admin: [
      "/admin/dashboard",
      "/admin/clients",
      "/admin/clients?q=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
      ...seeded.clientIds.slice(0, 5).map((id) => `/admin/clients/edit/${id}`),
      // The same clients in the opened edit form (issue 28 item 9: the page opens on the overview).
      ...seeded.clientIds.slice(0, 2).map((id) => `/admin/clients/edit/${id}?editar`),
      "/admin/plans",
      `/admin/plans/edit/${seeded.planId}`,
      "/admin/leads",
      "/admin/blog",
      ...seeded.postIds.slice(0, 5).map((id) => `/admin/blog/edit/${id}`),
      "/admin/settings",
      "/admin/referrals",
      "/admin/representatives",
    ],
    rep: [
      "/representante/dashboard",
      "/representante/indicacoes",
      "/representante/nova-indicacao",
      "/representante/materiais",
    ],
  });

  for (const who of ["anon", "admin", "rep"] as const) {
    test(`pages seen by ${who}`, async ({ page }) => {
      const watch = await watchForXss(page);
      if (who === "admin") await signIn(page, server.url, "admin", TEST_ADMIN.email, TEST_ADMIN.password);
      if (who === "rep") await signIn(page, server.url, "representante", XSS_REP.email, XSS_REP.password);
      const problems: string[] = [];
      for (const url of SEEDED_PAGES()[who]) {
        const res = await page.goto(server.url + url);
        expect(res?.status(), url).toBeLessThan(500);
        problems.push(...(await watch.check(`${who} ${url}`)));
      }
      expect(problems).toEqual([]);
    });
  }

  test("feeds and sitemap escape stored titles", async ({ request }) => {
    const rss = await (await request.get(`${server.url}/rss.xml`)).text();
    expect(rss).not.toMatch(/<script|<img|<svg/i);
    const sitemap = await (await request.get(`${server.url}/sitemap.xml`)).text();
    expect(sitemap).not.toMatch(/<script|<img|<svg/i);
  });
});
