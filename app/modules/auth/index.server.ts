// The front door of the auth module: what other modules may use of it (besides its
// client-safe *.constants and *.schema). Kept by `node scripts/front-doors.mjs`.
export { authHeaders, getAuth } from "./auth.server";
export { passwordProblem } from "./password-policy.server";
export { getSessionUser, signOut } from "./session.server";
export type { AuthSession } from "./session.server";
export { normalizeEmail } from "./users.server";
