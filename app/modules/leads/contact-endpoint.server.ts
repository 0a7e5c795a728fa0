import type { IncomingMessage, ServerResponse } from "node:http";
import { replyError } from "~/lib/form-reply";
import { bodyLimitFor } from "~/server/http/body-limit.server";
import { readUrlEncodedBody, URLENCODED } from "~/server/http/form.server";
import { checkOrigin, securityHeaders } from "~/server/http/headers.server";
import { clientIpOf, isSecureRequest, requestIdOf } from "~/server/http/node-request.server";
import { UNSUPPORTED_BODY_MESSAGE } from "~/server/http/request-guard.server";
import { baseLogger, getLogger, runWithRequestContext } from "~/server/logging/logger.server";
import { CONTACT_ENDPOINT, CONTACT_TOASTS } from "./contact.options";
import { answerContact, isReply, type Reply } from "./contact-post.server";

/**
 * The contact form's POST with JavaScript (issue 19 item 4): `POST /api/contato`, an url-encoded
 * form, answered with the JSON of the same reply the route's action gives (form-reply.ts:
 * `{ ok, fieldErrors, formError, toast, values? }`) before Express and React Router, which cost
 * the form ~1.5 ms of CPU per submission for nothing it needs.
 *
 * Everything that guards the action guards this: the CSRF origin check, the body's type, size and
 * field count (the same limits and pt-BR messages as readFormData), the rate limit, and then the
 * very same answer (answerContact). It keeps the X-Request-Id header, the request's log context
 * and its JSON log line. A form sent without JavaScript still posts to the page (the action).
 */
export function contactEndpoint({
  trustProxy,
  allowedOrigins,
}: {
  trustProxy: boolean;
  allowedOrigins: string[];
}) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? "/";
    if (req.method !== "POST" || (url !== CONTACT_ENDPOINT && !url.startsWith(`${CONTACT_ENDPOINT}?`))) {
      return false;
    }
    const start = process.hrtime.bigint();
    const requestId = requestIdOf(req);
    const secure = isSecureRequest(req, trustProxy);
    const send = (status: number, body: unknown, extra: Record<string, string> = {}) => {
      const json = JSON.stringify(body);
      const headers: Record<string, string | number> = {
        ...securityHeaders({ hashes: [], secure }),
        ...extra,
        "Cache-Control": "no-store",
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": Buffer.byteLength(json),
        "X-Request-Id": requestId,
      };
      // A body refused before it was read to the end: the rest is not worth reading.
      if (!req.complete) headers.Connection = "close";
      res.writeHead(status, headers);
      res.end(json);
      baseLogger().info({
        reqId: requestId,
        method: "POST",
        path: CONTACT_ENDPOINT,
        status,
        ms: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10,
      });
    };
    const sendReply = ({ data, init }: Reply) =>
      send(init?.status ?? 200, data, init?.headers ? Object.fromEntries(new Headers(init.headers)) : {});

    const respond = async (): Promise<Reply> => {
      const host = req.headers.host;
      const verdict = checkOrigin({
        method: "POST",
        origin: req.headers.origin,
        secFetchSite: header(req, "sec-fetch-site") ?? undefined,
        host,
        protocol: secure ? "https" : "http",
        allowedOrigins,
      });
      if (!verdict.ok) {
        getLogger().warn({ origin: req.headers.origin }, "cross-site request refused");
        return replyError(verdict.message, { status: 403 });
      }
      const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
      if (type !== URLENCODED) return replyError(UNSUPPORTED_BODY_MESSAGE, { status: 415 });
      const request = {
        url: `${secure ? "https" : "http"}://${host ?? "localhost"}${url}`,
        headers: { get: (name: string) => header(req, name) },
      };
      try {
        return await answerContact({
          request,
          clientIp: clientIpOf(req, trustProxy),
          readForm: () => readUrlEncodedBody(req, bodyLimitFor(CONTACT_ENDPOINT)),
        });
      } catch (err) {
        // A refused body (400/413) is a reply; anything else is our failure, said in pt-BR.
        if (isReply(err)) return err;
        throw err;
      }
    };

    runWithRequestContext(requestId, () => {
      respond()
        .catch((err: unknown) => {
          getLogger().error({ err }, "contact form failed");
          return replyError(CONTACT_TOASTS.failure);
        })
        .then(sendReply)
        // Nothing may escape a handler that runs outside Express: an unhandled rejection ends
        // the process. A reply that cannot be written (the client left) closes the socket.
        .catch((err: unknown) => {
          getLogger().warn({ err }, "contact answer not sent");
          res.destroy();
        });
    });
    return true;
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : null;
}
