import { createHash, randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { and, asc, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { account, adminInvitations, session, user, type UserStatus } from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { normalizeEmail } from "~/modules/auth/index.server";
import { queueAdminInviteMail } from "~/modules/notifications/index.server";
import { now as clockNow } from "~/server/clock.server";

/** An invitation link is valid for 72 hours and can be used once. */
export const INVITE_TTL_MS = 72 * 60 * 60 * 1000;

export class EmailInUseError extends Error {
  constructor() {
    super("email in use");
  }
}
export class LastAdminError extends Error {
  constructor() {
    super("last active admin");
  }
}
export class AccountNotFoundError extends Error {
  constructor() {
    super("account not found");
  }
}
export class NotInvitedError extends Error {
  constructor() {
    super("not invited");
  }
}

/** Only the hash is stored: a leaked table row cannot be turned into a working link. */
export function hashInviteToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export interface AdminRow {
  id: string;
  name: string;
  email: string;
  status: UserStatus;
  lastSignInAt: Date | null;
  inviteExpiresAt: Date | null;
}

/** The admin team, by name, one page. */
export async function listAdmins({ page = 1, pageSize = 50 } = {}): Promise<{
  rows: AdminRow[];
  total: number;
}> {
  const db = getDb();
  const isAdmin = eq(user.role, "admin");
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        status: user.status,
        lastSignInAt: user.lastSignInAt,
        inviteExpiresAt: sql<Date | null>`(select max(i.expires_at) from admin_invitations i
          where i.user_id = "user"."id" and i.used_at is null and i.revoked_at is null)`,
      })
      .from(user)
      .where(isAdmin)
      .orderBy(asc(user.name), asc(user.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(user).where(isAdmin),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      inviteExpiresAt: r.inviteExpiresAt ? new Date(r.inviteExpiresAt) : null,
    })),
    total: Number(n),
  };
}

async function issueInvitation(
  tx: DbOrTx,
  actor: Actor,
  target: { id: string; name: string; email: string },
): Promise<{ token: string; mailId: string | null }> {
  const token = newToken();
  const [inv] = await tx
    .insert(adminInvitations)
    .values({
      userId: target.id,
      tokenHash: hashInviteToken(token),
      invitedBy: actor.id,
      expiresAt: new Date(clockNow().getTime() + INVITE_TTL_MS),
    })
    .returning({ id: adminInvitations.id });
  const mailId = await queueAdminInviteMail(tx, {
    invitationId: inv.id,
    userId: target.id,
    name: target.name,
    email: target.email,
    invitedBy: actor.name,
    token,
  });
  return { token, mailId };
}

/**
 * Invites an admin: a user with role admin and status `invited` (no password yet), an invitation
 * and its e-mail, in one transaction. Returns the token (tests) and the message's id (the page
 * links to it when no SMTP is configured).
 */
export async function inviteAdmin(actor: Actor, input: { name: string; email: string }) {
  const email = normalizeEmail(input.email);
  try {
    return await getDb().transaction(async (tx) => {
      const id = crypto.randomUUID();
      await tx.insert(user).values({ id, name: input.name, email, role: "admin", status: "invited" });
      const { token, mailId } = await issueInvitation(tx, actor, { id, name: input.name, email });
      await recordAudit(tx, {
        actor,
        action: "user.invited",
        entityType: "user",
        entityId: id,
        entityLabel: `${input.name} <${email}>`,
        changes: { role: [null, "admin"], status: [null, "invited"] },
      });
      return { userId: id, token, mailId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailInUseError();
    throw err;
  }
}

/** A new link for an admin who has not accepted yet; the earlier links stop working. */
export async function resendInvitation(actor: Actor, userId: string) {
  return getDb().transaction(async (tx) => {
    const [target] = await tx
      .select({ id: user.id, name: user.name, email: user.email, status: user.status, role: user.role })
      .from(user)
      .where(eq(user.id, userId))
      .for("update");
    if (!target || target.role !== "admin") throw new AccountNotFoundError();
    if (target.status !== "invited") throw new NotInvitedError();
    await revokePendingInvitations(tx, userId);
    const { token, mailId } = await issueInvitation(tx, actor, target);
    await recordAudit(tx, {
      actor,
      action: "user.invitation_resent",
      entityType: "user",
      entityId: target.id,
      entityLabel: `${target.name} <${target.email}>`,
    });
    return { token, mailId };
  });
}

async function revokePendingInvitations(tx: DbOrTx, userId: string) {
  await tx
    .update(adminInvitations)
    .set({ revokedAt: clockNow() })
    .where(
      and(
        eq(adminInvitations.userId, userId),
        isNull(adminInvitations.usedAt),
        isNull(adminInvitations.revokedAt),
      ),
    );
}

/** The invitation of a link, when it can still be used (for the page's loader; consumes nothing). */
export async function findUsableInvitation(token: string) {
  const [row] = await getDb()
    .select({ name: user.name, email: user.email })
    .from(adminInvitations)
    .innerJoin(user, eq(user.id, adminInvitations.userId))
    .where(usableInvitation(token));
  return row ?? null;
}

function usableInvitation(token: string) {
  return and(
    eq(adminInvitations.tokenHash, hashInviteToken(token)),
    isNull(adminInvitations.usedAt),
    isNull(adminInvitations.revokedAt),
    gt(adminInvitations.expiresAt, clockNow()),
    eq(user.status, "invited"),
  );
}

/**
 * Accepts an invitation: marks it used (single use: the row is locked, a second use finds it
 * used), sets the name and the password, and activates the admin. False when the link is not
 * usable (unknown, used, revoked, expired, or the admin was deactivated meanwhile).
 */
export async function acceptInvitation(token: string, input: { name: string; password: string }) {
  const hash = await hashPassword(input.password);
  return getDb().transaction(async (tx) => {
    const [inv] = await tx
      .select({ id: adminInvitations.id, userId: adminInvitations.userId, email: user.email })
      .from(adminInvitations)
      .innerJoin(user, eq(user.id, adminInvitations.userId))
      .where(usableInvitation(token))
      .for("update");
    if (!inv) return false;
    const now = clockNow();
    const used = await tx
      .update(adminInvitations)
      .set({ usedAt: now })
      .where(and(eq(adminInvitations.id, inv.id), isNull(adminInvitations.usedAt)))
      .returning({ id: adminInvitations.id });
    if (used.length === 0) return false;
    await revokePendingInvitations(tx, inv.userId);
    await tx
      .update(user)
      .set({ name: input.name, status: "active", updatedAt: now })
      .where(eq(user.id, inv.userId));
    await tx.delete(account).where(and(eq(account.userId, inv.userId), eq(account.providerId, "credential")));
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      accountId: inv.userId,
      providerId: "credential",
      userId: inv.userId,
      password: hash,
    });
    await recordAudit(tx, {
      actor: { id: inv.userId, name: input.name },
      action: "user.invitation_accepted",
      entityType: "user",
      entityId: inv.userId,
      entityLabel: `${input.name} <${inv.email}>`,
      changes: { status: ["invited", "active"] },
    });
    return true;
  });
}

/**
 * Deactivates an account (admin or representative): it keeps its history, its sessions are
 * deleted in the same transaction (the next request of an open browser is refused), and sign-in
 * is refused. The last active admin cannot be deactivated: the active admins are locked first,
 * so two admins deactivating each other at once cannot both succeed.
 */
export async function deactivateUser(
  actor: Actor,
  userId: string,
  opts: { role: "admin" | "representative"; tx?: DbOrTx },
) {
  const run = async (tx: DbOrTx) => {
    if (opts.role === "admin") {
      const active = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.role, "admin"), eq(user.status, "active")))
        .orderBy(asc(user.id))
        .for("update");
      if (active.length <= 1 && active.some((a) => a.id === userId)) throw new LastAdminError();
    }
    const [target] = await tx
      .select({ id: user.id, name: user.name, email: user.email, status: user.status })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.role, opts.role)))
      .for("update");
    if (!target) throw new AccountNotFoundError();
    if (target.status === "deactivated") return target;
    await tx.update(user).set({ status: "deactivated", updatedAt: clockNow() }).where(eq(user.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await revokePendingInvitations(tx, userId);
    await recordAudit(tx, {
      actor,
      action: "user.deactivated",
      entityType: "user",
      entityId: userId,
      entityLabel: `${target.name} <${target.email}>`,
      changes: { status: [target.status, "deactivated"] },
    });
    return target;
  };
  return opts.tx ? run(opts.tx) : getDb().transaction(run);
}

/** Reactivates: `active` when the account has a password, else back to `invited`. */
export async function reactivateUser(
  actor: Actor,
  userId: string,
  opts: { role: "admin" | "representative"; tx?: DbOrTx },
) {
  const run = async (tx: DbOrTx) => {
    const [target] = await tx
      .select({ id: user.id, name: user.name, email: user.email, status: user.status })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.role, opts.role)))
      .for("update");
    if (!target) throw new AccountNotFoundError();
    if (target.status !== "deactivated") return target;
    const [credential] = await tx
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    const next: UserStatus = credential ? "active" : "invited";
    await tx.update(user).set({ status: next, updatedAt: clockNow() }).where(eq(user.id, userId));
    await recordAudit(tx, {
      actor,
      action: "user.reactivated",
      entityType: "user",
      entityId: userId,
      entityLabel: `${target.name} <${target.email}>`,
      changes: { status: ["deactivated", next] },
    });
    return target;
  };
  return opts.tx ? run(opts.tx) : getDb().transaction(run);
}

/** For tests and the list: the newest invitation of a user. */
export async function latestInvitation(userId: string) {
  const [row] = await getDb()
    .select()
    .from(adminInvitations)
    .where(eq(adminInvitations.userId, userId))
    .orderBy(desc(adminInvitations.createdAt))
    .limit(1);
  return row ?? null;
}
