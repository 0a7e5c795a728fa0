import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { createHmac } from "node:crypto";
import { env } from "~/lib/env.server";
import { appSecret } from "~/lib/secret.server";
import { defineJob } from "~/server/jobs/queue.server";
import { replyError } from "~/lib/form-reply";
import { createBatcher } from "~/server/db-tools/batcher.server";

export const RATE_LIMIT_MESSAGE =
  "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.";

/** Every request counts in these buckets; sign-ins count only failures (login-throttle.server). */
export type RateLimitBucket = "register" | "contact" | "password-reset" | "client-link";

function limitFor(bucket: RateLimitBucket): number {
  const e = env();
  if (bucket === "register") return e.RATE_LIMIT_REGISTER;
  if (bucket === "password-reset") return e.RATE_LIMIT_PASSWORD_RESET;
  if (bucket === "client-link") return e.RATE_LIMIT_CLIENT_LINK;
  return e.RATE_LIMIT_CONTACT;
}

/**
 * The key as stored: its bucket ("contact", "login-fail") in clear and the rest (an e-mail, an
 * address) as a keyed hash, so the table holds no personal data and the same
 * identity still meets the same counter on every instance (they share AUTH_SECRET).
 */
export function storedKey(key: string): string {
  const i = key.indexOf(":");
  const bucket = i < 0 ? "" : key.slice(0, i);
  const digest = createHmac("sha256", appSecret()).update(`rate-limit:${key}`).digest("base64url");
  return `${bucket}:${digest}`;
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
  const key = `${bucket}:${identity}`;
  const { count, retryAfter } = opts.db ? (await countHits(opts.db, [key]))[0] : await batchedHit(key);
  if (count > limitFor(bucket)) return { ok: false, retryAfter };
  return { ok: true };
}

/**
 * A request that sends an e-mail to a typed address (a reset link, a sign-in link): one hit for
 * the address and one for the requesting address, in that order; the first refusal answers. The
 * address limit stops flooding one mailbox, the IP limit stops one sender trying many mailboxes.
 */
export async function hitMailRequestLimits(
  bucket: RateLimitBucket,
  email: string,
  clientIp: string,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  for (const identity of [`email:${email}`, `ip:${clientIp}`]) {
    const limit = await hitRateLimit(bucket, identity);
    if (!limit.ok) return limit;
  }
  return { ok: true };
}

/**
 * Counts one hit per entry of `keys` (a key may repeat) in one atomic upsert, and answers each
 * entry with the count it reached, in order: the n hits of one key in the batch reach
 * final − n + 1 … final, exactly as n separate upserts would have.
 */
async function countHits(
  db: DbOrTx,
  keys: string[],
  window = env().RATE_LIMIT_WINDOW_SECONDS,
): Promise<{ count: number; retryAfter: number }[]> {
  keys = keys.map(storedKey);
  const hits = new Map<string, number>();
  for (const k of keys) hits.set(k, (hits.get(k) ?? 0) + 1);
  const rows = await queryRows<{ key: string; count: number; retry_after: number }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count)
    select h.key, now(), h.n
    from json_to_recordset(${JSON.stringify([...hits].map(([key, n]) => ({ key, n })))}::json) as h(key text, n int)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${window})
                   then excluded.count else rate_limits.count + excluded.count end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${window})
                   then now() else rate_limits.window_start end
    returning key, count::int as count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${window}) - now())))::int as retry_after`,
  );
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const seen = new Map<string, number>();
  return keys.map((k) => {
    const row = byKey.get(k)!;
    const i = seen.get(k) ?? 0;
    seen.set(k, i + 1);
    return {
      count: Number(row.count) - hits.get(k)! + 1 + i,
      retryAfter: Math.max(1, Number(row.retry_after)),
    };
  });
}

// Concurrent requests share one upsert (group commit, batcher.server.ts).
const batchedHit = createBatcher((keys: string[]) => countHits(getDb(), keys));

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
  return (await countHits(opts.db ?? getDb(), [key], windowSeconds))[0];
}

/** Gives back a unit taken by `reserveAttempt` (never below zero). */
export async function refundAttempt(key: string, opts: { db?: DbOrTx } = {}): Promise<void> {
  await (opts.db ?? getDb()).execute(
    sql`update rate_limits set count = greatest(count - 1, 0) where key = ${storedKey(key)}`,
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
