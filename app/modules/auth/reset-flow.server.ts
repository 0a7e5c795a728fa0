import type { AppLoadContext } from "react-router";
import { reply, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { parseForm } from "~/server/http/form.server";
import { rateLimited } from "~/server/rate-limit/rate-limit.server";
import { ForgotPasswordSchema, RESET_MESSAGES, ResetPasswordSchema } from "./auth.schema";
import { requestPasswordReset, resetPassword, resetTokenIsValid } from "./password-reset.server";
import { passwordProblem } from "./password-policy.server";

/**
 * The forgot/reset pages of both areas (/admin and /representante) share these: the routes
 * only say where the area's login is.
 */

/** "Esqueci minha senha": always the same answer for a well-formed address. */
export async function forgotPasswordAction({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}) {
  const form = await parseForm(request, ForgotPasswordSchema, (errors, raw) =>
    replyInvalid(errors, { values: { email: String(raw.email ?? "").slice(0, 254) } }),
  );
  if (!form.ok) return form.reply;
  const result = await requestPasswordReset({
    email: form.data.email,
    clientIp: context?.clientIp ?? "unknown",
  });
  if (!result.ok) return rateLimited(result.retryAfter);
  return reply({ ok: true, sent: true });
}

/** The reset page: the token from the e-mailed link, or null when it can no longer be used. */
export async function resetPasswordLoader({ request }: { request: Request }) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: (await resetTokenIsValid(token)) ? token : null };
}

/** Sets the new password; then the area's login with a toast. */
export async function resetPasswordAction({ request, loginUrl }: { request: Request; loginUrl: string }) {
  const form = await parseForm(request, ResetPasswordSchema, (errors) =>
    errors.token ? reply({ invalidToken: true }, { status: 400 }) : replyInvalid(errors),
  );
  if (!form.ok) return form.reply;
  const weak = passwordProblem(form.data.password);
  if (weak) return replyInvalid({ password: weak });
  const result = await resetPassword({ request, token: form.data.token, password: form.data.password });
  if (result === "invalid-token") return reply({ invalidToken: true }, { status: 400 });
  return redirectWithToast(loginUrl, "success", RESET_MESSAGES.done);
}
