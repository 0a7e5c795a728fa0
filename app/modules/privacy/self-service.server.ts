import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { accountDeletionRequests, payoutItems, payouts, referrals, representatives, user } from "~/db/schema";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { ACCOUNT_COLUMNS } from "./account-columns.server";
import { now as clockNow } from "~/server/clock.server";

// A representative's own LGPD requests (art. 18), from /representante/conta: download
// what is held about them, and ask for their account to be deleted. Every function takes the
// signed-in representative's id from the session (never from the request's input), so nobody
// reaches anyone else's data through them.

/** What a representative gets when they download their data: their rows and nothing of others. */
export interface OwnData {
  exportedAt: string;
  account: { id: string; name: string; email: string; role: string; status: string; createdAt: Date } | null;
  profile: typeof representatives.$inferSelect | null;
  referrals: (typeof referrals.$inferSelect)[];
  payouts: {
    id: string;
    paidOn: string;
    method: string;
    reference: string | null;
    amountCents: number;
    createdAt: Date;
    cancelledAt: Date | null;
    items: { referralId: string; amountCents: number; active: boolean }[];
  }[];
  deletionRequests: (typeof accountDeletionRequests.$inferSelect)[];
}

/** The representative's account, profile, referrals, payouts and deletion requests. */
export async function representativeOwnData({
  representativeId,
  db = getDb(),
}: {
  representativeId: string;
  db?: DbOrTx;
}): Promise<OwnData> {
  const [profile] = await db.select().from(representatives).where(eq(representatives.id, representativeId));
  const [account] = profile
    ? await db.select(ACCOUNT_COLUMNS).from(user).where(eq(user.id, profile.authId))
    : [];
  const [referralRows, payoutRows, requestRows] = await Promise.all([
    db
      .select()
      .from(referrals)
      .where(eq(referrals.representativeId, representativeId))
      .orderBy(asc(referrals.createdAt)),
    // Who recorded or cancelled a payout (an admin) is not the representative's data.
    db
      .select({
        id: payouts.id,
        paidOn: payouts.paidOn,
        method: payouts.method,
        reference: payouts.reference,
        amountCents: payouts.amountCents,
        createdAt: payouts.createdAt,
        cancelledAt: payouts.cancelledAt,
      })
      .from(payouts)
      .where(eq(payouts.representativeId, representativeId))
      .orderBy(asc(payouts.createdAt)),
    db
      .select()
      .from(accountDeletionRequests)
      .where(eq(accountDeletionRequests.representativeId, representativeId))
      .orderBy(asc(accountDeletionRequests.requestedAt)),
  ]);
  const items = payoutRows.length
    ? await db
        .select({
          payoutId: payoutItems.payoutId,
          referralId: payoutItems.referralId,
          amountCents: payoutItems.amountCents,
          active: payoutItems.active,
        })
        .from(payoutItems)
        .where(
          inArray(
            payoutItems.payoutId,
            payoutRows.map((p) => p.id),
          ),
        )
    : [];
  return {
    exportedAt: clockNow().toISOString(),
    account: account ?? null,
    profile: profile ?? null,
    referrals: referralRows,
    payouts: payoutRows.map((p) => ({
      ...p,
      items: items
        .filter((i) => i.payoutId === p.id)
        .map(({ referralId, amountCents, active }) => ({ referralId, amountCents, active })),
    })),
    deletionRequests: requestRows,
  };
}

export type DeletionRequest = typeof accountDeletionRequests.$inferSelect;

/** The representative's latest deletion request (pending or completed), if any. */
export async function latestDeletionRequest({
  representativeId,
}: {
  representativeId: string;
}): Promise<DeletionRequest | null> {
  const [row] = await getDb()
    .select()
    .from(accountDeletionRequests)
    .where(eq(accountDeletionRequests.representativeId, representativeId))
    .orderBy(desc(accountDeletionRequests.requestedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Records the request (once: asking again while one is pending changes nothing), writes the audit
 * log and emits the event that e-mails the admins.
 */
export async function requestAccountDeletion({
  representativeId,
  actor,
}: {
  representativeId: string;
  actor: Actor;
}): Promise<{ request: DeletionRequest; created: boolean }> {
  return getDb().transaction(async (tx) => {
    const [rep] = await tx
      .select({ id: representatives.id, name: representatives.name })
      .from(representatives)
      .where(eq(representatives.id, representativeId))
      .for("update");
    if (!rep) throw new Error("representative not found");
    const [pending] = await tx
      .select()
      .from(accountDeletionRequests)
      .where(
        and(
          eq(accountDeletionRequests.representativeId, representativeId),
          eq(accountDeletionRequests.status, "pendente"),
        ),
      );
    if (pending) return { request: pending, created: false };
    const [request] = await tx.insert(accountDeletionRequests).values({ representativeId }).returning();
    await recordAudit(tx, {
      actor,
      action: "privacy.deletion_requested",
      entityType: "representative",
      entityId: representativeId,
      entityLabel: rep.name,
    });
    await emit(tx, "privacy.deletion_requested", { requestId: request.id });
    return { request, created: true };
  });
}

export interface PendingDeletionRequest {
  id: string;
  representativeId: string;
  name: string;
  email: string;
  requestedAt: Date;
}

/** Pending requests, oldest first (for /admin/privacy). */
export async function pendingDeletionRequests(): Promise<PendingDeletionRequest[]> {
  return getDb()
    .select({
      id: accountDeletionRequests.id,
      representativeId: accountDeletionRequests.representativeId,
      name: representatives.name,
      email: representatives.email,
      requestedAt: accountDeletionRequests.requestedAt,
    })
    .from(accountDeletionRequests)
    .innerJoin(representatives, eq(representatives.id, accountDeletionRequests.representativeId))
    .where(eq(accountDeletionRequests.status, "pendente"))
    .orderBy(asc(accountDeletionRequests.requestedAt));
}

/** Called by the anonymiser: the pending requests of the anonymised representatives are done. */
export async function completeDeletionRequests(
  tx: DbOrTx,
  { representativeIds, actor }: { representativeIds: string[]; actor: Actor | null },
): Promise<number> {
  if (!representativeIds.length) return 0;
  const done = await tx
    .update(accountDeletionRequests)
    .set({ status: "concluido", resolvedAt: clockNow(), resolvedBy: actor?.id ?? null })
    .where(
      and(
        inArray(accountDeletionRequests.representativeId, representativeIds),
        eq(accountDeletionRequests.status, "pendente"),
      ),
    )
    .returning({ id: accountDeletionRequests.id });
  return done.length;
}
