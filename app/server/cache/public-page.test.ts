import express from "express";
import { createHash, randomBytes } from "node:crypto";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearPageCache, pageCacheMiddleware } from "./page-cache.server";
import { publicContentChanged } from "./public-content.server";
import { inlineScriptHashes, pickEncoding } from "./public-page.server";
import { securityHeaders } from "~/server/http/headers.server";

// A stand-in for server.mjs: the page cache first, then per-request nonce + headers (none for a
// public page being stored), and an "app" that renders the nonce it is given (none on public pages).
let renders = 0;
let content = "v1";
let base = "";
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(pageCacheMiddleware());
  app.use((req, res, next) => {
    const pub = Boolean(res.locals.publicPage);
    if (!pub) res.locals.nonce = randomBytes(16).toString("base64");
    const headers = securityHeaders({ nonce: res.locals.nonce, hashes: pub ? [] : undefined, secure: false });
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    next();
  });
  app.get("/{*splat}", (req, res) => {
    renders++;
    // A first visit from a campaign sets the attribution cookie: that answer is not stored.
    if (req.query.utm_source) res.setHeader("Set-Cookie", "__attr=x; Path=/");
    const nonce = res.locals.nonce ? ` nonce="${res.locals.nonce}"` : "";
    res.type("html");
    res.flushHeaders();
    res.write(`<html><head><script${nonce}>window.a=1</script></head><body><p>${content}</p>`);
    res.write(`<script${nonce} type="module">import("/assets/x.js")</script>`);
    res.end(`<script${nonce}>window.__ctx={nonce:"${res.locals.nonce}"}</script></body></html>`);
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

/** A GET with the raw bytes (no automatic decoding). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = request(base + path, { headers }, (r) => {
      const chunks: Buffer[] = [];
      r.on("data", (c) => chunks.push(c));
      r.on("end", () =>
        resolve({
          status: r.statusCode ?? 0,
          headers: r.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("public pages: the same bytes for every anonymous visitor", () => {
  it("answers two anonymous requests with byte-identical bodies, no nonce, rendered once", async () => {
    const first = await get("/blog");
    const second = await get("/blog");
    expect(first.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(renders).toBe(1);
    expect(first.body.toString()).not.toMatch(/nonce="/);
    expect(first.headers["content-security-policy"]).not.toContain("'nonce-");
  });

  it("lists in the CSP the SHA-256 of every inline script of the page, and keeps 'strict-dynamic'", async () => {
    for (const res of [await get("/"), await get("/")]) {
      const html = res.body.toString();
      const csp = res.headers["content-security-policy"];
      const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(scripts).toHaveLength(3);
      for (const s of scripts) {
        const hash = createHash("sha256").update(s).digest("base64");
        expect(csp).toContain(`'sha256-${hash}'`);
      }
      expect(csp).toMatch(/script-src ('sha256-[A-Za-z0-9+/=]{44}' ){3}'strict-dynamic'/);
    }
  });

  it("sends shared-cache headers, a strong ETag, Vary: Accept-Encoding, and 304 on If-None-Match", async () => {
    const miss = await get("/contato");
    const hit = await get("/contato");
    for (const r of [miss, hit]) {
      expect(r.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
      expect(r.headers.vary).toBe("Accept-Encoding");
      expect(r.headers.etag).toMatch(/^"[\w-]{27}"$/);
    }
    expect(hit.headers.etag).toBe(miss.headers.etag);
    const again = await get("/contato", { "if-none-match": hit.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(hit.headers.etag);
    expect((await get("/contato", { "if-none-match": '"outro"' })).status).toBe(200);
  });

  it("serves br and gzip bytes that decode to exactly the identity body, each with its own ETag", async () => {
    const plain = await get("/blog/post");
    const gz = await get("/blog/post", { "accept-encoding": "gzip" });
    const br = await get("/blog/post", { "accept-encoding": "gzip, deflate, br" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(new Set([plain.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
    expect(
      (await get("/blog/post", { "accept-encoding": "br", "if-none-match": br.headers.etag })).status,
    ).toBe(304);
  });

  it("changes the ETag when public content changes (a post edit)", async () => {
    const before = await get("/blog/artigo");
    content = "v2";
    await publicContentChanged();
    const after = await get("/blog/artigo");
    expect(after.body.toString()).toContain("v2");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await get("/blog/artigo", { "if-none-match": before.headers.etag })).status).toBe(200);
  });

  it("never gives a request with the session cookie a shared-cache header nor a cached body", async () => {
    await get("/");
    await get("/");
    expect(renders).toBe(1);
    for (const cookie of [
      "better-auth.session_token=abc",
      "__Secure-better-auth.session_token=abc",
      "__flash=x",
    ]) {
      const r = await get("/", { cookie });
      expect(r.headers["cache-control"] ?? "").not.toMatch(/public|s-maxage/);
      expect(r.headers.etag).toBeUndefined();
      // Rendered for this request, with its own nonce.
      const nonce = /'nonce-([^']+)'/.exec(r.headers["content-security-policy"])![1];
      expect(r.body.toString()).toContain(`nonce="${nonce}"`);
    }
    expect(renders).toBe(4);
  });

  it("keeps a visitor's cookie choice out of shared caches (private copy per choice, decision 015)", async () => {
    const r = await get("/", { cookie: "consentimento=v1.11" });
    const again = await get("/", { cookie: "consentimento=v1.11" });
    expect(r.headers["cache-control"]).toBe("private, max-age=0, must-revalidate");
    expect(again.body.equals(r.body)).toBe(true);
    expect(renders).toBe(1);
  });
});

describe("public page helpers", () => {
  it("names by hash the scripts of a public page it does not store (a cookie was set), so it still runs", async () => {
    const res = await get("/?utm_source=campanha");
    expect(res.headers["set-cookie"]).toBeTruthy();
    const html = res.body.toString("utf8");
    expect(html).not.toContain("nonce=");
    const csp = res.headers["content-security-policy"];
    expect(csp).not.toContain("'nonce-");
    for (const hash of inlineScriptHashes(html)) expect(csp).toContain(hash);
    // Not stored: the next visit renders again.
    await get("/?utm_source=campanha");
    expect(renders).toBe(2);
  });

  it("hashes inline scripts only", () => {
    const hashes = inlineScriptHashes(
      `<script>a</script><script src="/x.js"></script><SCRIPT type="module">b</SCRIPT>`,
    );
    const h = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    expect(hashes).toEqual([h("a"), h("b")]);
  });

  it("negotiates the encoding like a browser expects", () => {
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("identity")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
  });
});
