import type { NextFunction, Request, Response } from "express";
import { randomUUID } from "node:crypto";
import { baseLogger, runWithRequestContext } from "./logger.server";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
  }
}

/**
 * First middleware of server.mjs: gives the request its id (a proxy's X-Request-Id, else a new
 * UUID), answers it in X-Request-Id, writes one JSON line when the response is finished, and
 * runs everything after it inside the request context (logger.server.ts).
 */
export function requestLogMiddleware() {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    req.id = req.get("x-request-id")?.slice(0, 64) || randomUUID();
    res.setHeader("X-Request-Id", req.id);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // One line per request; never the query of auth routes, cookies or bodies.
      baseLogger().info({
        reqId: req.id,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
    });
    runWithRequestContext(req.id, next);
  };
}
