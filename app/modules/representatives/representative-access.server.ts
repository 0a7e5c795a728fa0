import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { mailMessages, representatives, user } from "~/db/schema";
import { deactivateUser, reactivateUser } from "~/modules/accounts/index.server";
import { type Actor, recordAudit } from "~/modules/audit/index.server";
import { getAuth } from "~/modules/auth/index.server";
import { ACCOUNT_MESSAGES, mailQueuedMessage } from "~/modules/accounts/accounts.schema";
import { backgroundSettled } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";

// What the admin does to a representative's login: delete it, deactivate or reactivate it, send
// a password reset, and the list's access buttons that call them.

/**
 * Deleting a representative deletes their login user, in ONE transaction: the database cascades
 * to the representatives row, their sessions and their credential (so they can no longer sign
 * in), and keeps their referrals with representative_id set to null (the sales history stays).
 * Only a user with role `representative` is ever deleted here.
 */
export async function deleteRepresentative({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [rep] = await tx
      .select({
        id: representatives.id,
        authId: representatives.authId,
        name: representatives.name,
        email: representatives.email,
      })
      .from(representatives)
      .where(eq(representatives.id, id))
      .for("update");
    if (!rep) return false;
    const removed = await tx
      .delete(user)
      .where(and(eq(user.id, rep.authId), eq(user.role, "representative")))
      .returning({ id: user.id });
    if (removed.length === 0) await tx.delete(representatives).where(eq(representatives.id, rep.id));
    await recordAudit(tx, {
      actor,
      action: "representative.deleted",
      entityType: "representative",
      entityId: rep.id,
      entityLabel: `${rep.name} <${rep.email}>`,
      changes: { name: [rep.name, null], email: [rep.email, null] },
    });
    return true;
  });
}

async function authIdOf(representativeId: string) {
  const [rep] = await getDb()
    .select({ authId: representatives.authId, email: representatives.email, name: representatives.name })
    .from(representatives)
    .where(eq(representatives.id, representativeId));
  return rep ?? null;
}

/** Deactivates a representative's login (history kept, sessions ended). False when unknown. */
export async function setRepresentativeActive(
  actor: Actor,
  representativeId: string,
  active: boolean,
): Promise<boolean> {
  const rep = await authIdOf(representativeId);
  if (!rep) return false;
  if (active) await reactivateUser(actor, rep.authId, { role: "representative" });
  else await deactivateUser(actor, rep.authId, { role: "representative" });
  return true;
}

export class RepresentativeInactiveError extends Error {
  constructor() {
    super("representative deactivated");
  }
}

/**
 * Sends the representative better-auth's reset-password e-mail (its requestPasswordReset, which
 * enqueues the mail job). Only for an active representative. Returns the message's id in the mail
 * log (the page links to it when no SMTP is configured), or false when there is no such account.
 */
export async function sendRepresentativePasswordReset(actor: Actor, representativeId: string) {
  const rep = await authIdOf(representativeId);
  if (!rep) return false;
  const [account] = await getDb()
    .select({ status: user.status, email: user.email })
    .from(user)
    .where(eq(user.id, rep.authId));
  if (!account) return false;
  if (account.status !== "active") throw new RepresentativeInactiveError();
  await getAuth().api.requestPasswordReset({ body: { email: account.email } });
  // The auth hook queues the message in the background (the public form must answer in constant
  // time); the admin waits for it, to link to it.
  await backgroundSettled();
  const [mail] = await getDb()
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.kind, "auth.redefinir-senha"),
        eq(mailMessages.entityType, "user"),
        eq(mailMessages.entityId, rep.authId),
      ),
    )
    .orderBy(desc(mailMessages.createdAt))
    .limit(1);
  await recordAudit(getDb(), {
    actor,
    action: "user.password_reset_sent",
    entityType: "user",
    entityId: rep.authId,
    entityLabel: `${rep.name} <${rep.email}>`,
  });
  return { mailId: mail?.id ?? null };
}

const ACCESS_INTENTS = ["deactivateRepresentative", "reactivateRepresentative", "sendPasswordReset"] as const;
type AccessIntent = (typeof ACCESS_INTENTS)[number];

export function isAccessIntent(v: unknown): v is AccessIntent {
  return (ACCESS_INTENTS as readonly unknown[]).includes(v);
}

/** The admin list's access buttons: what happened, as the toast says it. */
export async function representativeAccess(
  actor: Actor,
  representativeId: string,
  intent: AccessIntent,
): Promise<{ ok: boolean; message: string; resetMailId?: string | null }> {
  try {
    if (intent === "sendPasswordReset") {
      const sent = await sendRepresentativePasswordReset(actor, representativeId);
      if (!sent) return { ok: false, message: ACCOUNT_MESSAGES.notFound };
      return { ok: true, message: mailQueuedMessage("redefinicao"), resetMailId: sent.mailId };
    }
    const active = intent === "reactivateRepresentative";
    const ok = await setRepresentativeActive(actor, representativeId, active);
    const done = active ? ACCOUNT_MESSAGES.repReactivated : ACCOUNT_MESSAGES.repDeactivated;
    return { ok, message: ok ? done : ACCOUNT_MESSAGES.notFound };
  } catch (err) {
    if (err instanceof RepresentativeInactiveError)
      return { ok: false, message: ACCOUNT_MESSAGES.resetNeedsActive };
    log.error({ err, intent }, "representative access action failed");
    return { ok: false, message: ACCOUNT_MESSAGES.actionFailed };
  }
}
