import type { NextFunction, Request, Response } from "express";
import { lookupPage, pageCacheCounters as counters, rememberPage } from "./page-store.server";
import { publicContentVersion } from "./public-content.server";
import { makePublicBody, publicPageCsp, sendPublicPage } from "./public-page.server";
import { consentValue, parseConsent } from "~/lib/consent";

export {
  clearPageCache,
  PAGE_CACHE_MAX_ENTRIES,
  PAGE_CACHE_TTL_MS,
  pageCacheStats,
} from "./page-store.server";

/**
 * In-memory cache of public pages (/, /contato, /blog, /blog/{slug}, the legal pages, sitemap,
 * RSS, robots), an Express middleware mounted early (server.mjs): a hit is answered before the
 * nonce, the body guard and compression run, with bytes compressed once when the page was stored
 * (docs/decisions/018-public-site-as-plain-html.md).
 *
 * Correctness first:
 * - Every entry carries the public-content version it was rendered under; every write to plans,
 *   posts or settings announces `publicContentChanged()` (public-content.server.ts), which
 *   empties the store here and, through NOTIFY, on every other instance (page-store.server.ts).
 * - The bytes are the same for every anonymous visitor: rendered without a nonce or request id,
 *   with the CSP naming every inline script by hash (public-page.server.ts).
 * - The key is the URL and the visitor's cookie choice (pageCacheKey).
 * - Requests carrying the flash or session cookie, and responses that set a cookie or are not
 *   200, are never stored (they are personal).
 */

/** Public, anonymous pages. Query strings are part of the key (bounded by the LRU size). */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/(blog|contato|privacidade|termos)$/,
  /^\/blog\/[\w-]+$/,
  /^\/(sitemap\.xml|rss\.xml|robots\.txt)$/,
];
/** Cookies that make a page personal: the flash toast and better-auth's session. */
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__flash|(?:__Secure-)?better-auth\.[\w.-]+)=/;
const KEPT_HEADERS = ["content-type", "cache-control", "link", "vary", "x-robots-tag", "content-language"];

export function isCacheableRequest(req: {
  method: string;
  path: string;
  headers: { cookie?: string };
}): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.cookie && PERSONAL_COOKIES.test(req.headers.cookie)) return false;
  return CACHEABLE_PATHS.some((re) => re.test(req.path));
}

/**
 * The URL, plus the visitor's cookie choice: a page renders only the trackers its visitor accepted
 * (LGPD), so each choice (none yet, or one of four) has its own copy.
 */
export function pageCacheKey(req: { originalUrl: string; headers: { cookie?: string } }): string {
  const consent = parseConsent(req.headers.cookie);
  return `${req.originalUrl}#${consent ? consentValue(consent) : "-"}`;
}

type Chunk = string | Buffer | Uint8Array;
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk);

/**
 * A hit is sent at once. A miss is marked `res.locals.publicPage` (server.mjs renders it without
 * a nonce nor request id, and compression leaves it alone); its body is captured, stored with its
 * encodings and ETag, and sent the same way as every later hit.
 */
export function pageCacheMiddleware({ enabled = true }: { enabled?: boolean } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!enabled || !isCacheableRequest(req)) {
      counters.bypass++;
      return next();
    }
    const key = pageCacheKey(req);
    const hit = lookupPage(key);
    if (hit) {
      counters.hits++;
      sendPublicPage(req, res, hit.body, (b) => (b && req.method !== "HEAD" ? res.end(b) : res.end()));
      return;
    }
    counters.misses++;
    capture(req, res, key);
    next();
  };
}

function capture(req: Request, res: Response, key: string) {
  const renderedUnder = publicContentVersion();
  res.locals.nonce = "";
  res.locals.publicPage = true;
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  // The headers wait for the body: the CSP names the hashes of what it contains.
  res.flushHeaders = () => {};
  res.write = ((chunk: Chunk, encoding?: BufferEncoding | (() => void), cb?: () => void) => {
    chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
    const done = typeof encoding === "function" ? encoding : cb;
    done?.();
    return true;
  }) as Response["write"];
  res.end = ((chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void)) => {
    res.write = write as Response["write"];
    res.end = end as Response["end"];
    if (chunk && typeof chunk !== "function") {
      chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
    }
    const body = Buffer.concat(chunks).toString("utf8");
    if (res.statusCode !== 200 || res.hasHeader("set-cookie")) {
      // Not stored (a redirect, an error page, a first visit that sets the attribution cookie),
      // but rendered without a nonce like the stored pages: name its inline scripts by hash.
      if (String(res.getHeader("content-type") ?? "").includes("html")) {
        res.setHeader("Content-Security-Policy", publicPageCsp(body, req.secure));
      }
      res.removeHeader("content-length");
      return end(body);
    }
    const headers = KEPT_HEADERS.flatMap((h): [string, string][] => {
      const v = res.getHeader(h);
      return v === undefined ? [] : [[h, Array.isArray(v) ? v.join(", ") : String(v)]];
    });
    const shared = key.endsWith("#-");
    void makePublicBody(body, headers, shared).then(
      (pub) => {
        if (renderedUnder === publicContentVersion()) {
          rememberPage(key, { body: pub, version: renderedUnder, at: Date.now() });
        }
        sendPublicPage(req, res, pub, (b) => (b && req.method !== "HEAD" ? end(b) : end()));
      },
      () => {
        res.removeHeader("content-length");
        end(body);
      },
    );
    return res;
  }) as Response["end"];
}
