import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";

import { getLogger } from "./server/logging/logger.server";

// Hooks the Express server (server.mjs) calls: boot, shutdown, logging, headers, CSRF/body
// guard, referral links, page cache, metrics, requests in flight.
export { boot, httpMetrics, requestGuard, shutdown } from "./boot.server";
export { drainRequests, inFlightMiddleware, requestsInFlight } from "./server/http/drain.server";
export { compressionMiddleware } from "./server/http/compression.server";
export { pauseWorkers } from "./server/jobs/queue.server";
export { referralLinkMiddleware } from "./modules/referrals/referral-link.server";
export { pageCacheMiddleware } from "./server/cache/page-cache.server";
export { securityHeaders } from "./server/http/headers.server";
export { baseLogger } from "./server/logging/logger.server";
export { requestLogMiddleware } from "./server/logging/request-log.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Cached public pages render without one (CSP by hashes): no empty nonce="" attribute either.
  const nonce = loadContext?.nonce || undefined;
  // A public page renders without its request id (identical bytes, decision 017); a server error
  // is never cached, so its page gets the id back for "Código do erro".
  const rootData = routerContext.staticHandlerContext.loaderData?.root as
    { requestId?: string | null } | undefined;
  if (responseStatusCode >= 500 && rootData && !rootData.requestId && loadContext?.errorRequestId) {
    rootData.requestId = loadContext.errorRequestId;
  }
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and link previews get the whole document at once; so does a public page that is
    // stored (its bytes are complete before anything is sent).
    const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext?.publicPage;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React outlines a finished Suspense boundary over 12.8 KB into a hidden element that a
        // script reveals; the landing's contact form is one, and must be there without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, onShellError rejects and handleError logs it: log only later ones.
          if (shellRendered) getLogger().error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // The one place an unhandled error is logged (with the request id, which the 500 page shows);
  // visitors see the pt-BR error page, never a stack trace.
  // The path only: the query may hold a sign-in, e-mail-change, invitation or reset token.
  getLogger().error({ err: error, path: new URL(request.url).pathname }, "unhandled");
};
