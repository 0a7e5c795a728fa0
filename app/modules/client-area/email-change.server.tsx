import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { clientEmailChanges, clients, session as sessionTable } from "~/db/schema";
import { z } from "~/lib/zod";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { getSessionUser } from "~/modules/auth/index.server";
import {
  clientMailBrand,
  CLIENT_EMAIL_CHANGED_SUBJECT,
  CLIENT_EMAIL_CONFIRM_SUBJECT,
  CLIENT_EMAIL_IN_USE_SUBJECT,
  ClientEmailChangedMail,
  ClientEmailConfirmMail,
  ClientEmailInUseMail,
  REDACTED_LINK,
} from "~/modules/notifications/index.server";
import { revokePendingEmailChange } from "~/modules/clients/index.server";
import { isPlaceholderEmail } from "~/modules/privacy/index.server";
import { now } from "~/server/clock.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { hitRateLimit } from "~/server/rate-limit/rate-limit.server";
import { EMAIL_CHANGE_MESSAGES } from "./client-area.constants";

export { EMAIL_CHANGE_MESSAGES };

/**
 * "Trocar e-mail" in /cliente/dados: the new address must confirm it. A client has at most one
 * pending change (`client_email_changes`, one row per client), holding only the SHA-256 of the
 * link's token, valid 24 hours. A newer request replaces it; "Sair de todos os dispositivos", an
 * admin's change of the address, the confirmation itself and anonymisation delete it, so an old
 * link (sent to a typo, or asked for by someone who once had a session) cannot take the account
 * later. Confirming changes the client's e-mail (where the sign-in links and charges go), ends the
 * client's other sessions, audits, and tells the old address. Nothing changes before that.
 */

const TTL_MS = 24 * 3_600_000;
const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email())
  // `.invalid` never receives mail (RFC 2606), and is what anonymised records are made of.
  .refine((e) => !e.endsWith(".invalid"));
const digest = (token: string) => createHash("sha256").update(token).digest("base64url");
export const emailConfirmPath = (token: string) =>
  `/cliente/email/confirmar?token=${encodeURIComponent(token)}`;

export type EmailChangeResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Asks for the change. The answer is the same whether the address is free or another client's:
 * a different answer would tell anyone with a session which addresses are clients'. For a free
 * address the confirmation link goes there; for a taken one its owner is told instead, and
 * nothing changes. Either way the client's earlier pending change is gone.
 */
export async function requestEmailChange({
  clientId,
  email,
}: {
  clientId: string;
  email: string;
}): Promise<EmailChangeResult> {
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalid };
  const newEmail = parsed.data;
  const db = getDb();
  const [client] = await db
    .select({ name: clients.name, email: clients.email })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalid };
  if (client.email === newEmail) return { ok: false, message: EMAIL_CHANGE_MESSAGES.same };
  const limit = await hitRateLimit("client-link", `email-change:${clientId}`);
  if (!limit.ok) return { ok: false, message: EMAIL_CHANGE_MESSAGES.tooMany };
  const token = randomBytes(32).toString("base64url");
  const brand = await clientMailBrand(newEmail);
  const link = brand.url(emailConfirmPath(token));
  const [body, redacted] = await Promise.all([
    renderMail(<ClientEmailConfirmMail brand={brand} name={client.name} link={link} />),
    renderMail(<ClientEmailConfirmMail brand={brand} name={client.name} link={REDACTED_LINK} />),
  ]);
  await db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.email, newEmail), ne(clients.id, clientId)));
    if (owner) {
      await revokePendingEmailChange(tx, clientId);
      await queueMail(tx, {
        kind: "cliente.email-em-uso",
        to: newEmail,
        replyTo: brand.supportEmail,
        subject: CLIENT_EMAIL_IN_USE_SUBJECT,
        ...(await renderMail(<ClientEmailInUseMail brand={brand} name={owner.name} />)),
        dedupeKey: `client-email-in-use:${digest(token)}`,
        entity: { type: "client", id: owner.id },
      });
      return;
    }
    const pending = { tokenHash: digest(token), newEmail, expiresAt: new Date(now().getTime() + TTL_MS) };
    await tx
      .insert(clientEmailChanges)
      .values({ clientId, ...pending })
      .onConflictDoUpdate({ target: clientEmailChanges.clientId, set: { ...pending, createdAt: now() } });
    await queueMail(tx, {
      kind: "cliente.troca-email",
      to: newEmail,
      replyTo: brand.supportEmail,
      subject: CLIENT_EMAIL_CONFIRM_SUBJECT,
      ...body,
      redacted,
      dedupeKey: `client-email-change:${digest(token)}`,
      entity: { type: "client", id: clientId },
    });
  });
  return { ok: true, message: EMAIL_CHANGE_MESSAGES.sent };
}

/** Whether a confirmation link is still usable (for the page, before the button is pressed). */
export async function emailChangeTokenIsValid(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const rows = await getDb()
    .select({ id: clientEmailChanges.id })
    .from(clientEmailChanges)
    .where(and(eq(clientEmailChanges.tokenHash, digest(token)), gt(clientEmailChanges.expiresAt, now())));
  return rows.length > 0;
}

const invalidLink = { ok: false, message: EMAIL_CHANGE_MESSAGES.invalidLink } as const;

/**
 * Confirms: in one transaction, spends the link, changes the e-mail, ends every session of the
 * client's login but the one confirming (if it is that login's), audits, and tells the old
 * address. The client row is locked before the pending one, in the order an admin's edit takes
 * them.
 */
export async function confirmEmailChange({
  token,
  request,
}: {
  token: string;
  request: Request;
}): Promise<EmailChangeResult> {
  if (!token || token.length > 200) return invalidLink;
  const current = await getSessionUser(request);
  const tokenHash = digest(token);
  try {
    return await getDb().transaction(async (tx): Promise<EmailChangeResult> => {
      const [found] = await tx
        .select({ clientId: clientEmailChanges.clientId })
        .from(clientEmailChanges)
        .where(eq(clientEmailChanges.tokenHash, tokenHash));
      if (!found) return invalidLink;
      const [before] = await tx
        .select({ name: clients.name, email: clients.email, authId: clients.authId })
        .from(clients)
        .where(eq(clients.id, found.clientId))
        .for("update");
      const [pending] = await tx
        .delete(clientEmailChanges)
        .where(eq(clientEmailChanges.tokenHash, tokenHash))
        .returning();
      // Used meanwhile, expired, or the client was anonymised: never write a real address there.
      if (!pending || pending.expiresAt <= now() || !before || isPlaceholderEmail(before.email))
        return invalidLink;
      const { clientId, newEmail } = pending;
      const [other] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.email, newEmail), ne(clients.id, clientId)));
      if (other) return { ok: false, message: EMAIL_CHANGE_MESSAGES.taken };
      await tx.update(clients).set({ email: newEmail, updatedAt: now() }).where(eq(clients.id, clientId));
      if (before.authId) {
        const keep = current?.user.id === before.authId ? current.sessionId : null;
        await tx
          .delete(sessionTable)
          .where(and(eq(sessionTable.userId, before.authId), ...(keep ? [ne(sessionTable.id, keep)] : [])));
      }
      const actor: Actor = { id: before.authId ?? `client:${clientId}`, name: `${before.name} (cliente)` };
      await recordAudit(tx, {
        actor,
        action: "client.email_changed",
        entityType: "client",
        entityId: clientId,
        entityLabel: before.name,
        changes: { email: [before.email, newEmail] },
      });
      const brand = await clientMailBrand(before.email, tx);
      const body = await renderMail(
        <ClientEmailChangedMail brand={brand} name={before.name} newEmail={newEmail} />,
      );
      await queueMail(tx, {
        kind: "cliente.email-alterado",
        to: before.email,
        replyTo: brand.supportEmail,
        subject: CLIENT_EMAIL_CHANGED_SUBJECT,
        ...body,
        dedupeKey: `client-email-change:${tokenHash}:aviso`,
        entity: { type: "client", id: clientId },
      });
      return { ok: true, message: EMAIL_CHANGE_MESSAGES.changed };
    });
  } catch (err) {
    // Another client took the address between the check and the update (unique index).
    if (isUniqueViolation(err)) return { ok: false, message: EMAIL_CHANGE_MESSAGES.taken };
    throw err;
  }
}
