import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { clients, session as sessionTable, user as userTable } from "~/db/schema";
import { redirectWithToast } from "~/lib/form-reply.server";
import { authHeaders, getAuth, getSessionUser, signOut, type AuthSession } from "~/modules/auth/index.server";
import { openSecret, sealSecret } from "~/lib/secret.server";
import { clientLinkMailKey } from "~/modules/notifications/index.server";
import { isPlaceholderEmail } from "~/modules/privacy/index.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { mailQueued } from "~/server/mail/mail.server";
import { hitMailRequestLimits } from "~/server/rate-limit/rate-limit.server";
import { CLIENT_AREA_MESSAGES } from "./client-area.constants";
import { revokePendingEmailChange } from "~/modules/clients/index.server";
import { now as clockNow } from "~/server/clock.server";

/**
 * The restaurant's login (decision 032): a better-auth `user` of role `client`, one per client,
 * linked by `clients.auth_id`. Its e-mail is a placeholder made from the client's id, so the
 * client's real address (which may also be an admin's or a representative's login, and which
 * the client may change) never meets better-auth's unique e-mail; the link goes to the real
 * address through `sendMagicLink`'s metadata.
 */
export const clientLoginEmail = (clientId: string) => `cliente-${clientId}@cliente.invalid`;

/** The client's login user, created on the first link asked for. */
async function ensureClientLogin(clientId: string): Promise<string | null> {
  const db = getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ authId: clients.authId })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!row) return null;
    if (row.authId) return row.authId;
    const id = randomUUID();
    const email = clientLoginEmail(clientId);
    // A login left by a client whose link was cleared (a restore): reuse it.
    const [existing] = await tx
      .select({ id: userTable.id })
      .from(userTable)
      .where(eq(userTable.email, email));
    const userId = existing?.id ?? id;
    if (!existing)
      await tx.insert(userTable).values({ id, name: "Cliente", email, emailVerified: true, role: "client" });
    await tx
      .update(clients)
      .set({ authId: userId })
      .where(and(eq(clients.id, clientId), isNull(clients.authId)));
    return userId;
  });
}

/**
 * "Entrar" at /cliente/entrar: the same answer, and the same work, for any well-formed address.
 * The request counts the limits (per e-mail and per client address) and queues the sign-in link
 * job with the address sealed; the job, away from the request, decides whether it is a client's.
 * Looking the client up here, or creating its login and token, made a client's address answer
 * measurably slower than an unknown one, which told anyone who the clients are.
 */
export async function requestClientLink({
  email,
  clientIp,
}: {
  email: string;
  clientIp: string;
}): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const address = email.trim().toLowerCase();
  const limit = await hitMailRequestLimits("client-link", address, clientIp);
  if (!limit.ok) return limit;
  // Sealed: the queue keeps job rows for days, and most of these addresses are nobody's client.
  await enqueue(getDb(), clientSignInLinkJob, { to: sealSecret(address) });
  return { ok: true };
}

/**
 * Sends the sign-in link when the address is a client's that was not anonymised: better-auth's
 * magic-link plugin creates the single-use token and its hook records the message. Idempotent:
 * the message is keyed by the job, and a retry after it was recorded does nothing.
 */
export const clientSignInLinkJob = defineJob<{ to: string }>({
  name: "client-area.sign-in-link",
  retryLimit: 3,
  retryDelay: 10,
  expireInSeconds: 60,
  pollingIntervalSeconds: 1,
  async handler({ to }, job) {
    const address = openSecret(to);
    if (!address) return;
    const key = `job:${job.id}`;
    if (await mailQueued(getDb(), clientLinkMailKey(key))) return;
    const [client] = await getDb()
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(eq(clients.email, address));
    if (!client || isPlaceholderEmail(client.email)) return;
    if (!(await ensureClientLogin(client.id))) return;
    await getAuth().api.signInMagicLink({
      body: { email: clientLoginEmail(client.id), metadata: { clientId: client.id, key } },
      headers: new Headers(),
    });
  },
});

export class InvalidClientLinkError extends Error {
  constructor() {
    super("invalid client link");
  }
}

/**
 * Opens the session of the e-mailed link: better-auth consumes the token (single use, 15
 * minutes) and creates the session; we keep it only if it belongs to a client's login. The
 * browser's previous session, if any (an admin's, another client's), ends: one browser, one role.
 */
export async function openClientSession(request: Request, token: string): Promise<Headers> {
  if (!token || token.length > 200) throw new InvalidClientLinkError();
  const previous = await getSessionUser(request);
  let out: { headers: Headers; response: { token: string; user: { id: string } } };
  try {
    out = (await getAuth().api.magicLinkVerify({
      query: { token },
      headers: authHeaders(request),
      returnHeaders: true,
    })) as unknown as typeof out;
  } catch {
    throw new InvalidClientLinkError();
  }
  const db = getDb();
  const userId = out.response?.user?.id;
  const client = userId ? await findClientByLogin(userId) : null;
  if (!client) {
    if (out.response?.token) await db.delete(sessionTable).where(eq(sessionTable.token, out.response.token));
    throw new InvalidClientLinkError();
  }
  await db.update(userTable).set({ lastSignInAt: clockNow() }).where(eq(userTable.id, userId));
  if (previous) await db.delete(sessionTable).where(eq(sessionTable.id, previous.sessionId));
  const cookies = new Headers();
  for (const c of out.headers.getSetCookie()) cookies.append("Set-Cookie", c);
  return cookies;
}

export interface ClientArea {
  id: string;
  name: string;
  businessName: string;
  email: string;
}

async function findClientByLogin(userId: string): Promise<ClientArea | null> {
  const [row] = await getDb()
    .select({ id: clients.id, name: clients.name, businessName: clients.businessName, email: clients.email })
    .from(clients)
    .where(eq(clients.authId, userId));
  if (!row || isPlaceholderEmail(row.email)) return null;
  return row;
}

export interface ClientSession extends AuthSession {
  client: ClientArea;
}

/**
 * Guard for every /cliente loader and action: a session of role `client` whose client still
 * exists and was not anonymised. Otherwise every session of that login ends (a deleted or
 * anonymised client is out at once, on every device) and the visitor goes to the sign-in page.
 * The client id of every data function below comes from here, never from a form.
 */
export async function requireClient(request: Request): Promise<ClientSession> {
  const s = await getSessionUser(request);
  const client = s?.user.role === "client" ? await findClientByLogin(s.user.id) : null;
  if (!s || !client) {
    let headers: Headers | undefined;
    if (s?.user.role === "client") {
      await getDb().delete(sessionTable).where(eq(sessionTable.userId, s.user.id));
      headers = await signOut(request);
    }
    throw await redirectWithToast("/cliente/entrar", "error", CLIENT_AREA_MESSAGES.authRequired, { headers });
  }
  return { ...s, client };
}

/**
 * "Sair de todos os dispositivos": every session of this login ends, this one included, and so
 * does a pending e-mail change (whoever had a session may have asked for it).
 */
export async function signOutEverywhere(request: Request, s: ClientSession): Promise<Headers> {
  const headers = await signOut(request);
  await getDb().transaction(async (tx) => {
    await tx.delete(sessionTable).where(eq(sessionTable.userId, s.user.id));
    await revokePendingEmailChange(tx, s.client.id);
  });
  return headers;
}
