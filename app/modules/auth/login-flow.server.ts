import type { AppLoadContext } from "react-router";
import type { UserRole } from "~/db/schema";
import { replyError } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { AUTH_MESSAGES, LoginSchema } from "./auth.schema";
import { beginLoginAttempt } from "./login-throttle.server";
import { AccountDeactivatedError, InvalidCredentialsError, signIn } from "./session.server";

/**
 * The login action shared by /admin/login and /representante/login: validation, the failed
 * sign-in throttle (login-throttle.server), sign-in with the role check, then redirect with the
 * success toast.
 */
export async function loginAction(opts: {
  request: Request;
  context: AppLoadContext;
  role: UserRole;
  successUrl: string;
  failureMessage: string;
}) {
  const { request, context, role } = opts;
  const form = await parseForm(request, LoginSchema);
  if (!form.ok) return form.reply;
  const throttle = await beginLoginAttempt({
    role,
    email: form.data.email,
    clientIp: context?.clientIp ?? "unknown",
  });
  if (!throttle.ok) return throttle.response;
  let headers: Headers;
  try {
    ({ headers } = await signIn(request, { ...form.data, role }));
  } catch (err) {
    if (err instanceof AccountDeactivatedError)
      return replyError(AUTH_MESSAGES.accountDeactivated, { status: 403 });
    if (!(err instanceof InvalidCredentialsError)) log.error({ err }, "login failed");
    throttle.attempt.failed();
    return replyError(opts.failureMessage, { status: 401 });
  }
  await throttle.attempt.succeeded();
  return redirectWithToast(opts.successUrl, "success", AUTH_MESSAGES.loginSuccess, { headers });
}
