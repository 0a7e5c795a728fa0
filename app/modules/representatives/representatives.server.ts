import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb } from "~/db/client.server";
import { representatives, user } from "~/db/schema";
import { likeContains } from "~/lib/list-params";

export interface AdminRepresentativeRow {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
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
export async function deleteRepresentative({ id }: { id: string }): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [rep] = await tx
      .select({ id: representatives.id, authId: representatives.authId })
      .from(representatives)
      .where(eq(representatives.id, id))
      .for("update");
    if (!rep) return false;
    const removed = await tx
      .delete(user)
      .where(and(eq(user.id, rep.authId), eq(user.role, "representative")))
      .returning({ id: user.id });
    if (removed.length === 0) await tx.delete(representatives).where(eq(representatives.id, rep.id));
    return true;
  });
}
