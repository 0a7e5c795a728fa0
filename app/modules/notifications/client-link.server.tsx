import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { clients } from "~/db/schema";
import { isId } from "~/lib/ids";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { clientMailBrand } from "./brand.server";
import { CLIENT_LINK_SUBJECT, ClientLinkMail } from "./mails/client-area";
import { REDACTED_LINK } from "./mails/reset-password";

export const CLIENT_LINK_KIND = "cliente.link-acesso";

/** The sign-in link message's dedupe key: one message per job. */
export const clientLinkMailKey = (key: string) => `client-link:${key}`;

/** Where the e-mailed link lands: our page, which asks better-auth to verify the token. */
export function clientLinkPath(token: string): string {
  return `/cliente/entrar/confirmar?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's `sendMagicLink` hook, run by the sign-in link job (never in a request: the
 * request only queues that job, so a client's address and an unknown one cost the same). As the
 * password reset: the token exists in clear only here and in the message (better-auth stores its
 * SHA-256), and the mail log replaces the link once the message is delivered. `key` is the job's:
 * a retried job records no second message.
 */
export async function queueClientLinkMail(
  db: DbOrTx,
  { clientId, token, key }: { clientId: string; token: string; key: string },
) {
  if (!isId(clientId)) return;
  const [client] = await db
    .select({ name: clients.name, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return;
  const brand = await clientMailBrand(client.email, db);
  const link = brand.url(clientLinkPath(token));
  const [body, redacted] = await Promise.all([
    renderMail(<ClientLinkMail brand={brand} name={client.name} link={link} />),
    renderMail(<ClientLinkMail brand={brand} name={client.name} link={REDACTED_LINK} />),
  ]);
  await queueMail(db, {
    kind: "cliente.link-acesso",
    to: client.email,
    replyTo: brand.supportEmail,
    subject: CLIENT_LINK_SUBJECT,
    ...body,
    redacted,
    // Without a job's key (not expected), the token's digest still keeps one message per link.
    dedupeKey: clientLinkMailKey(key || createHash("sha256").update(token).digest("base64url")),
    entity: { type: "client", id: clientId },
  });
}
