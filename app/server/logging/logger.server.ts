import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type LogFn, type Logger } from "pino";
import pretty from "pino-pretty";

/**
 * One pino logger for the whole server (JSON, one line per event; readable lines on a terminal). While a request runs, its
 * code (loaders, actions, domain functions, jobs it starts) gets a child logger that carries the
 * request id (`reqId`), through AsyncLocalStorage: nobody passes a logger around. Outside a
 * request (boot, scripts, scheduled work) the base logger answers.
 */

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
let base: Logger | undefined;
let destination: ReturnType<typeof pino.destination> | undefined;

/**
 * The process-wide logger; LOG_LEVEL is validated with the rest of the environment at boot.
 *
 * Lines go to stdout through a buffer: every answer writes a request line, and one synchronous
 * write per line cost about a fifth of the public pages' throughput (measured with
 * autocannon: 16 k vs 19.5 k req/s). The buffer is written when it holds 4 KiB, at least every
 * 250 ms, and synchronously when the process exits, errors included (pino's exit handler); only a
 * SIGKILL can lose the last quarter-second.
 */
export function baseLogger(): Logger {
  const level = process.env.LOG_LEVEL ?? "info";
  if (!base) {
    const options: pino.LoggerOptions = {
      level: LEVELS.includes(level) ? level : "info",
      serializers: SERIALIZERS,
      hooks: { logMethod: messageWithoutQuery },
    };
    if (logFormat() === "pretty") {
      base = pino(options, prettyStream());
    } else {
      destination = pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
      base = pino(options, destination);
    }
  }
  return base;
}

/**
 * Queries cut from every URL and path a log line carries: `/cliente/email/confirmar?token=…`
 * becomes `/cliente/email/confirmar`. Sign-in, e-mail-change, invitation and reset links hold
 * their token in the query, and an error's message (React Router's 404/405 name the URL they
 * refused) or a `url` field must not copy it into the logs.
 */
const URL_QUERY = /((?:\b[a-z][a-z0-9+.-]*:\/\/|\/)[^\s"'<>?#]*)\?[^\s"'<>#)]+/gi;

export function withoutQuery(text: string): string {
  return text.replace(URL_QUERY, "$1");
}

function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return withoutQuery(value);
  if (value instanceof Error) value = pino.stdSerializers.err(value);
  if (value === null || typeof value !== "object" || depth > 5) return value;
  if (Array.isArray(value)) return value.map((v) => scrubbed(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubbed(v, depth + 1)]));
}

const SERIALIZERS = { err: scrubbed, error: scrubbed, url: scrubbed, path: scrubbed };

/** The message too: `log.error(err)` makes the error's message the line's `msg`. */
function messageWithoutQuery(this: Logger, args: Parameters<LogFn>, method: LogFn) {
  const [first, ...rest] = args as unknown[];
  const text = rest.map((a) => (typeof a === "string" ? withoutQuery(a) : a));
  if (typeof first === "string") return method.apply(this, [withoutQuery(first), ...text] as never);
  if (first instanceof Error && text.length === 0)
    return method.apply(this, [first, withoutQuery(first.message)] as never);
  return method.apply(this, [first, ...text] as never);
}

/**
 * JSON lines for machines (production, CI, a file or a pipe), short readable lines for a person
 * watching a terminal (`npm start` by hand): a JSON line per request pushed the first start's
 * admin credentials off the screen. LOG_FORMAT=json|pretty overrides.
 */
export function logFormat(
  stdout: { isTTY?: boolean } = process.stdout,
  env: Record<string, string | undefined> = process.env,
): "json" | "pretty" {
  if (env.LOG_FORMAT === "json" || env.LOG_FORMAT === "pretty") return env.LOG_FORMAT;
  if (env.CI || env.NODE_ENV === "production") return "json";
  return stdout.isTTY ? "pretty" : "json";
}

const REQUEST_KEYS = ["method", "path", "status", "ms"];

/**
 * pino-pretty in this process, written synchronously (so printForOperator's text stays in
 * order): `12:00:01 INFO GET /planos 200 3.1 ms` for a request, the message and its fields on
 * one line otherwise.
 */
export function prettyStream(destination?: NodeJS.WritableStream) {
  return pretty({
    destination: destination ?? 1,
    sync: true,
    colorize: destination ? false : Boolean(process.stdout.isTTY),
    translateTime: "SYS:HH:MM:ss",
    singleLine: true,
    ignore: ["pid", "hostname", "reqId", ...REQUEST_KEYS].join(","),
    messageFormat: (line, messageKey) =>
      REQUEST_KEYS.every((k) => k in line)
        ? `${String(line.method)} ${String(line.path)} ${String(line.status)} ${String(line.ms)} ms`
        : String(line[messageKey] ?? ""),
  });
}

/** Writes out what the log buffer holds now (before text printed straight to stdout). */
function flushLogs() {
  try {
    destination?.flushSync();
  } catch {
    // Not open yet (nothing buffered) or already closed at exit: nothing to write.
  }
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

/** The context of the request being served (an opaque object, the same for all its loaders). */
export function currentRequestContext(): object | undefined {
  return requestContext.getStore();
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
  flushLogs();
  process.stdout.write(`${text}\n`);
}
