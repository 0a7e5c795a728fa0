import type { AppLoadContext } from "react-router";
import { redirect } from "react-router";
import { reply, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { ForgotPasswordSchema } from "~/modules/auth/auth.schema";
import { getSessionUser } from "~/modules/auth/index.server";
import { z } from "~/lib/zod";
import { parseForm, readForm } from "~/server/http/form.server";
import { rateLimited } from "~/server/rate-limit/rate-limit.server";
import { CLIENT_AREA_MESSAGES } from "./client-area.constants";
import { InvalidClientLinkError, openClientSession, requestClientLink } from "./client-session.server";

/**
 * A client already signed in goes to its area. "Acessar a área do cliente" in the e-mails links
 * here with `?email=`, so an owner coming from an e-mail need not type it: the field comes filled
 * in with it, when it is an address (it grants nothing: the link still goes only to that mailbox).
 */
export async function clientSignInLoader({ request }: { request: Request }) {
  const s = await getSessionUser(request);
  if (s?.user.role === "client") throw redirect("/cliente");
  const email = (new URL(request.url).searchParams.get("email") ?? "").trim();
  return { email: email.length <= 254 && z.email().safeParse(email).success ? email : "" };
}

/** Asks for the link: the same answer whether the address is a client's or not. */
export async function clientSignInAction({
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
  const result = await requestClientLink({
    email: form.data.email,
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
  const raw = await readForm(request);
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
