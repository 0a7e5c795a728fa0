import { and, desc, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { isForeignKeyViolation } from "~/db/errors";
import { clients, plans, subscriptions } from "~/db/schema";
import { isId } from "~/lib/ids";
import { EXPIRY_WARNING_DAYS, type SubscriptionInput } from "./clients.schema";
import { PlanNotFoundError } from "./clients.server";
import { clientName } from "./notes.server";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import {
  recordSubscriptionDeleted,
  startSubscription,
  subscriptionMrrCents,
} from "./subscription-history.server";
import { today as clockToday } from "~/server/clock.server";

export interface SubscriptionRow {
  id: string;
  planId: string;
  planName: string;
  startDate: string;
  endDate: string;
  status: (typeof subscriptions.$inferSelect)["status"];
  renewalType: (typeof subscriptions.$inferSelect)["renewalType"];
  /** Set when cancelled at the end of the paid period: the date revenue ends. */
  cancelAt: string | null;
  /** Never suspended for a late charge, set by an admin. */
  suspensionExempt: boolean;
  /** "Trocar plano" at the next renewal: the plan the next period will be charged at. */
  pendingPlanName: string | null;
  createdAt: Date;
}

/** SPEC §7: a client's subscriptions with the joined plan name, newest first. */
export async function listSubscriptions({ clientId }: { clientId: string }): Promise<SubscriptionRow[]> {
  if (!isId(clientId)) return [];
  return getDb()
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      planName: plans.name,
      startDate: subscriptions.startDate,
      endDate: subscriptions.endDate,
      status: subscriptions.status,
      renewalType: subscriptions.renewalType,
      cancelAt: subscriptions.cancelAt,
      suspensionExempt: subscriptions.suspensionExempt,
      pendingPlanName: sql<
        string | null
      >`(select name from plans pp where pp.id = ${subscriptions.pendingPlanId})`,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.clientId, clientId))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(200);
}

/** Adds an ativa subscription whose end date is derived from the start and renewal type. */
export async function addSubscription({
  clientId,
  input,
  actor = null,
}: {
  clientId: string;
  input: Omit<SubscriptionInput, "noBilling"> & { noBilling?: boolean };
  actor?: Actor | null;
}): Promise<typeof subscriptions.$inferSelect> {
  try {
    return await getDb().transaction(async (tx) => {
      // The client's row first: two subscriptions added at once for a client with none would
      // otherwise both be its "first" (each insert invisible to the other) and both bill the
      // activation fee. Taken before the insert, whose foreign key would share-lock the row and
      // turn the two into a deadlock.
      await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for("update");
      const row = await startSubscription(
        tx,
        {
          clientId,
          planId: input.planId,
          startDate: input.startDate,
          renewalType: input.renewalType,
          noBilling: input.noBilling,
        },
        { actor },
      );
      const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, row.planId));
      await recordAudit(tx, {
        actor,
        action: "subscription.created",
        entityType: "client",
        entityId: clientId,
        entityLabel: await clientName(tx, clientId),
        changes: {
          plano: [null, plan?.name ?? null],
          startDate: [null, row.startDate],
          endDate: [null, row.endDate],
          renewalType: [null, row.renewalType],
          ...(row.noBilling ? { noBilling: [null, true] } : {}),
        },
      });
      return row;
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new PlanNotFoundError();
    throw err;
  }
}

/** Deletes a subscription only if it belongs to `clientId`; false otherwise. */
export async function deleteSubscription({
  clientId,
  subscriptionId,
  actor = null,
}: {
  clientId: string;
  subscriptionId: string;
  actor?: Actor | null;
}): Promise<boolean> {
  if (!isId(clientId) || !isId(subscriptionId)) return false;
  return getDb().transaction(async (tx) => {
    // Deleting ends the subscription's revenue today: the history keeps its past months
    // (decision 023), so the event is written before the row it points to goes away.
    const mrrBeforeCents = await subscriptionMrrCents(tx, subscriptionId);
    const rows = await tx
      .delete(subscriptions)
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.clientId, clientId)))
      .returning();
    if (!rows.length) return false;
    const gone = rows[0];
    await recordSubscriptionDeleted(tx, gone, { mrrBeforeCents, effectiveOn: clockToday() });
    const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, gone.planId));
    await recordAudit(tx, {
      actor,
      action: "subscription.deleted",
      entityType: "client",
      entityId: clientId,
      entityLabel: await clientName(tx, clientId),
      changes: {
        plano: [plan?.name ?? null, null],
        startDate: [gone.startDate, null],
        endDate: [gone.endDate, null],
        status: [gone.status, null],
      },
    });
    return true;
  });
}

export interface ExpiringSubscription {
  subscription_id: string;
  client_id: string;
  client_name: string;
  plan_name: string;
  end_date: string;
  days_remaining: number;
}

/**
 * The spec's get_expiring_subscriptions(days_threshold 7): ativa subscriptions ending between
 * `today` and `today + days`, where `today` is São Paulo's date passed in by the caller
 * (never the database server's clock or time zone).
 */
export async function listExpiringSubscriptions({
  today,
  days = EXPIRY_WARNING_DAYS,
  limit = 50,
}: {
  today: string;
  days?: number;
  limit?: number;
}): Promise<ExpiringSubscription[]> {
  const rows = await queryRows<ExpiringSubscription>(
    getDb(),
    sql`select s.id as subscription_id,
               s.client_id,
               c.name as client_name,
               p.name as plan_name,
               s.end_date::text as end_date,
               (s.end_date - ${today}::date)::int as days_remaining
          from subscriptions s
          join clients c on c.id = s.client_id
          join plans p on p.id = s.plan_id
         where s.status = 'ativa'
           and s.end_date >= ${today}::date
           and s.end_date <= ${today}::date + ${days}::int
         order by s.end_date, c.name, s.id
         limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, days_remaining: Number(r.days_remaining) }));
}
