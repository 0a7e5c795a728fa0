import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { representatives, session as sessionTable, user as userTable, type UserRole } from "~/db/schema";
import { redirectWithToast } from "~/lib/form-reply.server";
import { authHeaders, getAuth } from "./auth.server";
import { now as clockNow } from "~/server/clock.server";
import { oncePerRequest } from "~/server/http/request-memo.server";

export const ADMIN_AUTH_ERROR = "Você precisa estar autenticado para acessar esta área";
export const REP_AUTH_ERROR = "Você precisa estar autenticado como representante para acessar esta área";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
}

export interface AuthSession {
  user: SessionUser;
  sessionId: string;
}

/**
 * One look-up per page view: the layout's and the page's loaders both call their guard, and each
 * read the same session from the database. For reads (GET/HEAD) only: an action may end or
 * replace the session it started with.
 */
export function getSessionUser(request: Request): Promise<AuthSession | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return readSessionUser(request);
  return oncePerRequest(`session:${request.headers.get("cookie") ?? ""}`, () => readSessionUser(request));
}

async function readSessionUser(request: Request): Promise<AuthSession | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.includes("session_token")) return null;
  try {
    const result = await getAuth().api.getSession({ headers: authHeaders(request) });
    if (!result) return null;
    const u = result.user as typeof result.user & { role?: string; status?: string };
    // A deactivated account's sessions are deleted when it is deactivated; this refuses any left.
    if (u.status !== undefined && u.status !== "active") return null;
    const role: UserRole = u.role === "admin" || u.role === "client" ? u.role : "representative";
    return {
      user: { id: u.id, name: u.name, email: u.email, role },
      sessionId: result.session.id,
    };
  } catch {
    return null;
  }
}

/** Guard for every /admin loader and action: only role `admin` passes. */
export async function requireAdmin(request: Request): Promise<AuthSession> {
  const s = await getSessionUser(request);
  if (!s || s.user.role !== "admin") {
    throw await redirectWithToast("/admin/login", "error", ADMIN_AUTH_ERROR);
  }
  return s;
}

export interface RepresentativeSession extends AuthSession {
  representative: { id: string; name: string; email: string; referralCode: string };
}

export async function findRepresentativeByUser(userId: string) {
  const [rep] = await getDb()
    .select({
      id: representatives.id,
      name: representatives.name,
      email: representatives.email,
      referralCode: representatives.referralCode,
    })
    .from(representatives)
    .where(eq(representatives.authId, userId));
  return rep ?? null;
}

/** Guard for every portal loader and action: a user with a representatives row. */
export async function requireRepresentative(
  request: Request,
  opts: { message?: string } = {},
): Promise<RepresentativeSession> {
  const s = await getSessionUser(request);
  const rep = s && s.user.role === "representative" ? await findRepresentativeByUser(s.user.id) : null;
  if (!s || !rep) {
    throw await redirectWithToast("/representante/login", "error", opts.message ?? REP_AUTH_ERROR);
  }
  return { ...s, representative: rep };
}

export class InvalidCredentialsError extends Error {
  constructor() {
    super("invalid credentials");
  }
}

/** The password was right but the account is deactivated (told only after the password). */
export class AccountDeactivatedError extends Error {
  constructor() {
    super("account deactivated");
  }
}

function trySignIn(request: Request, email: string, password: string) {
  return getAuth().api.signInEmail({
    body: { email: email.trim().toLowerCase(), password },
    headers: authHeaders(request),
    returnHeaders: true,
  });
}

/**
 * Signs in with email+password and returns the Set-Cookie headers of the NEW session.
 * The previous session of this browser, if any, is revoked (session rotation on login).
 * When `role` does not match, the new session is revoked and the login fails.
 */
export async function signIn(
  request: Request,
  input: { email: string; password: string; role: UserRole },
): Promise<{ headers: Headers; user: SessionUser }> {
  const previous = await getSessionUser(request);
  let out: Awaited<ReturnType<typeof trySignIn>>;
  try {
    out = await trySignIn(request, input.email, input.password);
  } catch {
    throw new InvalidCredentialsError();
  }
  const { response: res, headers } = out;
  const u = res.user as typeof res.user & { role?: string };
  const db = getDb();
  if (u.role !== input.role || (input.role === "representative" && !(await findRepresentativeByUser(u.id)))) {
    await db.delete(sessionTable).where(eq(sessionTable.token, res.token));
    throw new InvalidCredentialsError();
  }
  const [account] = await db
    .select({ status: userTable.status })
    .from(userTable)
    .where(eq(userTable.id, u.id));
  if (account?.status !== "active") {
    await db.delete(sessionTable).where(eq(sessionTable.token, res.token));
    throw new AccountDeactivatedError();
  }
  await db.update(userTable).set({ lastSignInAt: clockNow() }).where(eq(userTable.id, u.id));
  if (previous) await db.delete(sessionTable).where(eq(sessionTable.id, previous.sessionId));
  const cookies = new Headers();
  for (const c of headers.getSetCookie()) cookies.append("Set-Cookie", c);
  return { headers: cookies, user: { id: u.id, name: u.name, email: u.email, role: input.role } };
}

/** Ends the session in the database and returns headers that clear the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  const out = new Headers();
  try {
    const { headers } = await getAuth().api.signOut({
      headers: authHeaders(request),
      returnHeaders: true,
    });
    for (const c of headers.getSetCookie()) out.append("Set-Cookie", c);
  } catch {
    // No session: nothing to end.
  }
  return out;
}
