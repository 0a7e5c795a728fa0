import type { DbOrTx } from "~/db/client.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { mailBrand } from "./brand.server";
import { ADMIN_INVITE_SUBJECT, AdminInviteMail, REDACTED_INVITE_LINK } from "./mails/admin-invite";

/** Where an invited admin chooses a password (the token goes in the query: never logged). */
export function adminInvitePath(token: string): string {
  return `/admin/invite?token=${encodeURIComponent(token)}`;
}

/**
 * Renders the invitation and queues it through `db` (the invitation's transaction): the mail log
 * keeps the link only until delivery. Returns the message's id in the mail log.
 */
export async function queueAdminInviteMail(
  db: DbOrTx,
  input: {
    invitationId: string;
    userId: string;
    name: string;
    email: string;
    invitedBy: string;
    token: string;
  },
) {
  const brand = mailBrand();
  const props = { brand, name: input.name, invitedBy: input.invitedBy };
  const [body, redacted] = await Promise.all([
    renderMail(<AdminInviteMail {...props} link={brand.url(adminInvitePath(input.token))} />),
    renderMail(<AdminInviteMail {...props} link={REDACTED_INVITE_LINK} />),
  ]);
  return queueMail(db, {
    kind: "auth.convite-admin",
    to: input.email,
    subject: ADMIN_INVITE_SUBJECT,
    ...body,
    redacted,
    dedupeKey: `admin-invite:${input.invitationId}`,
    entity: { type: "user", id: input.userId },
  });
}
