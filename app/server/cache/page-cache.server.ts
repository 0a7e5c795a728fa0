import type { NextFunction, Request, Response } from "express";
import { randomBytes } from "node:crypto";
import { deflateParts, gzipWithNonce } from "./gzip-nonce.server";
import { lookupPage, pageCacheCounters as counters, rememberPage } from "./page-store.server";
import { publicContentVersion } from "./public-content.server";
import { deferHydration } from "./deferred-hydration.server";
import { makePublicBody, publicPageCsp, sendPublicPage } from "./public-page.server";
import { consentValue, parseConsent } from "~/lib/consent";

export {
  clearPageCache,
  PAGE_CACHE_MAX_ENTRIES,
  PAGE_CACHE_TTL_MS,
  pageCacheStats,
} from "./page-store.server";

/**
 * In-memory cache of public pages (/, /contato, /blog, /blog/{slug} and their `.data` twins, sitemap,
 * RSS, robots), so a visitor costs a Map lookup instead of loaders + a React render.
 *
 * Correctness first:
 * - Every entry carries the public-content version it was rendered under; every write to plans,
 *   posts or settings announces `publicContentChanged()` (public-content.server.ts), which
 *   empties the store here and, through NOTIFY, on every other instance (page-store.server.ts).
 * - Pages are rendered with a placeholder nonce that is replaced by each response's own nonce,
 *   so the CSP nonce stays unique per response.
 * - The key is the URL and the visitor's cookie choice (pageCacheKey).
 * - Requests carrying the flash or session cookie, and responses that set a cookie or are not
 *   200, are never cached (they are personal).
 * - Hits are gzip-framed without compressing anything per request (gzip-nonce.server.ts).
 */

/** Public, anonymous pages. Query strings are part of the key (bounded by the LRU size). */
const CACHEABLE_PATHS = [
  /^\/$/,
  /^\/_root\.data$/,
  /^\/(blog|contato|privacidade|termos)(\.data)?$/,
  /^\/blog\/[^/]+?(\.data)?$/,
  /^\/(sitemap\.xml|rss\.xml|robots\.txt)$/,
];
/** Cookies that make a page personal: the flash toast and better-auth's session. */
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__flash|(?:__Secure-)?better-auth\.[\w.-]+)=/;
const KEPT_HEADERS = ["content-type", "cache-control", "link", "vary", "x-robots-tag", "content-language"];
/** Rendered into cacheable pages instead of the request's nonce (never sent to a browser). */
const PLACEHOLDER = randomBytes(18).toString("hex").slice(0, 24);

export function isCacheableRequest(req: {
  method: string;
  path: string;
  headers: { cookie?: string };
}): boolean {
  if (req.method !== "GET") return false;
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
 * Express middleware, mounted after the security headers (which put this response's nonce in
 * `res.locals.nonce`) and compression, right before the React Router handler.
 */
export function pageCacheMiddleware({
  enabled = true,
  publicHashes = false,
}: {
  enabled?: boolean;
  /** Identical bytes for everyone: no nonce, CSP hashes, shared-cache headers, ETag (issue 19). */
  publicHashes?: boolean;
} = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!enabled || !isCacheableRequest(req)) {
      counters.bypass++;
      return next();
    }
    if (publicHashes) return publicPageCache(req, res, next);
    const nonce: string = res.locals.nonce;
    const key = pageCacheKey(req);
    const hit = lookupPage(key);
    if (hit) {
      counters.hits++;
      res.status(hit.status);
      for (const [k, v] of hit.headers) res.setHeader(k, v);
      res.vary("Accept-Encoding");
      if (nonce.length < 65536 && req.acceptsEncodings("gzip", "identity") === "gzip") {
        // Already encoded: the compression middleware leaves it alone.
        res.setHeader("Content-Encoding", "gzip");
        res.end(gzipWithNonce(hit, nonce));
      } else {
        res.end(hit.parts.join(nonce));
      }
      return;
    }
    counters.misses++;
    const renderedUnder = publicContentVersion();
    // The app renders the placeholder; it is swapped for the real nonce on the way out.
    res.locals.nonce = PLACEHOLDER;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: Chunk, encoding?: BufferEncoding | (() => void), cb?: () => void) => {
      chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      const done = typeof encoding === "function" ? encoding : cb;
      done?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: Chunk | (() => void), encoding?: BufferEncoding | (() => void), cb?: () => void) => {
      res.write = write as Response["write"];
      res.end = end as Response["end"];
      if (chunk && typeof chunk !== "function") {
        chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      }
      const done = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : cb;
      const body = Buffer.concat(chunks).toString("utf8");
      const parts = body.split(PLACEHOLDER);
      if (
        res.statusCode === 200 &&
        !res.hasHeader("set-cookie") &&
        renderedUnder === publicContentVersion()
      ) {
        const headers = KEPT_HEADERS.flatMap((h): [string, string][] => {
          const v = res.getHeader(h);
          return v === undefined ? [] : [[h, Array.isArray(v) ? v.join(", ") : String(v)]];
        });
        const deflated = deflateParts(parts);
        rememberPage(key, { status: 200, headers, parts, deflated, version: renderedUnder, at: Date.now() });
      }
      res.removeHeader("content-length");
      return done ? end(parts.join(nonce), done) : end(parts.join(nonce));
    }) as Response["end"];
    next();
  };
}

/**
 * The hash-CSP variant (public-page.server.ts): the page renders without a nonce nor request id
 * (`res.locals.publicPage`, read by server.mjs's load context), is stored with its encodings and
 * ETag, and every answer (this miss, the hits here and in the fast path) sends the same bytes.
 */
function publicPageCache(req: Request, res: Response, next: NextFunction) {
  const key = pageCacheKey(req);
  const hit = lookupPage(key);
  if (hit?.pub) {
    counters.hits++;
    sendPublicPage(req, res, hit.pub, (b) => (b ? res.end(b) : res.end()));
    return;
  }
  counters.misses++;
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
    // Complete bytes (rendered with onAllReady): the landing's scripts can wait for the visitor.
    const body = deferHydration(Buffer.concat(chunks).toString("utf8"));
    if (res.statusCode !== 200 || res.hasHeader("set-cookie")) {
      // Not stored, but rendered without a nonce like the stored pages: the nonce CSP set earlier
      // would block its inline scripts (the page would never hydrate). Name them by hash.
      if (String(res.getHeader("content-type") ?? "").includes("html")) {
        res.setHeader(
          "Content-Security-Policy",
          publicPageCsp(body, res.locals.inlineScripts ?? [], req.secure),
        );
      }
      res.removeHeader("content-length");
      return end(body);
    }
    const headers = KEPT_HEADERS.flatMap((h): [string, string][] => {
      const v = res.getHeader(h);
      return v === undefined ? [] : [[h, Array.isArray(v) ? v.join(", ") : String(v)]];
    });
    const shared = key.endsWith("#-");
    void makePublicBody(body, headers, shared, res.locals.inlineScripts ?? []).then(
      (pub) => {
        if (renderedUnder === publicContentVersion()) {
          rememberPage(key, {
            status: 200,
            headers,
            parts: [body],
            deflated: [],
            version: renderedUnder,
            at: Date.now(),
            pub,
          });
        }
        sendPublicPage(req, res, pub, (b) => (b ? end(b) : end()));
      },
      () => {
        res.removeHeader("content-length");
        end(body);
      },
    );
    return res;
  }) as Response["end"];
  next();
}
