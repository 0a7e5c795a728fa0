import { replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import { readReferralCode } from "~/modules/referrals/referral-link.server";
import { directAttribution, readAttribution } from "~/modules/site/attribution.server";
import { readFormData } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { hitRateLimit, rateLimited } from "~/server/rate-limit/rate-limit.server";
import { CONTACT_TOASTS } from "./contact.options";
import { CONTACT_MESSAGES } from "./contact.schema";
import { submitContactForm } from "./contact.server";

/**
 * The contact form's POST (SPEC §2, §4, §5) → a lead in the funnel; the action of both the home
 * (`/#contato`) and the contact page (`/contato`), so they answer exactly alike.
 */
export async function handleContactPost({ request, clientIp }: { request: Request; clientIp: string }) {
  const limit = await hitRateLimit("contact", clientIp).catch(() => ({ ok: true }) as const);
  if (!limit.ok) return rateLimited(limit.retryAfter);
  // A body that is not a form is a 400 with a pt-BR message (thrown), not the 500 below.
  const formData = await readFormData(request);
  try {
    const result = await submitContactForm({
      formData,
      attribution: (await readAttribution(request)) ?? directAttribution(request),
      referralCode: readReferralCode(request.headers.get("cookie")),
    });
    if (result.kind === "invalid") {
      const { fieldErrors, values } = result;
      return replyInvalid(fieldErrors, { values, formError: CONTACT_MESSAGES.formInvalid });
    }
    // A bot gets the same answer as a person, so the honeypot teaches it nothing.
    return replyOk(toast.success(CONTACT_TOASTS.success));
  } catch (err) {
    log.error({ err }, "contact form failed");
    return replyError(CONTACT_TOASTS.failure);
  }
}
