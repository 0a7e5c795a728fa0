import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./address-policy.server";

export class BlockedAddressError extends Error {}

export interface ResolvedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * Resolves `raw` (http/https only) and refuses it unless EVERY address it resolves to is
 * public (see address-policy). `allowPrivate` is for development and tests on loopback.
 */
export async function resolvePublicTarget(
  raw: string,
  { allowPrivate = false } = {},
): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedAddressError("URL inválida");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new BlockedAddressError("use http:// ou https://");
  if (url.username || url.password) throw new BlockedAddressError("a URL não pode conter usuário e senha");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new BlockedAddressError("o endereço não foi encontrado (DNS)");
      });
  if (addresses.length === 0) throw new BlockedAddressError("o endereço não foi encontrado (DNS)");
  if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new BlockedAddressError("endereços locais, privados ou internos não são permitidos");
  }
  const first = addresses[0];
  return { url, address: first.address, family: first.family as 4 | 6 };
}

export interface PostResult {
  status: number;
  body: string;
}

/** How much of an answer is read (for the delivery log); the rest is never downloaded. */
export const MAX_RESPONSE_BYTES = 2048;

/**
 * POSTs `body` to a resolved target, connecting to the address that was checked (not a second
 * DNS answer: no rebinding between check and connect). Redirects are not followed.
 *
 * Bounded in time and size, so a slow or endless receiver cannot hold a worker past its job's
 * expiry: `timeoutMs` is the idle limit (no byte for that long), `deadlineMs` the limit for the
 * whole exchange (connect, send, answer); the answer is read up to MAX_RESPONSE_BYTES and the
 * connection is then closed.
 */
export function postTo(
  target: ResolvedTarget,
  body: string,
  headers: Record<string, string>,
  { timeoutMs = 10_000, deadlineMs = 20_000 } = {},
): Promise<PostResult> {
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      fn();
    };
    const req = client.request(
      target.url,
      {
        method: "POST",
        lookup: pinned,
        timeout: timeoutMs,
        headers: { ...headers, "content-length": Buffer.byteLength(body).toString() },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish(() =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES).toString("utf8"),
            }),
          );
        res.on("data", (c: Buffer) => {
          chunks.push(c);
          size += c.length;
          if (size >= MAX_RESPONSE_BYTES) {
            done();
            req.destroy();
          }
        });
        res.on("end", done);
        res.on("error", (err) => finish(() => reject(err)));
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new Error(`sem resposta completa em ${deadlineMs / 1000} s`)),
      deadlineMs,
    );
    req.on("timeout", () => req.destroy(new Error(`sem resposta em ${timeoutMs / 1000} s`)));
    req.on("error", (err) => finish(() => reject(err)));
    req.end(body);
  });
}
