// Production server: Express in front of the React Router build. It owns what must happen for
// every request before the app runs: security headers with a per-request CSP nonce, the CSRF
// origin check, request logging, compression and static assets.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
const app = build.entry.module;
const logger = pino({ level: process.env.LOG_LEVEL ?? "info" });
// What forms (and React Router's fetchers) send; anything else never reaches an action.
const BODY_TYPES = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/json",
  "text/plain",
]);

let config;
try {
  config = await app.boot({ logger });
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

server.use((req, res, next) => {
  const start = process.hrtime.bigint();
  req.id = req.get("x-request-id")?.slice(0, 64) || randomUUID();
  res.setHeader("X-Request-Id", req.id);
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    // One line per request; never the query of auth routes, cookies or bodies.
    logger.info({
      reqId: req.id,
      method: req.method,
      path: req.path,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    });
  });
  next();
});

server.use((req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  for (const [k, v] of Object.entries(app.securityHeaders({ nonce, secure: req.secure }))) {
    res.setHeader(k, v);
  }
  next();
});

// CSRF: a state-changing request from another site is refused before any action runs.
// Then the body: bounded in size and of a type an action can read.
server.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const refuse = (status, message) => {
    logger.warn({ reqId: req.id, status }, "request refused");
    res.status(status).set("Connection", "close").type("text/plain; charset=utf-8").send(message);
  };
  const verdict = app.checkOrigin({
    method: req.method,
    origin: req.get("origin"),
    secFetchSite: req.get("sec-fetch-site"),
    host: req.get("host"),
    protocol: req.protocol,
  });
  if (!verdict.ok) {
    logger.warn({ reqId: req.id, origin: req.get("origin") }, "cross-site request refused");
    return res.status(403).type("text/plain; charset=utf-8").send(verdict.message);
  }
  const length = req.get("content-length");
  if (length === undefined && req.get("transfer-encoding")) {
    return refuse(411, "Requisição recusada: tamanho do corpo não informado.");
  }
  if (Number(length ?? 0) > config.maxBodyBytes) {
    return refuse(413, "Requisição recusada: dados enviados grandes demais.");
  }
  const type = (req.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (Number(length ?? 0) > 0 && !BODY_TYPES.has(type)) {
    return refuse(415, "Requisição recusada: formato de dados não suportado.");
  }
  next();
});

// Compression wraps everything below (it leaves precompressed files and cache hits alone). The
// page cache must come after it: on a miss it captures the body before compression does.
server.use(compression());
// Public pages from memory (app/modules/ops/page-cache.server.ts); PAGE_CACHE=off disables it.
// Before the static middlewares: a page hit then costs no file-system lookups.
server.use(app.pageCacheMiddleware({ enabled: process.env.PAGE_CACHE !== "off" }));
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
      requestId: req.id,
    }),
  }),
);

const httpServer = server.listen(config.port, config.host, () => {
  console.log(`Servidor pronto em ${config.baseUrl} (${config.databaseKind})`);
});

let closing = false;
async function shutdown(signal) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, "shutting down");
  httpServer.close();
  httpServer.closeAllConnections?.();
  await app.shutdown().catch(() => {});
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
