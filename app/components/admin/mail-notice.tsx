import { Link, useSearchParams } from "react-router";
import {
  MAIL_NOTICE_PARAMS,
  MAIL_NOTICE_SUBJECTS,
  mailNoSmtpPrefix,
  type MailNoticeSubject,
} from "~/modules/accounts/accounts.schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Convite criado — sem SMTP configurado: veja o e-mail em E-mails", with "E-mails" linking to the
 * message in the mail log. Shown after the redirect of redirectWithMailNotice; only a display of
 * the URL's parameters (the mail log page checks the admin again).
 */
export function MailNotice() {
  const [params] = useSearchParams();
  const subject = params.get(MAIL_NOTICE_PARAMS.subject);
  if (!subject || !Object.hasOwn(MAIL_NOTICE_SUBJECTS, subject)) return null;
  const mail = params.get(MAIL_NOTICE_PARAMS.mail);
  const to = mail && UUID.test(mail) ? `/admin/emails/${mail}` : "/admin/emails";
  return (
    <p
      role="status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {mailNoSmtpPrefix(subject as MailNoticeSubject)}
      <Link to={to} className="font-semibold underline underline-offset-2">
        E-mails
      </Link>
    </p>
  );
}
