import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { magicLink } from "better-auth/plugins/magic-link";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { baseUrl } from "~/lib/env.server";
import { appSecret } from "~/lib/secret.server";
import { queueClientLinkMail, sendResetPasswordMail } from "~/modules/notifications/index.server";

/** The restaurant's sign-in link is valid for 15 minutes. */
export const CLIENT_LINK_TTL_SECONDS = 15 * 60;

function createAuth() {
  const url = baseUrl();
  return betterAuth({
    baseURL: url,
    secret: appSecret(),
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      autoSignIn: false,
      // "Esqueci minha senha": better-auth's own single-use token, valid 1 hour; using it ends
      // every session of the account. The e-mail goes out through the job queue.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => sendResetPasswordMail({ userId: user.id, token }),
    },
    // Tokens are looked up by the SHA-256 of their identifier (`reset-password:{token}`), so the
    // table never holds a usable link (as our invitations). Rows written in clear before this
    // setting are still found (better-auth falls back to the plain identifier) until they expire.
    verification: { storeIdentifier: "hashed" },
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "representative" },
        // Read by getSessionUser: a session of an account that is not active is refused.
        status: { type: "string", required: false, input: false, defaultValue: "active" },
      },
    },
    plugins: [
      // /cliente signs in by e-mailed link only (decision 032). The token is stored as its
      // SHA-256 and consumed atomically on first use; no sign-up: the link is asked for an
      // existing client's login only (app/modules/client-area), never creates a user.
      magicLink({
        expiresIn: CLIENT_LINK_TTL_SECONDS,
        storeToken: "hashed",
        disableSignUp: true,
        sendMagicLink: async ({ token, metadata }) =>
          queueClientLinkMail(getDb(), {
            clientId: String(metadata?.clientId ?? ""),
            token,
            key: String(metadata?.key ?? ""),
          }),
      }),
    ],
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Our own PostgreSQL-backed limiter guards the login/register actions (app/server/rate-limit).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: url.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
let instance: Auth | undefined;

export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}

/** For tests that swap the database: rebuild the auth instance on the next call. */
export function resetAuth() {
  instance = undefined;
}

/** Only the cookie goes to better-auth: CSRF/origin checks are done once, by our server. */
export function authHeaders(request: Request): Headers {
  const h = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) h.set("cookie", cookie);
  const ua = request.headers.get("user-agent");
  if (ua) h.set("user-agent", ua);
  return h;
}
