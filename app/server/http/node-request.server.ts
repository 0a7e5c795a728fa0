import type { IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";

/**
 * What Express works out for every request, for the handlers that answer before it (the public
 * fast path, the contact endpoint). Each reads exactly as Express does with `trust proxy` 1
 * (server.mjs: one reverse proxy, the nearest hop trusted), so a request gets the same answer on
 * either path.
 */

/** HTTPS: the socket's, or behind the trusted proxy the first value of X-Forwarded-Proto. */
export function isSecureRequest(req: IncomingMessage, trustProxy: boolean): boolean {
  const forwarded = req.headers["x-forwarded-proto"];
  if (trustProxy && typeof forwarded === "string") return forwarded.split(",")[0].trim() === "https";
  return "encrypted" in req.socket && !!req.socket.encrypted;
}

/** A proxy's X-Request-Id (at most 64 characters), else a new UUID (request-log.server.ts). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return (typeof given === "string" && given.slice(0, 64)) || randomUUID();
}

/**
 * The client's address as Express's `req.ip`: behind the one trusted proxy, the last address of
 * X-Forwarded-For (the one that proxy saw; earlier ones are the client's word); else the socket's.
 */
export function clientIpOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers["x-forwarded-for"];
  if (trustProxy && typeof forwarded === "string" && forwarded.trim()) {
    const hops = forwarded.split(",");
    const last = hops[hops.length - 1].trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? "unknown";
}
