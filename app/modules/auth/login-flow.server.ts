import type { AppLoadContext } from "react-router";
import type { UserRole } from "~/db/schema";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { readFormData } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { hitRateLimit, rateLimited } from "~/server/rate-limit/rate-limit.server";
import { AUTH_MESSAGES, LoginSchema } from "./auth.schema";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts.schema";
import { AccountDeactivatedError, InvalidCredentialsError, signIn } from "./session.server";

/**
 * The login action shared by /admin/login and /representante/login: rate limit, validation,
 * sign-in with the role check, then redirect with the success toast.
 */
export async function loginAction(opts: {
  request: Request;
  context: AppLoadContext;
  role: UserRole;
  successUrl: string;
  failureMessage: string;
}) {
  const { request, context, role } = opts;
  const limit = await hitRateLimit("login", context?.clientIp ?? "unknown");
  if (!limit.ok) return rateLimited(limit.retryAfter);
  const raw = formToObject(await readFormData(request));
  const parsed = LoginSchema.safeParse(raw);
  if (!parsed.success) return replyInvalid(fieldErrors(parsed.error));
  try {
    const { headers } = await signIn(request, { ...parsed.data, role });
    return redirectWithToast(opts.successUrl, "success", AUTH_MESSAGES.loginSuccess, { headers });
  } catch (err) {
    if (err instanceof AccountDeactivatedError)
      return replyError(ACCOUNT_MESSAGES.deactivated, { status: 403 });
    if (!(err instanceof InvalidCredentialsError)) log.error({ err }, "login failed");
    return replyError(opts.failureMessage, { status: 401 });
  }
}
