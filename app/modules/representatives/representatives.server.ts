import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb } from "~/db/client.server";
import { representatives, user, type UserStatus } from "~/db/schema";
import { isId } from "~/lib/ids";
import type { PixKeyType } from "./profile.constants";
import type { RepresentativeProfile } from "./profile.schema";
import { likeContains } from "~/lib/list-params";
import { deactivateUser, reactivateUser } from "~/modules/accounts/team.server";
import type { Actor } from "~/modules/audit/audit.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { getAuth } from "~/modules/auth/auth.server";
import { ACCOUNT_MESSAGES } from "~/modules/accounts/accounts.schema";
import { log } from "~/server/logging/logger.server";

export interface AdminRepresentativeRow {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  status: UserStatus;
  referralsCount: number;
  completedCount: number;
}

/** SPEC §7 "all by name", one page, with each one's referral counts (per-row index lookups). */
export async function listRepresentativesAdmin({
  q = "",
  page = 1,
  pageSize = 20,
}: {
  q?: string;
  page?: number;
  pageSize?: number;
}): Promise<{ rows: AdminRepresentativeRow[]; total: number }> {
  const term = q.trim();
  const where = term
    ? or(containsText(representatives.name, term), ilike(representatives.email, likeContains(term)))
    : undefined;
  const db = getDb();
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: representatives.id,
        name: representatives.name,
        email: representatives.email,
        createdAt: representatives.createdAt,
        status: sql<UserStatus>`coalesce((select u.status from "user" u where u.id = "representatives"."auth_id"), 'active')`,
        referralsCount: sql<number>`(select count(*)::int from referrals r where r.representative_id = "representatives"."id")`,
        completedCount: sql<number>`(select count(*)::int from referrals r where r.representative_id = "representatives"."id" and r.status = 'concluido')`,
      })
      .from(representatives)
      .where(where)
      .orderBy(asc(representatives.name), asc(representatives.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(representatives).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      ...r,
      referralsCount: Number(r.referralsCount),
      completedCount: Number(r.completedCount),
    })),
    total: Number(n),
  };
}

/**
 * Deleting a representative deletes their login user, in ONE transaction: the database cascades
 * to the representatives row, their sessions and their credential (so they can no longer sign
 * in), and keeps their referrals with representative_id set to null (the sales history stays).
 * Only a user with role `representative` is ever deleted here.
 */
export async function deleteRepresentative({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [rep] = await tx
      .select({
        id: representatives.id,
        authId: representatives.authId,
        name: representatives.name,
        email: representatives.email,
      })
      .from(representatives)
      .where(eq(representatives.id, id))
      .for("update");
    if (!rep) return false;
    const removed = await tx
      .delete(user)
      .where(and(eq(user.id, rep.authId), eq(user.role, "representative")))
      .returning({ id: user.id });
    if (removed.length === 0) await tx.delete(representatives).where(eq(representatives.id, rep.id));
    await recordAudit(tx, {
      actor,
      action: "representative.deleted",
      entityType: "representative",
      entityId: rep.id,
      entityLabel: `${rep.name} <${rep.email}>`,
      changes: { name: [rep.name, null], email: [rep.email, null] },
    });
    return true;
  });
}

async function authIdOf(representativeId: string) {
  const [rep] = await getDb()
    .select({ authId: representatives.authId, email: representatives.email, name: representatives.name })
    .from(representatives)
    .where(eq(representatives.id, representativeId));
  return rep ?? null;
}

/** Deactivates a representative's login (history kept, sessions ended). False when unknown. */
export async function setRepresentativeActive(
  actor: Actor,
  representativeId: string,
  active: boolean,
): Promise<boolean> {
  const rep = await authIdOf(representativeId);
  if (!rep) return false;
  if (active) await reactivateUser(actor, rep.authId, { role: "representative" });
  else await deactivateUser(actor, rep.authId, { role: "representative" });
  return true;
}

export class RepresentativeInactiveError extends Error {
  constructor() {
    super("representative deactivated");
  }
}

/**
 * Sends the representative better-auth's reset-password e-mail (its requestPasswordReset, which
 * enqueues the mail job). Only for an active representative.
 */
export async function sendRepresentativePasswordReset(actor: Actor, representativeId: string) {
  const rep = await authIdOf(representativeId);
  if (!rep) return false;
  const [account] = await getDb()
    .select({ status: user.status, email: user.email })
    .from(user)
    .where(eq(user.id, rep.authId));
  if (!account) return false;
  if (account.status !== "active") throw new RepresentativeInactiveError();
  await getAuth().api.requestPasswordReset({ body: { email: account.email } });
  await recordAudit(getDb(), {
    actor,
    action: "user.password_reset_sent",
    entityType: "user",
    entityId: rep.authId,
    entityLabel: `${rep.name} <${rep.email}>`,
  });
  return true;
}

const ACCESS_INTENTS = ["deactivateRepresentative", "reactivateRepresentative", "sendPasswordReset"] as const;
type AccessIntent = (typeof ACCESS_INTENTS)[number];

export function isAccessIntent(v: unknown): v is AccessIntent {
  return (ACCESS_INTENTS as readonly unknown[]).includes(v);
}

/** The admin list's access buttons: what happened, as the toast says it. */
export async function representativeAccess(
  actor: Actor,
  representativeId: string,
  intent: AccessIntent,
): Promise<{ ok: boolean; message: string }> {
  try {
    if (intent === "sendPasswordReset") {
      const ok = await sendRepresentativePasswordReset(actor, representativeId);
      return { ok, message: ok ? ACCOUNT_MESSAGES.resetSent : ACCOUNT_MESSAGES.notFound };
    }
    const active = intent === "reactivateRepresentative";
    const ok = await setRepresentativeActive(actor, representativeId, active);
    const done = active ? ACCOUNT_MESSAGES.repReactivated : ACCOUNT_MESSAGES.repDeactivated;
    return { ok, message: ok ? done : ACCOUNT_MESSAGES.notFound };
  } catch (err) {
    if (err instanceof RepresentativeInactiveError)
      return { ok: false, message: ACCOUNT_MESSAGES.resetNeedsActive };
    log.error({ err, intent }, "representative access action failed");
    return { ok: false, message: ACCOUNT_MESSAGES.actionFailed };
  }
}

/** One representative for the admin's page (/admin/representatives/{id}), or null. */
export async function getRepresentativeAdmin({ id }: { id: string }) {
  if (!isId(id)) return null;
  const [row] = await getDb()
    .select({ id: representatives.id, name: representatives.name, email: representatives.email })
    .from(representatives)
    .where(eq(representatives.id, id));
  return row ?? null;
}

export interface RepresentativeProfileRow {
  phone: string | null;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  document: string | null;
}

/** The payout details of one representative (their own page, or the admin's payout screen). */
export async function getRepresentativeProfile({
  representativeId,
}: {
  representativeId: string;
}): Promise<RepresentativeProfileRow | null> {
  if (!isId(representativeId)) return null;
  const [row] = await getDb()
    .select({
      phone: representatives.phone,
      pixKeyType: representatives.pixKeyType,
      pixKey: representatives.pixKey,
      document: representatives.document,
    })
    .from(representatives)
    .where(eq(representatives.id, representativeId));
  return row ?? null;
}

/** Saves the signed-in representative's payout details (audited, without the values: personal data). */
export async function saveRepresentativeProfile({
  representativeId,
  input,
  actor,
}: {
  representativeId: string;
  input: RepresentativeProfile;
  actor: Actor;
}): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({
        phone: representatives.phone,
        pixKeyType: representatives.pixKeyType,
        pixKey: representatives.pixKey,
        document: representatives.document,
      })
      .from(representatives)
      .where(eq(representatives.id, representativeId))
      .for("update");
    if (!before) return;
    await tx.update(representatives).set(input).where(eq(representatives.id, representativeId));
    const changed = Object.keys(input).filter(
      (k) => before[k as keyof typeof before] !== input[k as keyof RepresentativeProfile],
    );
    if (changed.length > 0) {
      await recordAudit(tx, {
        actor,
        action: "representative.profile_updated",
        entityType: "representative",
        entityId: representativeId,
        // Which fields changed, not their values (personal data stays out of the audit log).
        changes: { fields: [null, changed] },
      });
    }
  });
}
