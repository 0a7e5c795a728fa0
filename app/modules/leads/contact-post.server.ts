import { replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import { readReferralCode } from "~/modules/referrals/referral-link.server";
import { directAttribution, readAttribution, type RequestLike } from "~/modules/site/attribution.server";
import { readFormData } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { hitRateLimit, rateLimited } from "~/server/rate-limit/rate-limit.server";
import { CONTACT_TOASTS } from "./contact.options";
import { CONTACT_MESSAGES } from "./contact.schema";
import { submitContactForm } from "./contact.server";

/**
 * The contact form's POST (SPEC §2, §4, §5) → a lead in the funnel; the action of both the home
 * (`/#contato`) and the contact page (`/contato`) when the form is sent without JavaScript, so
 * they answer exactly alike.
 */
export function handleContactPost({ request, clientIp }: { request: Request; clientIp: string }) {
  return answerContact({ request, clientIp, readForm: () => readFormData(request) });
}

/**
 * The answer itself, shared with the JSON endpoint the form uses with JavaScript
 * (contact-endpoint.server.ts): the rate limit first, then the body (`readForm` throws the
 * 400/413 reply of a body that is not a bounded form), then the lead.
 */
export async function answerContact({
  request,
  clientIp,
  readForm,
}: {
  request: RequestLike;
  clientIp: string;
  readForm: () => Promise<FormData | URLSearchParams>;
}) {
  const limit = await hitRateLimit("contact", clientIp).catch(() => ({ ok: true }) as const);
  if (!limit.ok) return rateLimited(limit.retryAfter);
  const formData = await readForm();
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

/** A reply built by `data()` (form-reply.ts): what it says and how it is sent. */
export interface Reply {
  data: unknown;
  init: ResponseInit | null;
}

/** Whether a thrown value is a reply built by `data()` (readFormData's 400/413). */
export function isReply(v: unknown): v is Reply {
  return typeof v === "object" && v !== null && (v as { type?: unknown }).type === "DataWithResponseInit";
}

/**
 * The JSON endpoint's answer as a route (`routes/resources/contato-api.ts`): what the dev server
 * serves; the production server answers the same URL before the router with the same JSON.
 */
export async function contactJson({ request, clientIp }: { request: Request; clientIp: string }) {
  let reply: Reply;
  try {
    reply = await handleContactPost({ request, clientIp });
  } catch (err) {
    if (!isReply(err)) throw err;
    reply = err;
  }
  const headers = new Headers(reply.init?.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(reply.data, { status: reply.init?.status ?? 200, headers });
}
