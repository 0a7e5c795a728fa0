import express from "express";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  clearPageCache,
  isCacheableRequest,
  PAGE_CACHE_MAX_ENTRIES,
  pageCacheMiddleware,
  pageCacheStats,
} from "./page-cache.server";
import { publicContentChanged } from "./public-content.server";

// A stand-in for server.mjs: request counter, the page cache, then what comes after it in the
// real server (nonce + CSP, body guard, compression: here one middleware that counts how often
// it runs), then an "app" that counts its renders.
let renders = 0;
let later = 0;
let content = "v1";
let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(pageCacheMiddleware());
  app.use((_req, res, next) => {
    later++;
    if (!res.locals.publicPage) res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  app.get("/{*splat}", (req, res) => {
    renders++;
    if (req.query.cookie) res.setHeader("Set-Cookie", "__flash=; Max-Age=0");
    if (req.path === "/blog/sumiu") return res.redirect(302, "/blog");
    const nonce = res.locals.nonce ? ` nonce="${res.locals.nonce}"` : "";
    res.type("html");
    // Streamed in pieces, as React Router does.
    res.write(`<html><body><p>${content}</p>`);
    res.write(`<script${nonce}>window.a=1</script>`);
    res.end("</body></html>");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
beforeEach(() => {
  clearPageCache();
  renders = 0;
  later = 0;
  content = "v1";
});

/** One GET; `cache` says whether the app rendered it (MISS) or the cache answered (HIT). */
async function page(path: string, headers: Record<string, string> = {}) {
  const before = renders;
  const res = await fetch(base + path, { headers, redirect: "manual" });
  const body = await res.text();
  return { res, body, cache: renders > before ? "MISS" : "HIT" };
}

describe("page cache", () => {
  it("answers a hit before the middlewares after it, with the stored bytes and no nonce", async () => {
    const first = await page("/");
    const second = await page("/");
    expect([first.cache, second.cache]).toEqual(["MISS", "HIT"]);
    // The nonce, body guard and compression ran once: for the miss.
    expect(later).toBe(1);
    expect(second.body).toBe(first.body);
    expect(second.body).toBe("<html><body><p>v1</p><script>window.a=1</script></body></html>");
    // Whether a page came from the cache is not told to the client.
    expect(second.res.headers.get("x-page-cache")).toBeNull();
    expect(second.res.headers.get("content-security-policy")).toMatch(/script-src 'sha256-/);
  });

  it("answers HEAD from the cache with the headers and no body", async () => {
    await page("/blog");
    const res = await fetch(`${base}/blog`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBeTruthy();
    expect(await res.text()).toBe("");
    expect(renders).toBe(1);
  });

  it("keeps one copy per cookie choice: a visitor never gets a page rendered for another choice (LGPD)", async () => {
    const none = await page("/");
    const analytics = await page("/", { cookie: "x=1; consentimento=v1.10" });
    const again = await page("/", { cookie: "consentimento=v1.10" });
    const all = await page("/", { cookie: "consentimento=v1.11" });
    const junk = await page("/", { cookie: "consentimento=lixo" });
    expect([none, analytics, again, all, junk].map((p) => p.cache)).toEqual([
      "MISS",
      "MISS",
      "HIT",
      "MISS",
      "HIT",
    ]);
  });

  it("renders afresh after publicContentChanged (an admin change shows on the next request)", async () => {
    await page("/blog/artigo");
    content = "v2";
    expect((await page("/blog/artigo")).body).toContain("v1");
    await publicContentChanged();
    const after = await page("/blog/artigo");
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("v2");
  });

  it("does not store a page rendered before a bump that happened during the render", async () => {
    await page("/blog");
    await publicContentChanged();
    await page("/blog");
    expect(pageCacheStats().stored).toBe(2);
  });

  it("never caches personal requests or responses", async () => {
    await page("/", { cookie: "__flash=abc" });
    await page("/", { cookie: "__flash=abc" });
    await page("/", { cookie: "better-auth.session_token=xyz" });
    await page("/?cookie=1");
    await page("/?cookie=1");
    await page("/blog/sumiu");
    await page("/blog/sumiu");
    expect(renders).toBe(7);
    // Unrelated cookies (analytics) do not prevent caching.
    await page("/blog", { cookie: "_ga=GA1.1.1" });
    expect((await page("/blog", { cookie: "_ga=GA1.1.1" })).cache).toBe("HIT");
  });

  it("leaves private and non-GET routes alone", async () => {
    for (const path of [
      "/admin/dashboard",
      "/representante/indicacoes",
      "/healthz",
      "/blog/a/b",
      "/blog/um-post.data",
      "/_root.data",
    ]) {
      expect(isCacheableRequest({ method: "GET", path, headers: {} })).toBe(false);
    }
    expect(isCacheableRequest({ method: "POST", path: "/", headers: {} })).toBe(false);
    for (const path of ["/", "/contato", "/blog", "/blog/um-post", "/privacidade", "/sitemap.xml"]) {
      expect(isCacheableRequest({ method: "GET", path, headers: {} })).toBe(true);
    }
  });

  it("keeps at most PAGE_CACHE_MAX_ENTRIES pages (query strings cannot fill memory)", async () => {
    for (let i = 0; i < PAGE_CACHE_MAX_ENTRIES + 20; i++) await page(`/blog?q=${i}`);
    expect(pageCacheStats().entries).toBe(PAGE_CACHE_MAX_ENTRIES);
  });
});
