/**
 * Issue 13 items 4 and 5 on the real production server: oversize bodies get 413 (a pt-BR page,
 * or the pt-BR error state when JavaScript sends the form) while /healthz keeps answering, and
 * a locked account sees for how long it waits on /admin/login.
 */
import { expect, test } from "@playwright/test";
import http from "node:http";
import { ADMIN, uniqueEmail } from "../../support/e2e";
import { contextFor } from "./support";

const FIVE_MIB = 5 * 1024 * 1024;

/** A body of `bytes` bytes made of tiny fields: "a=&a=&a=&…". */
function manyFields(bytes: number): Buffer {
  return Buffer.alloc(bytes, "a=&");
}

/** Sends the whole body, then reads the answer; `connected` settles when the bytes start to flow. */
function postBody(url: string, headers: Record<string, string>, body: Buffer) {
  let connected!: Promise<void>;
  const result = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": body.length,
        ...headers,
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    connected = new Promise((ok) => req.on("socket", (s) => s.once("connect", () => ok())));
    req.end(body);
  });
  return { connected, result };
}

test("8 parallel 5 MiB bodies of tiny fields get 413 while /healthz answers", async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const admin = await contextFor(playwright, baseURL!, "admin");
  const cookie = (await admin.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const body = manyFields(FIVE_MIB);
  const idleStart = performance.now();
  expect((await fetch(`${origin}/healthz`)).status).toBe(200);
  const idleMs = Math.round(performance.now() - idleStart);
  // Four to an ordinary form (refused from Content-Length, nothing read) and four, as the admin,
  // to the settings: 5 MiB is within their byte limit, so the field cap stops the reading.
  const posts = [
    ...Array.from({ length: 4 }, () => postBody(`${origin}/representante/register`, { origin }, body)),
    ...Array.from({ length: 4 }, () => postBody(`${origin}/admin/settings`, { origin, cookie }, body)),
  ];
  await Promise.all(posts.map((p) => p.connected));
  const started = performance.now();
  const health = await fetch(`${origin}/healthz`);
  const healthMs = Math.round(performance.now() - started);
  const results = await Promise.all(posts.map((p) => p.result));
  // Reported, not asserted: the time depends on the machine's load (the target: < 1 s).
  console.log(
    `/healthz answered ${health.status} in ${healthMs} ms during 8 parallel 5 MiB posts (${idleMs} ms idle)`,
  );
  expect(health.status).toBe(200);
  expect(await health.json()).toMatchObject({ ok: true });
  expect(results.map((r) => r.status)).toEqual(Array(8).fill(413));
  for (const r of results) expect(r.body).toContain("Os dados enviados passam do limite aceito.");
  // The admin's session and the server are fine afterwards.
  expect((await admin.get("/admin/settings", { maxRedirects: 0 })).status()).toBe(200);
  await admin.dispose();
});

test.describe("an oversize form in the browser", () => {
  const fill = async (page: import("@playwright/test").Page) => {
    await page.goto("/representante/register");
    await page.getByLabel("Nome completo").fill("N".repeat(70_000));
    await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("grande"));
    await page.getByLabel("Senha", { exact: true }).fill("senha-boa-123");
    await page.getByLabel("Confirmar senha").fill("senha-boa-123");
    await page.getByRole("button", { name: "Cadastrar" }).click();
  };

  test("with JavaScript: the page's pt-BR error state", async ({ page }) => {
    await fill(page);
    await expect(page.getByRole("heading", { name: "Dados grandes demais" })).toBeVisible();
    await expect(page.getByText("Os dados enviados passam do limite aceito.")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("a pt-BR 413 page", async ({ page }) => {
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await fill(page);
      expect((await answer).status()).toBe(413);
      await expect(page.getByRole("heading", { name: "Dados grandes demais" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Voltar ao início" })).toBeVisible();
    });
  });
});

test("a locked admin account sees for how long it waits", async ({ page, playwright, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const email = uniqueEmail("bloqueio");
  const api = await playwright.request.newContext({ baseURL });
  for (let i = 0; i < 10; i++) {
    const res = await api.post("/admin/login", {
      form: { email, password: `errada-${i}` },
      headers: { origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(401);
  }
  await api.dispose();
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha").fill("qualquer-uma");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Muitas tentativas. Tente novamente em 15 minutos.").first()).toBeVisible();
  // The real admin, from the same address, is not locked.
  await page.getByLabel("E-mail", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Senha").fill(ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
