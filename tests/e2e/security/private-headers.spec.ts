/**
 * Issue 13 item 8 on the production server: the private areas and their `.data` requests are
 * never stored by a cache; /healthz, /readyz and the page cache say nothing about the inside.
 */
import { expect, test } from "@playwright/test";
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
