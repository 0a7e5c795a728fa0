/**
 * Issue 13 item 8 on the production server: the private areas and their `.data` requests are
 * never stored by a cache; /healthz, /readyz and the page cache say nothing about the inside.
 */
import { randomUUID } from "node:crypto";
import { createClientViaForm, unique } from "../../support/admin";
import { signInToClientArea } from "../../support/client-area-e2e";
import { uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { contextFor } from "./support";

test("admin and portal pages and their .data requests answer Cache-Control: private, no-store", async ({
  playwright,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const admin = await contextFor(playwright, baseURL!, "admin");
  const rep = await contextFor(playwright, baseURL!, "rep");
  const cases = [
    [admin, "/admin/dashboard", 200],
    [admin, "/admin/dashboard.data", 200],
    [admin, "/admin/clients.data", 200],
    [rep, "/representante/dashboard", 200],
    [rep, "/representante/indicacoes.data", 200],
    [admin, "/admin/login", 302],
  ] as const;
  for (const [ctx, path, status] of cases) {
    const res = await ctx.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(status);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
  // An action's .data reply too (a refused form: nothing changes).
  const action = await admin.post("/admin/clients/new.data", {
    form: { name: "" },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(action.headers()["cache-control"]).toBe("private, no-store");
  await admin.dispose();
  await rep.dispose();
});

test("the client area, its .data, receipts, JSON download and e-mailed link pages answer Cache-Control: private, no-store", async ({
  adminPage,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("cabecalhos");
  await createClientViaForm(adminPage, { name: unique("Dona Cabeçalho"), email, business: unique("Bar") });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInToClientArea(page, email);
  const cases = [
    ["/cliente", 200],
    ["/cliente.data", 200],
    ["/cliente/dados", 200],
    ["/cliente/dados.data", 200],
    ["/cliente/meus-dados.json", 200],
    [`/cliente/recibo/${randomUUID()}`, 404],
    // Signed in, the sign-in page sends the client to the area.
    ["/cliente/entrar", 302],
  ] as const;
  for (const [path, status] of cases) {
    const res = await context.request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(status);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
  // Without a session too: the sign-in page and the pages an e-mailed link opens (token in the URL).
  for (const path of [
    "/cliente/entrar",
    "/cliente/entrar/confirmar?token=inventado",
    "/cliente/email/confirmar?token=inventado",
    "/cliente",
  ]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(path === "/cliente" ? 302 : 200);
    expect(res.headers()["cache-control"], path).toBe("private, no-store");
  }
  await context.close();
});

test("public pages are not marked private, and say nothing about the page cache", async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const res = await request.get("/");
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"] ?? "").not.toContain("private");
    expect(res.headers()["x-page-cache"]).toBeUndefined();
  }
});

test("/healthz and /readyz answer a word, not the version or the database engine", async ({ request }) => {
  const live = await request.get("/healthz");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ ok: true });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ ready: true });
});
