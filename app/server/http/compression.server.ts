import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * gzip for rendered pages (`compression`), with its drain listeners mended.
 *
 * `compression` 1.8 (the latest) sends `res.on("drain", l)` to its gzip stream but leaves
 * `res.removeListener` alone, so a listener added with `res.once("drain")` (React Router's
 * adapter does so after every write the socket cannot take) removes itself from the response,
 * where it never was, and stays on the stream: one more per back-pressured write, until Node warns
 * `MaxListenersExceededWarning` (expressjs/compression #135, #152). Here the response keeps its
 * own drain listeners, and the stream gets one dispatcher that calls those still listening, so
 * removing a listener works and the stream never holds more than one.
 */
export function compressionMiddleware(): RequestHandler {
  const compress = compression();
  return (req: Request, res: Response, next: NextFunction) =>
    compress(req, res, (err?: unknown) => {
      mendDrainListeners(res);
      next(err);
    });
}

function mendDrainListeners(res: Response) {
  const on = res.on;
  const removeListener = res.removeListener;
  const listening = new Set<Listener>();
  let dispatching = false;
  const dispatch = () => {
    for (const l of [...listening]) l.call(res);
  };
  const add = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return on.call(this, event, listener);
    listening.add(listener);
    if (!dispatching) {
      dispatching = true;
      on.call(this, "drain", dispatch);
    }
    return this;
  };
  const remove = function (this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return removeListener.call(this, event, listener);
    // `once` wraps its listener; the wrapper is what was added and what asks to be removed.
    listening.delete(listener);
    for (const l of listening)
      if ((l as Listener & { listener?: Listener }).listener === listener) listening.delete(l);
    return this;
  };
  res.on = add as Response["on"];
  res.addListener = add as Response["addListener"];
  res.removeListener = remove as Response["removeListener"];
  res.off = remove as Response["off"];
}
