// Client-safe: the roles a user can have (DESIGN §2); the database checks the same list.
// `client`: a restaurant's own area /cliente, signed in by e-mailed link only.
export const USER_ROLES = ["admin", "representative", "client"] as const;
export type UserRole = (typeof USER_ROLES)[number];

// Account status: `invited` is an admin who has not chosen a password yet; `deactivated` keeps
// the account and its history but cannot sign in.
export const USER_STATUSES = ["active", "invited", "deactivated"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
