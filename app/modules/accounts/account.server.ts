import { APIError } from "better-auth/api";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { representatives, session, user } from "~/db/schema";
import { recordAudit } from "~/modules/audit/index.server";
import { authHeaders, getAuth, type AuthSession } from "~/modules/auth/index.server";
import { describeUserAgent } from "./user-agent.server";
import { now as clockNow } from "~/server/clock.server";

export class WrongPasswordError extends Error {
  constructor() {
    super("wrong current password");
  }
}

const label = (s: AuthSession) => `${s.user.name} <${s.user.email}>`;

/** Renames the signed-in user (and their representatives row, which the portal shows). */
export async function changeName(me: AuthSession, name: string) {
  await getDb().transaction(async (tx) => {
    await tx.update(user).set({ name, updatedAt: clockNow() }).where(eq(user.id, me.user.id));
    if (me.user.role === "representative") {
      await tx.update(representatives).set({ name }).where(eq(representatives.authId, me.user.id));
    }
    await recordAudit(tx, {
      actor: { id: me.user.id, name },
      action: "user.renamed",
      entityType: "user",
      entityId: me.user.id,
      entityLabel: label(me),
      changes: { name: [me.user.name, name] },
    });
  });
}

/**
 * better-auth's changePassword with revokeOtherSessions: checks the current password, deletes
 * every session of the user and opens a new one for this browser. Returns its Set-Cookie headers.
 */
export async function changePassword(
  request: Request,
  me: AuthSession,
  input: { currentPassword: string; newPassword: string },
): Promise<Headers> {
  let headers: Headers;
  try {
    const out = await getAuth().api.changePassword({
      body: { ...input, revokeOtherSessions: true },
      headers: authHeaders(request),
      returnHeaders: true,
    });
    headers = out.headers;
  } catch (err) {
    if (err instanceof APIError && err.body?.code === "INVALID_PASSWORD") throw new WrongPasswordError();
    throw err;
  }
  await recordAudit(getDb(), {
    actor: { id: me.user.id, name: me.user.name },
    action: "user.password_changed",
    entityType: "user",
    entityId: me.user.id,
    entityLabel: label(me),
  });
  const cookies = new Headers();
  for (const c of headers.getSetCookie()) cookies.append("Set-Cookie", c);
  return cookies;
}

export interface SessionRow {
  id: string;
  device: string;
  createdAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

/** The user's open sessions, the current one first, then by last activity. */
export async function listSessions(me: AuthSession): Promise<SessionRow[]> {
  const rows = await getDb()
    .select({
      id: session.id,
      userAgent: session.userAgent,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    // eslint-disable-next-line no-restricted-syntax -- better-auth stamps its sessions with the system time: they are checked against it
    .where(and(eq(session.userId, me.user.id), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.createdAt))
    .limit(50);
  return rows
    .map((r) => ({
      id: r.id,
      device: describeUserAgent(r.userAgent),
      createdAt: r.createdAt,
      lastActiveAt: r.updatedAt,
      current: r.id === me.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** "Sair de todos os outros dispositivos": every session of the user except this one. Returns how many. */
export async function endOtherSessions(me: AuthSession): Promise<number> {
  return getDb().transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, me.user.id), ne(session.id, me.sessionId)))
      .returning({ id: session.id });
    if (ended.length > 0) {
      await recordAudit(tx, {
        actor: { id: me.user.id, name: me.user.name },
        action: "user.sessions_ended",
        entityType: "user",
        entityId: me.user.id,
        entityLabel: label(me),
        changes: { sessions: [ended.length + 1, 1] },
      });
    }
    return ended.length;
  });
}
