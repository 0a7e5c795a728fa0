import { redirect } from "react-router";
import { flashHeader } from "~/lib/flash.server";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { readReferralCode } from "~/modules/referrals/index.server";
import { directAttribution, readAttribution } from "~/modules/site/index.server";
import { readForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { hitRateLimit, rateLimited } from "~/server/rate-limit/rate-limit.server";
import { CONTACT_TOASTS } from "./contact.options";
import { CONTACT_MESSAGES } from "./contact.schema";
import { submitContactForm } from "./contact.server";

/**
 * The contact form's POST (SPEC §2, §4, §5) → a lead in the funnel: the action of both the home
 * (`/#contato`) and the contact page (`/contato`), so they answer exactly alike. The rate limit
 * first, then the body (readForm throws the 400/413 reply of a body that is not a bounded
 * form, read by the one form pipeline), then the lead. A sent form is redirected (303) back to the form with the success message
 * in the flash cookie, shown by the form's confirmation (not as a toast); refused input is answered with its messages and what was typed.
 */
export async function handleContactPost({ request, clientIp }: { request: Request; clientIp: string }) {
  const limit = await hitRateLimit("contact", clientIp).catch(() => ({ ok: true }) as const);
  if (!limit.ok) return rateLimited(limit.retryAfter);
  const fields = await readForm(request);
  try {
    const result = await submitContactForm({
      fields,
      attribution: (await readAttribution(request)) ?? directAttribution(request),
      referralCode: readReferralCode(request.headers.get("cookie")),
    });
    if (result.kind === "invalid") {
      const { fieldErrors, values } = result;
      return replyInvalid(fieldErrors, { values, formError: CONTACT_MESSAGES.formInvalid });
    }
    // A bot gets the same answer as a person, so the honeypot teaches it nothing.
    return redirect(`${formPath(request)}#contato`, {
      status: 303,
      // The form's confirmation shows the message in place: one confirmation, no toast over the form.
      headers: { "Set-Cookie": await flashHeader("success", CONTACT_TOASTS.success, { inPage: true }) },
    });
  } catch (err) {
    log.error({ err }, "contact form failed");
    return replyError(CONTACT_TOASTS.failure);
  }
}

/**
 * The page that posted (`/` or `/contato`), from the request's own URL: nothing the visitor sends
 * chooses where the redirect goes, and leading slashes are collapsed so that the path cannot
 * become a protocol-relative URL (`//elsewhere`).
 */
function formPath(request: Request): string {
  return `/${new URL(request.url).pathname.replace(/^\/+/, "")}`;
}
