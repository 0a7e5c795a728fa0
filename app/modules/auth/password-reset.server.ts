import { isAPIError } from "better-auth/api";
import { log } from "~/server/logging/logger.server";
import { hitMailRequestLimits } from "~/server/rate-limit/rate-limit.server";
import { authHeaders, getAuth } from "./auth.server";

/**
 * "Esqueci minha senha", on better-auth's own flow: it creates the single-use token (1 hour) and
 * calls our `sendResetPassword` hook, which only enqueues the e-mail. The caller always shows
 * the same answer, whether the account exists or not; the limit counts per e-mail address and
 * per client address, so nobody can flood one inbox or probe many accounts.
 */
export async function requestPasswordReset({
  email,
  clientIp,
}: {
  email: string;
  clientIp: string;
}): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const address = email.trim().toLowerCase();
  const limit = await hitMailRequestLimits("password-reset", address, clientIp);
  if (!limit.ok) return limit;
  try {
    await getAuth().api.requestPasswordReset({ body: { email: address } });
  } catch (err) {
    // Nothing about the account may leak into the answer: log and answer as usual.
    log.error({ err }, "password reset request failed");
  }
  return { ok: true };
}

/** Whether a reset token is still usable (exists, not used, not expired) — for the page. */
export async function resetTokenIsValid(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const ctx = await getAuth().$context;
  const v = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  // eslint-disable-next-line no-restricted-syntax -- better-auth stamps its reset tokens with the system time: they are checked against it
  return Boolean(v && v.expiresAt > new Date());
}

export type ResetResult = "ok" | "invalid-token";

/**
 * Sets the new password with better-auth (which consumes the token and, as configured, ends
 * every session of the account). An expired, used or unknown token is "invalid-token".
 */
export async function resetPassword({
  request,
  token,
  password,
}: {
  request: Request;
  token: string;
  password: string;
}): Promise<ResetResult> {
  try {
    await getAuth().api.resetPassword({
      body: { token, newPassword: password },
      headers: authHeaders(request),
    });
    return "ok";
  } catch (err) {
    if (isAPIError(err) && err.status === "BAD_REQUEST") return "invalid-token";
    throw err;
  }
}
