import type { NextFunction, Request, Response } from "express";
import { getLogger } from "~/server/logging/logger.server";
import { checkOrigin } from "./headers.server";

/** What forms (and React Router's fetchers) send; anything else never reaches an action. */
const BODY_TYPES = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/json",
  "text/plain",
]);

/**
 * Express middleware for state-changing requests, before any action runs: a request from
 * another site is refused (CSRF), then the body must be bounded in size and of a type an action
 * can read.
 */
export function requestGuardMiddleware({
  maxBodyBytes,
  allowedOrigins,
}: {
  maxBodyBytes: number;
  allowedOrigins: string[];
}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const refuse = (status: number, message: string) => {
      getLogger().warn({ status }, "request refused");
      res.status(status).set("Connection", "close").type("text/plain; charset=utf-8").send(message);
    };
    const verdict = checkOrigin({
      method: req.method,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      host: req.get("host"),
      protocol: req.protocol,
      allowedOrigins,
    });
    if (!verdict.ok) {
      getLogger().warn({ origin: req.get("origin") }, "cross-site request refused");
      res.status(403).type("text/plain; charset=utf-8").send(verdict.message);
      return;
    }
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding")) {
      return refuse(411, "Requisição recusada: tamanho do corpo não informado.");
    }
    if (Number(length ?? 0) > maxBodyBytes) {
      return refuse(413, "Requisição recusada: dados enviados grandes demais.");
    }
    const type = (req.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (Number(length ?? 0) > 0 && !BODY_TYPES.has(type)) {
      return refuse(415, "Requisição recusada: formato de dados não suportado.");
    }
    next();
  };
}
