import type { Request, Response } from "express";
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { matchRoutes, type RouteObject } from "react-router";
import { log } from "~/server/logging/logger.server";
import type { RequestFinished } from "~/server/logging/request-log.server";
import { METRICS_CONTENT_TYPE, recordHttpRequest, renderMetrics } from "./metrics.server";

/** A route of the React Router build (server.mjs passes `build.routes`). */
export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Distinct paths whose pattern is remembered; past this the memory starts over. */
const PATTERN_CACHE_MAX = 2_000;

/**
 * The route pattern of a request path ("/blog/:slug", "/admin/clients/:id.data"), the label of
 * the HTTP metrics: never the path itself, which may carry an e-mail or a token, and whose
 * variety would make a series per visitor. Built assets are "/assets/*"; anything no route
 * matches is "unmatched". Remembered per path, so a cached page pays one Map lookup.
 */
export function routePatternResolver(
  routes: Record<string, BuildRoute | undefined>,
  /** Paths answered before React Router (the /metrics endpoint): their own pattern. */
  ownPaths: readonly string[] = [],
): (path: string) => string {
  const children = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push(route);
    children.set(route.parentId, list);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: tree(r.id) },
    );
  const routeTree = tree(undefined);
  const cache = new Map<string, string>();

  function resolve(path: string): string {
    if (ownPaths.includes(path)) return path;
    if (path.startsWith("/assets/")) return "/assets/*";
    // React Router's data requests: "/blog/x.data", and the root's "/_root.data".
    const data = path.endsWith(".data");
    let pathname = data ? path.slice(0, -".data".length) : path;
    if (pathname === "/_root") pathname = "/";
    const matches = matchRoutes(routeTree, pathname);
    if (!matches?.length) return "unmatched";
    const pattern = `/${matches
      .map((m) => m.route.path)
      .filter(Boolean)
      .join("/")}`.replace(/\/{2,}/g, "/");
    return data ? `${pattern === "/" ? "/_root" : pattern}.data` : pattern;
  }

  return (path) => {
    let pattern = cache.get(path);
    if (pattern === undefined) {
      pattern = resolve(path);
      if (cache.size >= PATTERN_CACHE_MAX) cache.clear();
      cache.set(path, pattern);
    }
    return pattern;
  };
}

/**
 * The HTTP metrics' recorder, given to the request log (server.mjs): each finished request counted
 * by method, route pattern and status, with its time.
 */
export function httpRequestRecorder({
  routes,
  ownPaths = [],
}: {
  routes: Record<string, BuildRoute | undefined>;
  ownPaths?: readonly string[];
}): RequestFinished {
  const patternOf = routePatternResolver(routes, ownPaths);
  return (method, path, status, seconds) => recordHttpRequest(method, patternOf(path), status, seconds);
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** True when `authorization` is `Bearer <token>` (compared in constant time); any when no token. */
export function bearerAllowed(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!given) return false;
  return timingSafeEqual(digest(given), digest(token));
}

/** Answers a scrape on a plain Node response (Express's included): 401 without the token. */
async function answerScrape(req: IncomingMessage, res: ServerResponse, token: string | undefined) {
  res.setHeader("Cache-Control", "no-store");
  if (!bearerAllowed(req.headers.authorization, token)) {
    res.writeHead(401, { "WWW-Authenticate": 'Bearer realm="metrics"', "Content-Type": "text/plain" });
    res.end("unauthorized\n");
    return;
  }
  try {
    const text = await renderMetrics();
    res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE });
    res.end(req.method === "HEAD" ? undefined : text);
  } catch (err) {
    log.error({ err }, "metrics: rendering failed");
    res.writeHead(500, { "Content-Type": "text/plain" });
    res.end("metrics unavailable\n");
  }
}

/** GET /metrics on the app's own port (METRICS_TOKEN set, no METRICS_PORT): the token is required. */
export function metricsEndpoint({ token }: { token: string }) {
  return (req: Request, res: Response) => void answerScrape(req, res, token);
}

/**
 * /metrics on a port of its own (METRICS_PORT), away from the public one: bind it where only the
 * monitoring network reaches it. With METRICS_TOKEN also set, the token is required there too.
 */
export async function startMetricsServer({
  port,
  host,
  token,
}: {
  port: number;
  host: string;
  token?: string;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not found\n");
      return;
    }
    void answerScrape(req, res, token);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
