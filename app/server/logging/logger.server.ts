import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type LogFn, type Logger } from "pino";

/**
 * One pino logger for the whole server (JSON, one line per event). While a request runs, its
 * code (loaders, actions, domain functions, jobs it starts) gets a child logger that carries the
 * request id (`reqId`), through AsyncLocalStorage: nobody passes a logger around. Outside a
 * request (boot, scripts, scheduled work) the base logger answers.
 */

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
let base: Logger | undefined;

/** The process-wide logger; LOG_LEVEL is validated with the rest of the environment at boot. */
export function baseLogger(): Logger {
  const level = process.env.LOG_LEVEL ?? "info";
  base ??= pino({ level: LEVELS.includes(level) ? level : "info" });
  return base;
}

interface RequestContext {
  requestId: string;
  logger: Logger;
}
const requestContext = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` as part of the request `requestId`: getLogger() inside it logs with that id. */
export function runWithRequestContext<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId, logger: baseLogger().child({ reqId: requestId }) }, fn);
}

/** The logger of the current request (with its `reqId`), or the base logger outside one. */
export function getLogger(): Logger {
  return requestContext.getStore()?.logger ?? baseLogger();
}

/** The id of the request being served (the X-Request-Id header), if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

const forward =
  (level: "fatal" | "error" | "warn" | "info" | "debug" | "trace"): LogFn =>
  (...args: Parameters<LogFn>) =>
    (getLogger()[level] as (...a: unknown[]) => void)(...args);

/**
 * `log.error({ err }, "plan update failed")`: the current request's logger. Log an error once,
 * where it is handled: React Router's handleError logs whatever reaches an error boundary.
 */
export const log = {
  fatal: forward("fatal"),
  error: forward("error"),
  warn: forward("warn"),
  info: forward("info"),
  debug: forward("debug"),
  trace: forward("trace"),
};

/**
 * A message meant for the person who started the server, on stdout as plain text (not JSON):
 * the admin password printed once at the first start, which the README promises.
 */
export function printForOperator(text: string): void {
  process.stdout.write(`${text}\n`);
}
