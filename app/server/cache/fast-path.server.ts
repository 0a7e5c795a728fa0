import type { IncomingMessage, ServerResponse } from "node:http";
import { isCacheableRequest, pageCacheKey } from "./page-cache.server";
import { lookupPage, pageCacheCounters } from "./page-store.server";
import { writePublicPage } from "./public-page.server";
import { isSecureRequest, requestIdOf } from "~/server/http/node-request.server";
import { baseLogger } from "~/server/logging/logger.server";

/**
 * The fast path (issue 19 item 3): a cached anonymous public page is answered before Express and
 * its middleware stack. A lookup on method + URL + cookie choice, then one writeHead with the
 * entry's fixed headers and one write of its precompressed bytes (public-page.server.ts).
 *
 * It answers only what the page cache would answer the same way: GET of a cacheable path
 * (isCacheableRequest: never with the session or flash cookie), keyed like the cache (the
 * consent choice is part of the key, decision 015), and only hash-CSP entries (no per-response
 * nonce to splice). Anything else, or a miss, goes to Express untouched (returns false).
 * Every answer still gets its X-Request-Id and its JSON log line (request-log.server.ts).
 */
export function publicFastPath({ trustProxy }: { trustProxy: boolean }) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const headers = req.headers as { cookie?: string };
    if (!isCacheableRequest({ method: "GET", path, headers })) return false;
    const hit = lookupPage(pageCacheKey({ originalUrl: url, headers }));
    if (!hit?.pub) return false;
    pageCacheCounters.hits++;
    const start = process.hrtime.bigint();
    const secure = isSecureRequest(req, trustProxy);
    const requestId = requestIdOf(req);
    const status = writePublicPage(req, res, hit.pub, { secure, requestId });
    baseLogger().info({
      reqId: requestId,
      method: "GET",
      path,
      status,
      ms: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10,
    });
    return true;
  };
}
