import type { NextFunction, Request, Response } from "express";
import { getLogger } from "~/server/logging/logger.server";
import { BODY_TOO_LARGE_MESSAGE, BODY_TOO_LARGE_TITLE, type BodyLimit } from "./body-limit.server";
import { checkOrigin } from "./headers.server";

/** What forms (and React Router's fetchers) send; anything else never reaches an action. */
const BODY_TYPES = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/json",
  "text/plain",
]);

/**
 * An announced body up to this size is read and thrown away after the 413 (no parsing, no
 * buffering), so the client can read the answer on a connection that then stays usable; a
 * larger one gets the answer and the connection is closed.
 */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;

export const UNSUPPORTED_BODY_MESSAGE = "Requisição recusada: formato de dados não suportado.";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 413 page of a form posted without JavaScript (a plain document POST). */
export function bodyTooLargePage(message = BODY_TOO_LARGE_MESSAGE): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(BODY_TOO_LARGE_TITLE)} | CardápioDigital</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:flex;min-height:100vh;align-items:center;justify-content:center;margin:0;padding:1rem}main{max-width:28rem;background:#fff;border:1px solid #fecaca;border-radius:.75rem;padding:2rem;text-align:center}p.code{font-size:2.25rem;font-weight:800;color:#c2410c;margin:0}a{color:#c2410c;font-weight:600}</style>
</head><body><main role="alert"><p class="code">413</p><h1>${escapeHtml(BODY_TOO_LARGE_TITLE)}</h1>
<p>${escapeHtml(message)}</p><p><a href="/">Voltar ao início</a></p></main></body></html>`;
}

/**
 * Express middleware for state-changing requests, before any action runs: a request from
 * another site is refused (CSRF), then the body must be bounded in size (per route:
 * `bodyLimit`, see body-limit.server) and of a type an action can read.
 */
export function requestGuardMiddleware({
  bodyLimit,
  allowedOrigins,
}: {
  bodyLimit: (pathname: string) => BodyLimit;
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
    // A payment provider's webhook may arrive chunked; refusing it would pause the provider's
    // queue (Asaas does after repeated failures). Its route reads the body with a byte limit.
    if (length === undefined && req.get("transfer-encoding") && !req.path.startsWith("/api/webhooks/")) {
      return refuse(411, "Requisição recusada: tamanho do corpo não informado.");
    }
    const declared = Number(length ?? 0);
    if (declared > bodyLimit(req.path).maxBytes) {
      getLogger().warn({ status: 413, bytes: declared }, "request refused");
      // Nothing of the body has been read. React Router's client (a `.data` request) shows the
      // route's error state for a 413 (ERROR_TEXTS); a document POST gets the pt-BR page.
      if (declared > DRAIN_MAX_BYTES) res.set("Connection", "close");
      res.status(413).set("Cache-Control", "no-store");
      const message = bodyLimit(req.path).message ?? BODY_TOO_LARGE_MESSAGE;
      if (req.path.endsWith(".data")) res.type("text/plain; charset=utf-8").send(message);
      else res.type("html").send(bodyTooLargePage(message));
      return;
    }
    const type = (req.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    if (Number(length ?? 0) > 0 && !BODY_TYPES.has(type)) {
      return refuse(415, UNSUPPORTED_BODY_MESSAGE);
    }
    next();
  };
}
