import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { user } from "~/db/schema";
import { inBackground } from "~/server/jobs/queue.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";
import { mailBrand } from "./brand.server";
import { REDACTED_LINK, RESET_PASSWORD_SUBJECT, ResetPasswordMail } from "./mails/reset-password";

/** Where each kind of account chooses its new password. */
export function resetPasswordPath(role: string, token: string): string {
  const base = role === "admin" ? "/admin/reset-password" : "/representante/redefinir-senha";
  return `${base}?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's `sendResetPassword` hook. The token exists in clear only in this call and in the
 * message: better-auth stores its SHA-256 (`verification.storeIdentifier: "hashed"`), the message
 * is rendered here and written to the mail log (whose link is replaced by a placeholder once
 * delivered), and the delivery job carries only the message id, so no job row (kept 14 days,
 * then archived) holds a usable link. The work runs in the background so that a request for an
 * existing account answers about as fast as one for an unknown address.
 */
export function sendResetPasswordMail(input: { userId: string; token: string }): void {
  inBackground(queueResetPasswordMail(getDb(), input), "password reset mail");
}

export async function queueResetPasswordMail(
  db: DbOrTx,
  { userId, token }: { userId: string; token: string },
) {
  const [account] = await db
    .select({ name: user.name, email: user.email, role: user.role })
    .from(user)
    .where(eq(user.id, userId));
  if (!account) return;
  const brand = mailBrand();
  const link = brand.url(resetPasswordPath(account.role, token));
  const [body, redacted] = await Promise.all([
    renderMail(<ResetPasswordMail brand={brand} name={account.name} link={link} />),
    renderMail(<ResetPasswordMail brand={brand} name={account.name} link={REDACTED_LINK} />),
  ]);
  await queueMail(db, {
    kind: "auth.redefinir-senha",
    to: account.email,
    subject: RESET_PASSWORD_SUBJECT,
    ...body,
    redacted,
    // Only a digest of the token: the dedupe key outlives the redaction of the link.
    dedupeKey: `reset-password:${createHash("sha256").update(token).digest("base64url")}`,
    entity: { type: "user", id: userId },
  });
}
