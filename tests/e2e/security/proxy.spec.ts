/**
 * A server of its own, configured as in production behind ONE https reverse proxy
 * (TRUST_PROXY=true, BASE_URL=https://...): HSTS only when the proxy says https, Secure cookies,
 * a forged X-Forwarded-For does not escape the rate limit, and the request log never holds a
 * password, a cookie or a token.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import { rmSync } from "node:fs";
import {
  pgliteDataDir,
  startServer,
  TEST_ADMIN,
  type ServerHandle,
} from "../../../scripts/security/server-process.mjs";
import { setCookies } from "./support";

// Its own server beside the suite's (E2E_PORT + 107), so parallel E2E runs on other ports never share it.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 107;
const PUBLIC = "https://cardapio.example";
let server: ServerHandle;
let dataDir: string;
let api: APIRequestContext;
// What the proxy forwards (nginx: proxy_set_header Host $host; X-Forwarded-Proto; X-Forwarded-For).
const viaProxy = (ip = "203.0.113.1") => ({
  host: new URL(PUBLIC).host,
  origin: PUBLIC,
  "x-forwarded-proto": "https",
  "x-forwarded-for": ip,
});

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000);
  dataDir = await pgliteDataDir(PORT);
  server = await startServer({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      TRUST_PROXY: "true",
      BASE_URL: PUBLIC,
      RATE_LIMIT_LOGIN: "3",
      LOG_LEVEL: "info",
    },
  });
  api = await playwright.request.newContext({ baseURL: server.url });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("HSTS only when the trusted proxy says the request came over https", async () => {
  const https = await api.get("/", { headers: viaProxy() });
  expect(https.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  const plain = await api.get("/");
  expect(plain.headers()["strict-transport-security"]).toBeUndefined();
});

test("session and flash cookies are Secure, httpOnly and SameSite=Lax behind https", async () => {
  const res = await api.post("/admin/login", {
    form: TEST_ADMIN,
    headers: viaProxy("203.0.113.50"),
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const cookies = setCookies(res.headersArray());
  const session = cookies.find((c) => c.includes("session_token="));
  expect(session, cookies.join("\n")).toMatch(/^__Secure-/);
  for (const c of cookies) {
    expect(c, c).toMatch(/;\s*Secure/i);
    expect(c, c).toMatch(/;\s*HttpOnly/i);
    expect(c, c).toMatch(/;\s*SameSite=Lax/i);
  }
  // The public https origin is the allowed one; the internal http origin is another site.
  const internal = await api.post("/admin/login", {
    form: TEST_ADMIN,
    headers: { ...viaProxy("203.0.113.51"), origin: server.url },
    maxRedirects: 0,
  });
  expect(internal.status()).toBe(403);
});

test("a forged X-Forwarded-For does not reset the failed-login limit of the address", async ({
  playwright,
}) => {
  // A clean cookie jar: the admin session of the previous test would turn the login page into
  // a redirect to the dashboard.
  const api = await playwright.request.newContext({ baseURL: server.url });
  const bad = { email: "ninguem@seguranca.dev", password: "senha-errada" };
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) {
    // The attacker prepends a new address each time; the proxy appends the real one.
    const res = await api.post("/admin/login", {
      form: bad,
      headers: viaProxy(`10.${i}.${i}.${i}, 198.51.100.77`),
      maxRedirects: 0,
    });
    statuses.push(res.status());
  }
  expect(statuses).toEqual([401, 401, 401, 429, 429]);
  const limited = await api.post("/admin/login", {
    form: bad,
    headers: viaProxy("198.51.100.77"),
    maxRedirects: 0,
  });
  expect(limited.status()).toBe(429);
  expect(limited.headers()["retry-after"]).toMatch(/^\d+$/);
  expect(await limited.text()).toContain("Muitas tentativas. Tente novamente em 15 minutos.");
  // Another real client is not affected.
  const other = await api.post("/admin/login", {
    form: bad,
    headers: viaProxy("198.51.100.78"),
    maxRedirects: 0,
  });
  expect(other.status()).toBe(401);
  await api.dispose();
});

test("request logs are structured and carry no password, cookie or token", async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: server.url });
  const secret = "Senha-Muito-Secreta-987";
  await api.post("/representante/register", {
    form: { name: "Log Teste", email: "log-teste@seguranca.dev", password: secret, confirmPassword: secret },
    headers: viaProxy("203.0.113.60"),
    maxRedirects: 0,
  });
  const login = await api.post("/representante/login", {
    form: { email: "log-teste@seguranca.dev", password: secret },
    headers: viaProxy("203.0.113.60"),
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  const token = setCookies(login.headersArray())
    .find((c) => c.includes("session_token="))!
    .split(";")[0]
    .split("=")[1];
  await api.get("/representante/dashboard?token=abc-query-secret", {
    headers: { ...viaProxy("203.0.113.60"), cookie: `__Secure-better-auth.session_token=${token}` },
  });
  await new Promise((r) => setTimeout(r, 300));
  const out = server.output();
  for (const leaked of [
    secret,
    TEST_ADMIN.password,
    token,
    decodeURIComponent(token),
    "abc-query-secret",
    "session_token",
  ]) {
    expect(out.includes(leaked), `log contains ${leaked.slice(0, 12)}…`).toBe(false);
  }
  const lines = out
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const entry = lines.find((l) => l.path === "/representante/login" && l.method === "POST");
  expect(entry).toMatchObject({ status: 302, method: "POST", path: "/representante/login" });
  expect(typeof entry!.reqId).toBe("string");
  expect(typeof entry!.ms).toBe("number");
});
