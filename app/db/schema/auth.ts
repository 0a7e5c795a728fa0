import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

import type { UserRole, UserStatus } from "../../modules/auth/auth.constants";
import { personalData } from "../personal-data";

export { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from "../../modules/auth/auth.constants";

// The four better-auth tables (user, session, account, verification), written by hand from
// its documented schema (its CLI crashes on Node 20), plus our `role`.

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").$type<UserRole>().notNull().default("representative"),
    /** active | invited (an admin who has not set a password yet) | deactivated (cannot sign in). */
    status: text("status").$type<UserStatus>().notNull().default("active"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_role_check", sql`${t.role} in ('admin', 'representative', 'client')`),
    check("user_status_check", sql`${t.status} in ('active', 'invited', 'deactivated')`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Admin invitations: the link's token is stored only as its SHA-256 hash. Single use (`used_at`),
 * valid 72 hours; a resend revokes the earlier links of the same user.
 */
export const adminInvitations = pgTable(
  "admin_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_invitations_user_idx").on(t.userId)],
);

// Personal data (decision 019; app/db/personal-data.ts).
export const userPersonalData = personalData({
  table: user,
  subject: "user",
  auditEntity: "user",
  personal: { name: "name", email: "email", image: "trace" },
  notPersonal: ["id", "role", "status"],
  alsoSet: { status: "deactivated" },
  exportAs: { key: "users", label: "Usuários" },
});
export const sessionPersonalData = personalData({
  table: session,
  owners: { userId: "user" },
  personal: { token: "secret", ipAddress: "trace", userAgent: "trace" },
  notPersonal: ["id", "userId"],
  erase: "delete",
});
export const accountPersonalData = personalData({
  table: account,
  owners: { userId: "user" },
  personal: { accessToken: "secret", refreshToken: "secret", idToken: "secret", password: "secret" },
  notPersonal: ["id", "accountId", "providerId", "userId", "scope"],
  erase: "delete",
});
// better-auth keeps a password-reset token as identifier and the user's id as value.
export const verificationPersonalData = personalData({
  table: verification,
  owners: { value: "user" },
  personal: { identifier: "secret" },
  notPersonal: ["id", "value"],
  erase: "delete",
});
export const adminInvitationsPersonalData = personalData({
  table: adminInvitations,
  owners: { userId: "user" },
  personal: {},
  notPersonal: ["userId", "tokenHash", "invitedBy"],
  erase: "delete",
});
