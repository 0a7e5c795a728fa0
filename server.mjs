// Production server: Express in front of the React Router build, the one request pipeline. It
// owns what must happen for every request before the app runs: the request id and log line, the
// page cache, security headers with a per-request CSP nonce, the CSRF origin check and body
// limits, compression and static assets. The middlewares live in app/server/ and come out of
// the build.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
const app = build.entry.module;
const logger = app.baseLogger();

let config;
try {
  config = await app.boot();
} catch (err) {
  logger.fatal({ err: { message: err.message } }, "boot failed");
  console.error(`\n${err.message}\n`);
  process.exit(1);
}

const server = express();
server.disable("x-powered-by");
// Behind ONE reverse proxy (TRUST_PROXY=true): trust only the nearest hop, so the client IP used
// by the rate limiter is the one the proxy saw; `true` would trust a forged X-Forwarded-For.
if (config.trustProxy) server.set("trust proxy", 1);

// Prometheus metrics (METRICS_TOKEN / METRICS_PORT; off by default, then nothing is measured):
// the request log tells them of every finished request, page-cache hits included, by route
// pattern and status; /metrics itself is served here when a token guards it (app/server/metrics).
const metrics = app.httpMetrics(build.routes);

// Request id, one JSON line per request, and the request context every log line below uses.
server.use(app.requestLogMiddleware({ onFinished: metrics?.record }));

// Requests in flight, so that a SIGTERM lets them finish (shutdown below).
server.use(app.inFlightMiddleware());

if (metrics?.endpoint) server.get("/metrics", metrics.endpoint);

// A representative's link (`/?ref={code}`): sets the 90-day attribution cookie and redirects to
// the page without the code, before the page cache, so cached pages are neither bypassed nor
// copied per code (app/modules/referrals/referral-link.server.ts).
server.use(app.referralLinkMiddleware());

// Public pages from memory (app/server/cache/page-cache.server.ts; PAGE_CACHE=off disables it):
// the same bytes for every anonymous visitor, CSP by hashes, shared-cache headers, ETag. A hit
// ends here, before the nonce, the body guard and compression
// (docs/decisions/018-public-site-as-plain-html.md).
server.use(app.pageCacheMiddleware({ enabled: process.env.PAGE_CACHE !== "off" }));

// Security headers; a per-request CSP nonce, except on a public page being stored, whose CSP
// names its inline scripts by hash once its body is known.
server.use((req, res, next) => {
  const pub = Boolean(res.locals.publicPage);
  const nonce = pub ? undefined : randomBytes(16).toString("base64");
  if (nonce) res.locals.nonce = nonce;
  const headers = app.securityHeaders({
    nonce,
    hashes: pub ? [] : undefined,
    secure: req.secure,
    path: req.path,
  });
  for (const [k, v] of Object.entries(headers)) {
    res.setHeader(k, v);
  }
  next();
});

// CSRF: a state-changing request from another site is refused before any action runs.
// Then the body: bounded in size and of a type an action can read.
server.use(app.requestGuard());

// Rendered pages are compressed per request; a public page being stored is compressed once by
// the page cache instead (compression must not even wrap it: it would send the headers first).
// The middleware mends compression's drain listeners (app/server/http/compression.server.ts).
const compress = app.compressionMiddleware();
server.use((req, res, next) => (res.locals.publicPage ? next() : compress(req, res, next)));
// Static files go out as the .br/.gz written at build time (scripts/precompress.mjs); only
// rendered pages are compressed per request.
const staticFiles = (dir, serveStatic) =>
  expressStaticGzip(path.join(buildDir, dir), {
    enableBrotli: true,
    orderPreference: ["br", "gz"],
    index: false,
    serveStatic: { index: false, ...serveStatic },
  });
server.use("/assets", staticFiles("client/assets", { immutable: true, maxAge: "1y" }));
server.use(staticFiles("client", { maxAge: "1h" }));

server.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: "production",
    getLoadContext: (req, res) => ({
      nonce: res.locals.nonce,
      clientIp: req.ip ?? "unknown",
      // A cached public page carries no per-response token (its bytes are everyone's).
      requestId: res.locals.publicPage ? null : req.id,
      // Stored whole (never streamed): entry.server.tsx renders it at once (onAllReady).
      publicPage: Boolean(res.locals.publicPage),
      // An error page is never cached: it still shows "Código do erro" (entry.server.tsx).
      errorRequestId: req.id,
    }),
  }),
);

const httpServer = createServer(server);
httpServer.listen(config.port, config.host, () => {
  console.log(`Servidor pronto em ${config.baseUrl} (${config.databaseKind})`);
});

// SIGTERM (a deploy, an orchestrator scaling down): stop taking requests at once (/readyz says
// so too), let those in flight finish and the running jobs too, up to SHUTDOWN_TIMEOUT_SECONDS;
// then cut what is left (a job still running goes back to the queue) and exit 0.
let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  const deadline = Date.now() + config.shutdownTimeoutMs;
  logger.info({ signal, requestsInFlight: app.requestsInFlight() }, "shutting down: taking no new requests");
  httpServer.close();
  httpServer.closeIdleConnections();
  await app.pauseWorkers();
  const cut = await app.drainRequests(config.shutdownTimeoutMs);
  if (cut) logger.warn({ requests: cut }, "shutting down: requests still running at the limit are cut");
  httpServer.closeAllConnections();
  try {
    await app.shutdown({ timeoutMs: Math.max(1000, deadline - Date.now()) });
  } catch (err) {
    logger.error({ err: { message: err.message } }, "shutdown: closing failed");
  }
  logger.info("shut down");
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
