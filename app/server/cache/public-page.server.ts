import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { securityHeaders } from "~/server/http/headers.server";

/**
 * Public pages at the limit (docs/decisions/017-public-pages-at-the-limit.md): the bytes
 * of a cached anonymous page are the same for every visitor, so they are compressed once, carry
 * a strong ETag and may sit in any shared cache.
 *
 * - No per-response token in the body: the page renders without a nonce (and without the request
 *   id); the CSP allows its inline scripts by their SHA-256 hashes, computed here from the very
 *   bytes sent, so every inline script (React Router's, the consent bootstrap, the tracking
 *   snippets, the admin's custom scripts) is covered. 'strict-dynamic' is kept: what those
 *   scripts load runs too.
 * - `Cache-Control` public with `s-maxage` / `stale-while-revalidate` (PUBLIC_S_MAXAGE,
 *   PUBLIC_STALE_WHILE_REVALIDATE) for the copy without a cookie choice; a copy rendered for a
 *   visitor's cookie choice (decision 015) is `private`: a shared cache keyed on the URL can
 *   then only hand out the copy without trackers.
 * - `Vary: Accept-Encoding` only; `304 Not Modified` on a matching `If-None-Match`.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export interface PublicBody {
  /** Exactly what was rendered (identity) and its two encodings. */
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** Strong validator of the identity bytes; the encodings get a suffix (a strong ETag names bytes). */
  etag: string;
  /** 'sha256-…' sources of every inline script in the body. */
  hashes: string[];
  /** The copy without a cookie choice may be kept by shared caches; the others are private. */
  shared: boolean;
  /** Content headers kept from the render (content-type, link, x-robots-tag, …). */
  headers: [string, string][];
  /** Header lists for writeHead, by encoding and https (built on first use). */
  raw: Map<string, string[]>;
}

function seconds(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v >= 0 ? v : fallback;
}

/** The shared-cache policy of anonymous public pages (values from the environment). */
export function publicCacheControl(shared: boolean): string {
  if (!shared) return "private, max-age=0, must-revalidate";
  const sMaxAge = seconds("PUBLIC_S_MAXAGE", 60);
  const swr = seconds("PUBLIC_STALE_WHILE_REVALIDATE", 600);
  return `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=${swr}`;
}

const SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;

const sha256Source = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** SHA-256 CSP sources of every inline script of an HTML document (those without src). */
export function inlineScriptHashes(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(SCRIPT)) {
    if (/\ssrc\s*=/i.test(` ${m[1]}`)) continue;
    out.add(sha256Source(m[2]));
  }
  return [...out];
}

/**
 * The CSP of a page rendered the public way (no nonce) that is not stored: a redirect, an error
 * page, a first visit that sets the attribution cookie. Same hashes as a stored page would get.
 */
export function publicPageCsp(body: string, secure: boolean): string {
  const hashes = inlineScriptHashes(body);
  return securityHeaders({ hashes, secure })["Content-Security-Policy"];
}

/** Compresses and fingerprints a rendered public page, once, when it is stored. */
export async function makePublicBody(
  body: string,
  headers: [string, string][],
  shared: boolean,
): Promise<PublicBody> {
  const identity = Buffer.from(body, "utf8");
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const etag = createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  const isHtml = headers.some(([k, v]) => k === "content-type" && v.includes("html"));
  return {
    identity,
    gzip: gz,
    br,
    etag,
    hashes: isHtml ? inlineScriptHashes(body) : [],
    shared,
    headers: headers.filter(([k]) => k !== "cache-control" && k !== "vary"),
    raw: new Map(),
  };
}

export type Encoding = "br" | "gzip" | "identity";

/** The best encoding the client accepts (q=0 refuses one), from a raw Accept-Encoding header. */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let br = -1;
  let gz = -1;
  let star = -1;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    let q = 1;
    for (const p of params) {
      const [k, v] = p.trim().split("=");
      if (k === "q") q = Number(v) || 0;
    }
    if (name === "br") br = q;
    else if (name === "gzip" || name === "x-gzip") gz = q;
    else if (name === "*") star = q;
  }
  if (br < 0) br = star;
  if (gz < 0) gz = star;
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

export function etagFor(page: PublicBody, encoding: Encoding): string {
  return `"${page.etag}${encoding === "identity" ? "" : `-${encoding === "br" ? "br" : "gz"}`}"`;
}

/** If-None-Match (weak comparison, as RFC 9110 asks for it) against this representation. */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

/** Every header of the answer but X-Request-Id, as a flat list for writeHead (kept per entry). */
export function headerList(page: PublicBody, encoding: Encoding, secure: boolean): string[] {
  const id = `${encoding}|${secure ? 1 : 0}`;
  const cached = page.raw.get(id);
  if (cached) return cached;
  const list: string[] = [];
  for (const [k, v] of page.headers) list.push(k, v);
  const security = securityHeaders({ hashes: page.hashes, secure });
  for (const [k, v] of Object.entries(security)) list.push(k, v);
  list.push("Cache-Control", publicCacheControl(page.shared), "Vary", "Accept-Encoding");
  list.push("ETag", etagFor(page, encoding));
  if (encoding !== "identity") list.push("Content-Encoding", encoding);
  page.raw.set(id, list);
  return list;
}

const bodyOf = (page: PublicBody, encoding: Encoding) =>
  encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;

/** Sends a stored public page through Express (the page cache's hit and miss paths), or 304. */
export function sendPublicPage(
  req: { headers: IncomingMessage["headers"]; secure: boolean },
  res: ServerResponse & { removeHeader(name: string): void; setHeader(k: string, v: string): unknown },
  page: PublicBody,
  end: (chunk?: Buffer) => unknown,
) {
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const list = headerList(page, encoding, req.secure);
  for (let i = 0; i < list.length; i += 2) res.setHeader(list[i], list[i + 1]);
  res.removeHeader("content-length");
  if (notModified(req.headers["if-none-match"], etagFor(page, encoding))) {
    res.statusCode = 304;
    res.removeHeader("Content-Encoding");
    return end();
  }
  const body = bodyOf(page, encoding);
  res.statusCode = 200;
  res.setHeader("Content-Length", String(body.length));
  return end(body);
}
