import { hashPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { account, representatives, session, user, type UserRole } from "~/db/schema";
import { emit } from "~/modules/events/index.server";
import { now as clockNow } from "~/server/clock.server";

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Creates a login user with an email+password credential, in the caller's transaction.
 * The hash is better-auth's own, so its sign-in verifies it.
 */
export async function insertUserWithPassword(
  tx: DbOrTx,
  input: { name: string; email: string; password: string; role: UserRole },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = clockNow();
  await tx.insert(user).values({
    id,
    name: input.name,
    email: normalizeEmail(input.email),
    role: input.role,
    emailVerified: false,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(input.password),
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

export async function setUserPassword(tx: DbOrTx, userId: string, password: string) {
  const hash = await hashPassword(password);
  const updated = await tx
    .update(account)
    .set({ password: hash, updatedAt: clockNow() })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (updated.length === 0) {
    await tx.insert(account).values({
      id: crypto.randomUUID(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: hash,
    });
  }
  // A changed password ends every open session of that user.
  await tx.delete(session).where(eq(session.userId, userId));
}

export class EmailInUseError extends Error {
  constructor() {
    super("email in use");
  }
}

/** Representative sign-up: the login user and the representatives row in ONE transaction. */
export async function registerRepresentative(input: {
  name: string;
  email: string;
  password: string;
}): Promise<{ userId: string; representativeId: string }> {
  try {
    return await getDb().transaction(async (tx) => {
      const userId = await insertUserWithPassword(tx, { ...input, role: "representative" });
      const [rep] = await tx
        .insert(representatives)
        .values({ name: input.name.trim(), email: normalizeEmail(input.email), authId: userId })
        .returning({ id: representatives.id });
      await emit(tx, "representative.registered", { representativeId: rep.id });
      return { userId, representativeId: rep.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new EmailInUseError();
    throw err;
  }
}

/** Ensures an admin with this email exists and has this password (created or updated). */
export async function upsertAdmin(input: { email: string; password: string; name?: string }) {
  const email = normalizeEmail(input.email);
  return getDb().transaction(async (tx) => {
    const [existing] = await tx.select().from(user).where(eq(user.email, email));
    if (existing) {
      // The operator's way in (ADMIN_EMAIL, admin:create): the account is made usable again, also
      // when it was deactivated or only invited.
      await tx
        .update(user)
        .set({ role: "admin", status: "active", updatedAt: clockNow() })
        .where(eq(user.id, existing.id));
      // A user promoted to admin is no longer a representative.
      await tx.delete(representatives).where(eq(representatives.authId, existing.id));
      await setUserPassword(tx, existing.id, input.password);
      return { id: existing.id, created: false };
    }
    const id = await insertUserWithPassword(tx, {
      name: input.name ?? "Administrador",
      email,
      password: input.password,
      role: "admin",
    });
    return { id, created: true };
  });
}

export async function countAdmins(): Promise<number> {
  const rows = await getDb().select({ id: user.id }).from(user).where(eq(user.role, "admin")).limit(1);
  return rows.length;
}
