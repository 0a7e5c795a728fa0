import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clients } from "~/db/schema";
import { isId } from "~/lib/ids";
import { inBackground } from "~/server/jobs/queue.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { mailBrand } from "./brand.server";
import { CLIENT_LINK_SUBJECT, ClientLinkMail } from "./mails/client-area";
import { REDACTED_LINK } from "./mails/reset-password";

export const CLIENT_LINK_KIND = "cliente.link-acesso";

/** Where the e-mailed link lands: our page, which asks better-auth to verify the token. */
export function clientLinkPath(token: string): string {
  return `/cliente/entrar/confirmar?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's `sendMagicLink` hook. As the password reset: the token exists in clear only here
 * and in the message (better-auth stores its SHA-256), the mail log replaces the link once the
 * message is delivered, and the work runs in the background so that a request for a client
 * answers about as fast as one for an unknown address.
 */
export function sendClientLinkMail(input: { clientId: string; token: string }): void {
  inBackground(queueClientLinkMail(getDb(), input), "client sign-in link mail");
}

export async function queueClientLinkMail(
  db: DbOrTx,
  { clientId, token }: { clientId: string; token: string },
) {
  if (!isId(clientId)) return;
  const [client] = await db
    .select({ name: clients.name, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return;
  const brand = mailBrand();
  const link = brand.url(clientLinkPath(token));
  const [body, redacted] = await Promise.all([
    renderMail(<ClientLinkMail brand={brand} name={client.name} link={link} />),
    renderMail(<ClientLinkMail brand={brand} name={client.name} link={REDACTED_LINK} />),
  ]);
  await queueMail(db, {
    kind: "cliente.link-acesso",
    to: client.email,
    subject: CLIENT_LINK_SUBJECT,
    ...body,
    redacted,
    dedupeKey: `client-link:${createHash("sha256").update(token).digest("base64url")}`,
    entity: { type: "client", id: clientId },
  });
}
