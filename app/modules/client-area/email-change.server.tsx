import { createHash, randomBytes } from "node:crypto";
import { and, eq, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { clients } from "~/db/schema";
import { isId } from "~/lib/ids";
import { z } from "~/lib/zod";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { getAuth } from "~/modules/auth/auth.server";
import { mailBrand } from "~/modules/notifications/brand.server";
import {
  CLIENT_EMAIL_CHANGED_SUBJECT,
  CLIENT_EMAIL_CONFIRM_SUBJECT,
  ClientEmailChangedMail,
  ClientEmailConfirmMail,
} from "~/modules/notifications/mails/client-area";
import { REDACTED_LINK } from "~/modules/notifications/mails/reset-password";
import { now } from "~/server/clock.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { hitRateLimit } from "~/server/rate-limit/rate-limit.server";
import { EMAIL_CHANGE_MESSAGES } from "./client-area.constants";

export { EMAIL_CHANGE_MESSAGES };

/**
 * "Trocar e-mail" in /cliente/dados (issue 32 item 3): the new address must confirm it. The
 * single-use token lives in better-auth's verification table (its internal adapter, as the
 * password reset's does), stored under its SHA-256 so the table never holds a usable link; it
 * expires in 24 hours. Confirming changes the client's e-mail (and so where the sign-in links and
 * charges go), audited, and tells the old address. Nothing changes before the confirmation.
 */

const TTL_MS = 24 * 3_600_000;
const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());
const identifierOf = (token: string) =>
  `client-email-change:${createHash("sha256").update(token).digest("base64url")}`;
export const emailConfirmPath = (token: string) =>
  `/cliente/email/confirmar?token=${encodeURIComponent(token)}`;

export type EmailChangeResult = { ok: true; message: string } | { ok: false; message: string };

/** Asks for the change: a confirmation link to the new address; the e-mail itself is unchanged. */
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
  if (await emailTaken(newEmail, clientId)) return { ok: false, message: EMAIL_CHANGE_MESSAGES.taken };
  const token = randomBytes(32).toString("base64url");
  const ctx = await getAuth().$context;
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifierOf(token),
    value: JSON.stringify({ clientId, newEmail }),
    expiresAt: new Date(now().getTime() + TTL_MS),
  });
  const brand = mailBrand();
  const link = brand.url(emailConfirmPath(token));
  const [body, redacted] = await Promise.all([
    renderMail(<ClientEmailConfirmMail brand={brand} name={client.name} link={link} />),
    renderMail(<ClientEmailConfirmMail brand={brand} name={client.name} link={REDACTED_LINK} />),
  ]);
  await queueMail(db, {
    kind: "cliente.troca-email",
    to: newEmail,
    subject: CLIENT_EMAIL_CONFIRM_SUBJECT,
    ...body,
    redacted,
    dedupeKey: identifierOf(token),
    entity: { type: "client", id: clientId },
  });
  return { ok: true, message: EMAIL_CHANGE_MESSAGES.sent };
}

async function emailTaken(email: string, clientId: string) {
  const rows = await getDb()
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.email, email), ne(clients.id, clientId)));
  return rows.length > 0;
}

/** Whether a confirmation link is still usable (for the page, before the button is pressed). */
export async function emailChangeTokenIsValid(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const ctx = await getAuth().$context;
  const v = await ctx.internalAdapter.findVerificationValue(identifierOf(token));
  return Boolean(v && v.expiresAt > now());
}

/** Confirms: consumes the token once, changes the e-mail, audits, and tells the old address. */
export async function confirmEmailChange({ token }: { token: string }): Promise<EmailChangeResult> {
  if (!token || token.length > 200) return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalidLink };
  const ctx = await getAuth().$context;
  const v = await ctx.internalAdapter.consumeVerificationValue(identifierOf(token));
  if (!v || v.expiresAt <= now()) return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalidLink };
  let request: { clientId?: unknown; newEmail?: unknown };
  try {
    request = JSON.parse(v.value) as typeof request;
  } catch {
    return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalidLink };
  }
  const clientId = String(request.clientId ?? "");
  const newEmail = String(request.newEmail ?? "");
  if (!isId(clientId) || !EmailSchema.safeParse(newEmail).success)
    return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalidLink };
  if (await emailTaken(newEmail, clientId)) return { ok: false, message: EMAIL_CHANGE_MESSAGES.taken };
  const brand = mailBrand();
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ name: clients.name, email: clients.email, authId: clients.authId })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!before) return { ok: false, message: EMAIL_CHANGE_MESSAGES.invalidLink };
    if (before.email === newEmail) return { ok: true, message: EMAIL_CHANGE_MESSAGES.changed };
    await tx.update(clients).set({ email: newEmail, updatedAt: now() }).where(eq(clients.id, clientId));
    const actor: Actor = { id: before.authId ?? `client:${clientId}`, name: `${before.name} (cliente)` };
    await recordAudit(tx, {
      actor,
      action: "client.email_changed",
      entityType: "client",
      entityId: clientId,
      entityLabel: before.name,
      changes: { email: [before.email, newEmail] },
    });
    const body = await renderMail(
      <ClientEmailChangedMail brand={brand} name={before.name} newEmail={newEmail} />,
    );
    await queueMail(tx, {
      kind: "cliente.email-alterado",
      to: before.email,
      subject: CLIENT_EMAIL_CHANGED_SUBJECT,
      ...body,
      dedupeKey: `${identifierOf(token)}:aviso`,
      entity: { type: "client", id: clientId },
    });
    return { ok: true, message: EMAIL_CHANGE_MESSAGES.changed };
  });
}
