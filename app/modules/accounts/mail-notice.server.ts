import { redirect } from "react-router";
import { redirectWithToast } from "~/lib/form-reply.server";
import { smtpConfigured } from "~/server/mail/transport.server";
import { MAIL_NOTICE_PARAMS, mailQueuedMessage, type MailNoticeSubject } from "./accounts.schema";

/**
 * After an invitation or a reset is queued: with SMTP a toast says the e-mail
 * is in the queue; without it nothing will leave, so the page says so and links to the message in
 * the mail log (a toast cannot hold a link, and the admin needs it to pass the link on).
 */
export async function redirectWithMailNotice(
  back: string,
  subject: MailNoticeSubject,
  mailId: string | null,
): Promise<Response> {
  if (smtpConfigured()) {
    return redirectWithToast(back, "success", mailQueuedMessage(subject), { replace: true });
  }
  const url = new URL(back, "http://x");
  url.searchParams.set(MAIL_NOTICE_PARAMS.subject, subject);
  if (mailId) url.searchParams.set(MAIL_NOTICE_PARAMS.mail, mailId);
  return redirect(url.pathname + url.search);
}
