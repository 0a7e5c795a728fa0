import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { user } from "~/db/schema";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
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
 * better-auth's `sendResetPassword` hook: only enqueues (one insert), so a request for an
 * existing account takes about as long as one for an unknown address. The job renders and
 * records the message; the token is better-auth's (single-use, 1 hour).
 */
export async function requestResetPasswordMail(db: DbOrTx, input: { userId: string; token: string }) {
  await enqueue(db, resetPasswordMailJob, input);
}

export const resetPasswordMailJob = defineJob<{ userId: string; token: string }>({
  name: "mail.reset-password",
  pollingIntervalSeconds: 1,
  retryDelay: 5,
  async handler({ userId, token }) {
    const [account] = await getDb()
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
    await queueMail(getDb(), {
      kind: "auth.redefinir-senha",
      to: account.email,
      subject: RESET_PASSWORD_SUBJECT,
      ...body,
      redacted,
      dedupeKey: `reset-password:${token}`,
      entity: { type: "user", id: userId },
    });
  },
});
