// Client-safe: the roles a user can have (DESIGN §2); the database checks the same list.
export const USER_ROLES = ["admin", "representative"] as const;
export type UserRole = (typeof USER_ROLES)[number];
