import { data, type AppLoadContext } from "react-router";
import type { UserRole } from "~/db/schema";
import { redirectWithToast } from "~/lib/flash.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { readFormData } from "~/modules/security/form.server";
import { hitRateLimit, rateLimited } from "~/modules/security/rate-limit.server";
import { AUTH_MESSAGES, LoginSchema } from "./auth.schema";
import { InvalidCredentialsError, signIn } from "./session.server";

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
  if (!parsed.success) {
    return data(
      {
        ok: false as const,
        fieldErrors: fieldErrors(parsed.error),
        formError: null as string | null,
        toast: null,
      },
      { status: 400 },
    );
  }
  try {
    const { headers } = await signIn(request, { ...parsed.data, role });
    return redirectWithToast(opts.successUrl, "success", AUTH_MESSAGES.loginSuccess, headers);
  } catch (err) {
    if (!(err instanceof InvalidCredentialsError)) console.error("login failed", err);
    return data(
      {
        ok: false as const,
        fieldErrors: {} as Record<string, string>,
        formError: opts.failureMessage,
        toast: { type: "error" as const, message: opts.failureMessage },
      },
      { status: 401 },
    );
  }
}
