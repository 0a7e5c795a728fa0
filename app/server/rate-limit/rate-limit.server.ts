import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { env } from "~/lib/env.server";
import { defineJob } from "~/server/jobs/queue.server";
import { replyError } from "~/lib/form-reply";

export const RATE_LIMIT_MESSAGE =
  "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.";

/** Every request counts in these buckets; sign-ins count only failures (login-throttle.server). */
export type RateLimitBucket = "register" | "contact" | "password-reset";

function limitFor(bucket: RateLimitBucket): number {
  const e = env();
  if (bucket === "register") return e.RATE_LIMIT_REGISTER;
  if (bucket === "password-reset") return e.RATE_LIMIT_PASSWORD_RESET;
  return e.RATE_LIMIT_CONTACT;
}

/**
 * Fixed-window counter in PostgreSQL (one atomic upsert), so the limit holds across every app
 * instance that shares the database. Returns the seconds to wait when over the limit.
 * `opts.db` is for tests that play several app instances (one pool each).
 */
export async function hitRateLimit(
  bucket: RateLimitBucket,
  identity: string,
  opts: { db?: DbOrTx } = {},
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const window = env().RATE_LIMIT_WINDOW_SECONDS;
  const limit = limitFor(bucket);
  const key = `${bucket}:${identity}`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    opts.db ?? getDb(),
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${window})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${window})
                   then now() else rate_limits.window_start end
    returning count::int as count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${window}) - now())))::int as retry_after`,
  );
  if (Number(row.count) > limit) return { ok: false, retryAfter: Math.max(1, Number(row.retry_after)) };
  return { ok: true };
}

/**
 * A counter that only some outcomes should spend (failed sign-ins): `reserveAttempt` takes one
 * unit atomically BEFORE the attempt (so a burst of parallel requests cannot all slip past a
 * read-then-write check), `refundAttempt` gives it back when the attempt turned out not to count
 * (success, or refused by another counter). Fixed window of `windowSeconds` from the first unit.
 * Returns the count after this reservation and the seconds left in the window.
 */
export async function reserveAttempt(
  key: string,
  windowSeconds: number,
  opts: { db?: DbOrTx } = {},
): Promise<{ count: number; retryAfter: number }> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    opts.db ?? getDb(),
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count::int as count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as retry_after`,
  );
  return { count: Number(row.count), retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** Gives back a unit taken by `reserveAttempt` (never below zero). */
export async function refundAttempt(key: string, opts: { db?: DbOrTx } = {}): Promise<void> {
  await (opts.db ?? getDb()).execute(
    sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`,
  );
}

/** The 429 answer for an action: the pt-BR message as form error, and Retry-After. */
export function rateLimited(retryAfter: number) {
  return replyError(RATE_LIMIT_MESSAGE, { status: 429, headers: { "Retry-After": String(retryAfter) } });
}

/**
 * Drops expired counters so the table stays small (every 15 minutes, `pruneRateLimitsJob`).
 * A counter is kept for twice the longest window, so no bucket can lose a count still in force.
 */
export async function pruneRateLimits(): Promise<number> {
  const e = env();
  const window = Math.max(e.RATE_LIMIT_WINDOW_SECONDS, e.RATE_LIMIT_LOGIN_WINDOW_SECONDS);
  const rows = await queryRows<{ key: string }>(
    getDb(),
    sql`delete from rate_limits where window_start < now() - make_interval(secs => ${window * 2})
        returning key`,
  );
  return rows.length;
}

export const pruneRateLimitsJob = defineJob<object>({
  name: "maintenance.prune-rate-limits",
  schedule: { cron: "*/15 * * * *" },
  pollingIntervalSeconds: 30,
  handler: async () => void (await pruneRateLimits()),
});

/**
 * A route's `headers` export: React Router drops an action's headers from the HTML response
 * unless the route passes them on, so routes that can answer 429 re-export this
 * (`export const headers = rateLimitHeaders;`) to keep Retry-After.
 */
export function rateLimitHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const out = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
}
