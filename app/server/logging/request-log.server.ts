import type { NextFunction, Request, Response } from "express";
import { randomUUID } from "node:crypto";
import { baseLogger, runWithRequestContext } from "./logger.server";

declare module "express-serve-static-core" {
  interface Request {
    id: string;
  }
}

/** Told of every finished request (the HTTP metrics), from the log line's own timing. */
export type RequestFinished = (method: string, path: string, status: number, seconds: number) => void;

/**
 * First middleware of server.mjs: gives the request its id (a proxy's X-Request-Id, else a new
 * UUID), answers it in X-Request-Id, writes one JSON line when the response is finished, and
 * runs everything after it inside the request context (logger.server.ts). `onFinished` shares
 * that one listener and clock reading, so the metrics add no second one to every request.
 */
export function requestLogMiddleware({ onFinished }: { onFinished?: RequestFinished | null } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const start = process.hrtime.bigint();
    // The path as asked: a mounted middleware (static assets) rewrites req.url while it serves.
    const path = req.path;
    req.id = req.get("x-request-id")?.slice(0, 64) || randomUUID();
    res.setHeader("X-Request-Id", req.id);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // One line per request; never the query of auth routes, cookies or bodies.
      baseLogger().info({
        reqId: req.id,
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      });
      onFinished?.(req.method, path, res.statusCode, ms / 1000);
    });
    runWithRequestContext(req.id, next);
  };
}
