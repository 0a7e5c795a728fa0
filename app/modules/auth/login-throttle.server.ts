import type { UserRole } from "~/db/schema";
import { replyError } from "~/lib/form-reply";
import { env } from "~/lib/env.server";
import { refundAttempt, reserveAttempt } from "~/server/rate-limit/rate-limit.server";

/**
 * Sign-in throttling (docs/security.md, decision 010). Only FAILED sign-ins count, in two
 * counters per role: the account (e-mail) and the client address. A role's counters are its own,
 * so a flood of wrong representative passwords from one address never locks the admin sign-in
 * of that address, and a successful sign-in gives its unit back.
 */

/** "Muitas tentativas. Tente novamente em 12 minutos." (whole minutes, rounded up). */
export function loginLockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

function counters(role: UserRole, email: string, clientIp: string) {
  const e = env();
  return [
    { key: `login-fail:${role}:account:${email.trim().toLowerCase()}`, limit: e.RATE_LIMIT_LOGIN_ACCOUNT },
    { key: `login-fail:${role}:address:${clientIp}`, limit: e.RATE_LIMIT_LOGIN },
  ];
}

export interface LoginAttempt {
  /** The attempt failed (wrong e-mail/password or role): its units stay spent. */
  failed(): void;
  /** The attempt succeeded: its units are given back. */
  succeeded(): Promise<void>;
}

/**
 * Takes one unit of each counter before the password is checked (atomic, so parallel guesses
 * cannot all pass a stale read). Over a limit: the units are given back (no password was
 * checked) and the answer is the 429 with how long to wait.
 */
export async function beginLoginAttempt(input: {
  role: UserRole;
  email: string;
  clientIp: string;
}): Promise<{ ok: true; attempt: LoginAttempt } | { ok: false; response: ReturnType<typeof replyError> }> {
  const window = env().RATE_LIMIT_LOGIN_WINDOW_SECONDS;
  const list = counters(input.role, input.email, input.clientIp);
  const taken = await Promise.all(list.map((c) => reserveAttempt(c.key, window)));
  const refundAll = () => Promise.all(list.map((c) => refundAttempt(c.key))).then(() => undefined);
  const over = taken.filter((t, i) => t.count > list[i].limit);
  if (over.length > 0) {
    await refundAll();
    const retryAfter = Math.max(...over.map((t) => t.retryAfter));
    const message = loginLockedMessage(retryAfter);
    return {
      ok: false,
      response: replyError(message, { status: 429, headers: { "Retry-After": String(retryAfter) } }),
    };
  }
  return { ok: true, attempt: { failed: () => undefined, succeeded: refundAll } };
}
