/**
 * HTTP-level defences of the real production server: security headers on every kind of
 * response, the CSRF origin check, body limits, GET never changes state, cookie attributes and
 * session rotation, and no inline <script> without this response's nonce on any GET route (or,
 * on the cached public pages, without its hash in the CSP: decision 017).
 */
import { expect, test, type APIResponse } from "@playwright/test";
import { createHash } from "node:crypto";
import http from "node:http";
import { ADMIN } from "../../support/e2e";
import { allGetUrls, contextFor, cspNonce, scriptTags, setCookies, whoFor, type Who } from "./support";

/**
 * A POST announcing `length` bytes that sends none of them (only the headers), then reads the
 * answer: the server must refuse from the header alone, and with no unread bytes on its side the
 * close is clean (unread bytes would make the kernel reset the connection).
 */
function postOversized(url: string, origin: string, length: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: { origin, "content-type": "application/x-www-form-urlencoded", "content-length": length },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

function expectSecurityHeaders(res: APIResponse, what: string) {
  const h = res.headers();
  const csp = h["content-security-policy"] ?? "";
  // A per-response nonce, or on cached public pages the hashes of their inline scripts
  // ('none' on those without any, such as the sitemap).
  expect(csp, `${what}: CSP`).toMatch(
    /script-src ('nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'|('sha256-[A-Za-z0-9+/=]{44}' )+'strict-dynamic'|'none';)/,
  );
  expect(csp, `${what}: frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: object-src`).toContain("object-src 'none'");
  expect(csp, `${what}: base-uri`).toContain("base-uri 'self'");
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], what).toContain("camera=()");
  // Plain HTTP and no trusted proxy: a forged X-Forwarded-Proto must not turn HSTS on.
  expect(h["strict-transport-security"], `${what}: HSTS over plain HTTP`).toBeUndefined();
  expect(h["x-powered-by"], what).toBeUndefined();
}

test("every kind of response carries the security headers", async ({ request }) => {
  // Public pages load no framework script (decision 018): the sign-in page links the built JS.
  const html = await (await request.get("/admin/login")).text();
  const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, "a built JS asset linked from the sign-in page").toBeTruthy();
  const cases: [string, () => Promise<APIResponse>, number][] = [
    ["page", () => request.get("/"), 200],
    ["404 page", () => request.get("/nao-existe"), 404],
    ["redirect (guard)", () => request.get("/admin/dashboard", { maxRedirects: 0 }), 302],
    // (/contato was the resource redirect; it is a page now.) A loader's own redirect:
    ["redirect (loader)", () => request.get("/blog/nao-existe", { maxRedirects: 0 }), 302],
    ["resource route", () => request.get("/healthz"), 200],
    ["xml resource", () => request.get("/sitemap.xml"), 200],
    ["static file", () => request.get("/favicon.svg"), 200],
    ["built asset", () => request.get(asset!), 200],
    [
      "CSRF refusal",
      () => request.post("/admin/login", { headers: { origin: "https://evil.example" } }),
      403,
    ],
    [
      "spoofed https",
      () =>
        request.get("/", { headers: { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" } }),
      200,
    ],
  ];
  const nonces: string[] = [];
  for (const [what, fetchIt, status] of cases) {
    const res = await fetchIt();
    expect(res.status(), what).toBe(status);
    expectSecurityHeaders(res, what);
    const nonce = cspNonce(res.headers()["content-security-policy"]);
    if (nonce) nonces.push(nonce);
  }
  // A fresh nonce per response that has one (the cached public pages use hashes instead).
  expect(nonces.length).toBeGreaterThanOrEqual(cases.length - 4);
  expect(new Set(nonces).size).toBe(nonces.length);
});

test("no inline <script> without this response's nonce on any GET route (as anon, admin, representative)", async ({
  playwright,
  baseURL,
}) => {
  const anon = await contextFor(playwright, baseURL!, "anon");
  const contexts: Record<Who, typeof anon> = {
    anon,
    admin: await contextFor(playwright, baseURL!, "admin"),
    rep: await contextFor(playwright, baseURL!, "rep"),
  };
  const urls = await allGetUrls(anon);
  const checked: string[] = [];
  for (const url of urls) {
    for (const who of new Set<Who>(["anon", whoFor(url)])) {
      const res = await contexts[who].get(url, { maxRedirects: 0 });
      const type = res.headers()["content-type"] ?? "";
      if (!type.includes("text/html")) continue;
      const csp = res.headers()["content-security-policy"];
      const nonce = cspNonce(csp);
      const html = await res.text();
      if (nonce) {
        for (const s of scriptTags(html)) {
          expect(s.nonce, `${url} as ${who}: ${s.tag}`).toBe(nonce);
        }
      } else {
        // A cached public page (the same bytes for everyone): each inline script by its hash.
        expect(who, `${url}: hashes only for anonymous visitors`).toBe("anon");
        for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
          if (/application\/(ld\+)?json/.test(attrs)) continue;
          expect(attrs, `${url}: ${attrs}`).not.toMatch(/\s(src|nonce)=/);
          const hash = createHash("sha256").update(body, "utf8").digest("base64");
          expect(csp, `${url}: <script${attrs}>${body.slice(0, 60)}`).toContain(`'sha256-${hash}'`);
        }
      }
      // No inline event handlers either (CSP would block them; they must not exist).
      expect(html, `${url} as ${who}`).not.toMatch(/<[a-z][^>]*\son(load|error|click|mouseover)=/i);
      checked.push(`${who} ${url}`);
    }
  }
  // The pages behind the guards were really rendered, not only their redirects.
  expect(checked).toEqual(expect.arrayContaining(["admin /admin/dashboard", "rep /representante/dashboard"]));
});

test.describe("CSRF", () => {
  const form = { email: ADMIN.email, password: ADMIN.password };

  test("refuses a POST from another site with 403 and the pt-BR message", async ({ playwright, baseURL }) => {
    const ctx = await contextFor(playwright, baseURL!, "anon");
    const refused: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", origin: "https://sub.localhost" },
      { origin: baseURL!.replace("localhost", "127.0.0.1") },
    ];
    for (const headers of refused) {
      const res = await ctx.post("/admin/login", { form, headers, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toBe("Requisição recusada: origem não permitida.");
      expect(setCookies(res.headersArray()), "no session for a refused request").toEqual([]);
    }
    // The .data endpoint of React Router's client navigation is guarded the same way.
    const data = await ctx.post("/admin/login.data", { form, headers: { origin: "https://evil.example" } });
    expect(data.status()).toBe(403);
  });

  test("lets a same-origin POST through", async ({ playwright, baseURL }) => {
    const ctx = await contextFor(playwright, baseURL!, "anon");
    const origin = new URL(baseURL!).origin;
    const allowed: Record<string, string>[] = [
      { origin },
      { origin, "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
    ];
    for (const headers of allowed) {
      const res = await ctx.post("/admin/login", { form, headers, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(headers)).toBe(302);
      expect(res.headers()["location"]).toBe("/admin/dashboard");
    }
  });

  test("a GET never changes state: logout by GET keeps the session", async ({ playwright, baseURL }) => {
    const admin = await contextFor(playwright, baseURL!, "admin");
    const viaGet = await admin.get("/admin/logout", { maxRedirects: 0 });
    expect(viaGet.status()).toBe(302);
    expect((await admin.get("/admin/dashboard", { maxRedirects: 0 })).status()).toBe(200);
    const viaPost = await admin.post("/admin/logout", {
      headers: { origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(viaPost.status()).toBe(302);
    expect((await admin.get("/admin/dashboard", { maxRedirects: 0 })).headers()["location"]).toBe(
      "/admin/login",
    );
  });

  test("bounds request bodies: size, length and type", async ({ playwright, baseURL }) => {
    const ctx = await contextFor(playwright, baseURL!, "anon");
    const origin = new URL(baseURL!).origin;
    // The server answers 413 from Content-Length alone and closes the connection, so a client
    // still sending 6 MiB may hit EPIPE before it reads the answer: announce, do not send.
    const big = await postOversized(`${origin}/admin/login`, origin, 6 * 1024 * 1024);
    expect(big.status).toBe(413);
    // A document POST gets the pt-BR page (tests/e2e/security/limits.spec.ts has the rest).
    expect(big.body).toContain("Os dados enviados passam do limite aceito.");
    const xml = await ctx.post("/admin/login", {
      headers: { origin, "content-type": "application/xml" },
      data: "<a/>",
    });
    expect(xml.status()).toBe(415);
    const json = await ctx.post("/admin/login", {
      headers: { origin, "content-type": "application/json" },
      data: { email: "x" },
      maxRedirects: 0,
    });
    expect(json.status(), "a JSON body to a form action is a 400, not a 500").toBe(400);
  });
});

test.describe("session cookies", () => {
  test("are httpOnly and SameSite=Lax (not Secure over plain HTTP), and rotate on login", async ({
    playwright,
    baseURL,
  }) => {
    const ctx = await contextFor(playwright, baseURL!, "anon");
    const origin = new URL(baseURL!).origin;
    const first = await ctx.post("/admin/login", { form: ADMIN, headers: { origin }, maxRedirects: 0 });
    const cookies = setCookies(first.headersArray());
    const session = cookies.find((c) => c.includes("session_token="))!;
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(session).not.toMatch(/;\s*Secure/i);
    for (const c of cookies) expect(c, c.split("=")[0]).toMatch(/HttpOnly/i);
    const firstToken = session.split(";")[0];

    // Same browser signs in again: a new token, and the old one no longer opens anything.
    const second = await ctx.post("/admin/login", { form: ADMIN, headers: { origin }, maxRedirects: 0 });
    const secondToken = setCookies(second.headersArray())
      .find((c) => c.includes("session_token="))!
      .split(";")[0];
    expect(secondToken).not.toBe(firstToken);
    const stale = await playwright.request.newContext({ baseURL });
    const res = await stale.get("/admin/dashboard", { headers: { cookie: firstToken }, maxRedirects: 0 });
    expect(res.headers()["location"]).toBe("/admin/login");
    const fresh = await stale.get("/admin/dashboard", { headers: { cookie: secondToken }, maxRedirects: 0 });
    expect(fresh.status()).toBe(200);
  });
});
