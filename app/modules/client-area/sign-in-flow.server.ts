import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { reply, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { fieldErrors, formToObject } from "~/lib/validation";
import { ForgotPasswordSchema } from "~/modules/auth/auth.schema";
import { getSessionUser } from "~/modules/auth/index.server";
import { readFormData } from "~/server/http/form.server";
import { rateLimited } from "~/server/rate-limit/rate-limit.server";
import { CLIENT_AREA_MESSAGES } from "./client-area.constants";
import { InvalidClientLinkError, openClientSession, requestClientLink } from "./client-session.server";

/** /cliente/entrar: a signed-in client goes straight to the area. */
export async function clientSignInLoader({ request }: { request: Request }) {
  const s = await getSessionUser(request);
  if (s?.user.role === "client") throw redirect("/cliente");
  return null;
}

/** Asks for the link: the same answer whether the address is a client's or not. */
export async function clientSignInAction({
  request,
  context,
}: {
  request: Request;
  context: AppLoadContext;
}) {
  const raw = formToObject(await readFormData(request));
  const parsed = ForgotPasswordSchema.safeParse(raw);
  if (!parsed.success)
    return replyInvalid(fieldErrors(parsed.error), {
      values: { email: String(raw.email ?? "").slice(0, 254) },
    });
  const result = await requestClientLink({
    email: parsed.data.email,
    clientIp: context?.clientIp ?? "unknown",
  });
  if (!result.ok) return rateLimited(result.retryAfter);
  return reply({ ok: true, sent: true });
}

/**
 * The e-mailed link's page. Opening it does not sign in: the "Entrar" button does (a POST), so
 * a mail scanner that follows links cannot spend the single-use token before the person does.
 */
export function clientConfirmLoader({ request }: { request: Request }) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: token.length > 0 && token.length <= 200 ? token : null };
}

export async function clientConfirmAction({ request }: { request: Request }) {
  const raw = formToObject(await readFormData(request));
  const token = typeof raw.token === "string" ? raw.token : "";
  try {
    const headers = await openClientSession(request, token);
    return redirectWithToast("/cliente", "success", CLIENT_AREA_MESSAGES.signedIn, { headers });
  } catch (err) {
    if (err instanceof InvalidClientLinkError)
      return reply({ invalidLink: true, formError: CLIENT_AREA_MESSAGES.invalidLink }, { status: 400 });
    throw err;
  }
}
