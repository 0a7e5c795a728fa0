/**
 * A real server error, end to end, on a server of its own backed by a scratch PostgreSQL
 * database (so a table can be taken away under it): the page is the pt-BR error page of its
 * area with a way back, it shows the request id the server answered in X-Request-Id, and the
 * server logged that error exactly once, under that id.
 */
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import {
  loginCookie,
  registerRepresentative,
  scratchPostgres,
  startServer,
  TEST_ADMIN,
  type ServerHandle,
} from "../../../scripts/security/server-process.mjs";

// Next to the suite's own port, so parallel runs on other E2E_PORTs do not collide.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 109;
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REP = { name: "Representante Erro", email: "rep-erro@e2e.dev", password: "senha-rep-erro" };

let server: ServerHandle;
let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
let cookies: { admin: string; rep: string };

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  try {
    scratch = await scratchPostgres(PG_ADMIN_URL, "erros");
  } catch (err) {
    // npm test starts PostgreSQL before this stage (scripts/test-pg.sh); say what is missing.
    throw new Error(`PostgreSQL indisponível em ${PG_ADMIN_URL} (TEST_DATABASE_URL): ${err}`);
  }
  server = await startServer({
    port: PORT,
    env: { DATABASE_URL: scratch.url, SEED_DEMO: "false", RATE_LIMIT_REGISTER: "100" },
  });
  expect(await registerRepresentative(server.url, REP)).toBe(302);
  cookies = {
    admin: await loginCookie(server.url, TEST_ADMIN, "admin"),
    rep: await loginCookie(server.url, REP, "representative"),
  };
  // From here every read of these tables fails: the pages below can only answer with an error.
  const c = new pg.Client({ connectionString: scratch.url });
  await c.connect();
  await c.query("alter table blog_posts rename to blog_posts_off");
  await c.query("alter table representatives rename to representatives_off");
  await c.end();
});

test.afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
});

async function openFailing(page: Page, path: string, cookie: string, failingLoaders = 1) {
  await page.context().addCookies(
    cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name, value: value.join("="), url: server.url };
    }),
  );
  const res = await page.goto(server.url + path);
  expect(res?.status()).toBe(500);
  const requestId = res!.headers()["x-request-id"];
  expect(requestId).toBeTruthy();
  await expect(page.getByText(`Código do erro: ${requestId}`)).toBeVisible();
  // Logged once per failed loader, under the id the user sees (the JSON line carries reqId).
  await expect
    .poll(() =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes(requestId) && l.includes('"unhandled"')),
    )
    .toHaveLength(failingLoaders);
  return requestId;
}

test("back office: the 500 page keeps the sidebar, names the request and leads back", async ({ page }) => {
  await openFailing(page, "/admin/blog/edit/00000000-0000-4000-8000-000000000000", cookies.admin);
  await expect(page.getByRole("heading", { name: "Algo deu errado" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Menu administrativo" })).toBeVisible();
  await page.getByRole("link", { name: "Voltar ao painel" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("portal: the 500 page names the request and leads back to the dashboard", async ({ page }) => {
  // The layout's guard and the page's guard both read the representative: two failures.
  await openFailing(page, "/representante/materiais", cookies.rep, 2);
  await expect(page.getByRole("heading", { name: "Algo deu errado" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar ao dashboard" })).toHaveAttribute(
    "href",
    "/representante/dashboard",
  );
});
