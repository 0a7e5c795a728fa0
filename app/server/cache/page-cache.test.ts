import express from "express";
import { request } from "node:http";
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

// A stand-in for server.mjs: per-request nonce + CSP, then the cache, then an "app" that renders
// the nonce it is given (like React Router's <Scripts nonce>) and counts its renders.
let renders = 0;
let content = "v1";
let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use(pageCacheMiddleware());
  app.get("/{*splat}", (req, res) => {
    renders++;
    if (req.query.cookie) res.setHeader("Set-Cookie", "__flash=; Max-Age=0");
    if (req.path === "/blog/sumiu") return res.redirect(302, "/blog");
    res.type("html");
    // Streamed in pieces, as React Router does.
    res.write(`<html><body><p>${content}</p>`);
    res.write(`<script nonce="${res.locals.nonce}">window.__ctx={nonce:"${res.locals.nonce}"}</script>`);
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
  content = "v1";
});

/** One GET; `cache` says whether the app rendered it (MISS) or the cache answered (HIT). */
async function page(path: string, headers: Record<string, string> = {}) {
  const before = renders;
  const res = await fetch(base + path, { headers, redirect: "manual" });
  const body = await res.text();
  const csp = res.headers.get("content-security-policy") ?? "";
  const nonce = /nonce-([^']+)/.exec(csp)?.[1];
  return { res, body, nonce, cache: renders > before ? "MISS" : "HIT" };
}

describe("page cache", () => {
  it("serves the second request from memory with this response's own nonce", async () => {
    const first = await page("/");
    const second = await page("/");
    expect([first.cache, second.cache]).toEqual(["MISS", "HIT"]);
    expect(renders).toBe(1);
    // Whether a page came from the cache is not told to the client (issue 13 item 8).
    expect(first.res.headers.get("x-page-cache")).toBeNull();
    expect(second.res.headers.get("x-page-cache")).toBeNull();
    expect(second.body).toContain("<p>v1</p>");
    expect(first.nonce).not.toBe(second.nonce);
    for (const p of [first, second]) {
      // Every nonce in the body is the one in this response's CSP header.
      const inBody = [...p.body.matchAll(/nonce(?:="|:")([^"]+)"/g)].map((m) => m[1]);
      expect(inBody).toEqual([p.nonce, p.nonce]);
    }
  });

  it("serves hits gzip-encoded when accepted, decoding to exactly the page with this nonce", async () => {
    await page("/blog/gz");
    const res = await fetch(`${base}/blog/gz`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(renders, "served from the cache").toBe(1);
    const raw = Buffer.from(await res.arrayBuffer());
    // fetch undoes gzip itself; zlib below is the strict decoder of the raw bytes.
    const nonce = /nonce-([^']+)/.exec(res.headers.get("content-security-policy") ?? "")![1];
    expect(raw.toString()).toBe(
      `<html><body><p>v1</p><script nonce="${nonce}">window.__ctx={nonce:"${nonce}"}</script></body></html>`,
    );
    const { gunzipSync } = await import("node:zlib");
    const manual = await new Promise<Buffer>((resolve, reject) => {
      const req = request(`${base}/blog/gz`, { headers: { "accept-encoding": "gzip" } }, (r) => {
        const chunks: Buffer[] = [];
        r.on("data", (c) => chunks.push(c));
        r.on("end", () => resolve(Buffer.concat(chunks)));
      });
      req.on("error", reject);
      req.end();
    });
    expect(gunzipSync(manual).toString()).toContain("<p>v1</p>");
    const identity = await new Promise<string>((resolve) => {
      request(`${base}/blog/gz`, { headers: { "accept-encoding": "identity" } }, (r) => {
        let text = "";
        r.on("data", (c) => (text += c));
        r.on("end", () => resolve(text));
      }).end();
    });
    expect(identity).toContain("<p>v1</p>");
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
    for (const path of ["/admin/dashboard", "/representante/indicacoes", "/healthz", "/blog/a/b"]) {
      expect(isCacheableRequest({ method: "GET", path, headers: {} })).toBe(false);
    }
    expect(isCacheableRequest({ method: "POST", path: "/", headers: {} })).toBe(false);
    for (const path of [
      "/",
      "/contato",
      "/blog",
      "/blog/um-post",
      "/blog/um-post.data",
      "/_root.data",
      "/sitemap.xml",
    ]) {
      expect(isCacheableRequest({ method: "GET", path, headers: {} })).toBe(true);
    }
  });

  it("keeps at most PAGE_CACHE_MAX_ENTRIES pages (query strings cannot fill memory)", async () => {
    for (let i = 0; i < PAGE_CACHE_MAX_ENTRIES + 20; i++) await page(`/blog?q=${i}`);
    expect(pageCacheStats().entries).toBe(PAGE_CACHE_MAX_ENTRIES);
  });
});
