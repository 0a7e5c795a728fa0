import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clientRequests, clients, plans, subscriptions, user } from "~/db/schema";
import { isId } from "~/lib/ids";
import { previewPlanChange, prorationSummary } from "~/modules/billing/index.server";
import { CLIENT_REQUEST_STATUSES } from "./requests.constants";

/**
 * A restaurant's plan change or cancellation asked for at /cliente. Nothing
 * changes until an admin answers: accepting calls the subscription changes admins already make
 * on the client page (subscription-changes.server), refusing needs a message; both are audited
 * and e-mailed to the client. As everywhere in the client area, the client's functions take the
 * client id from the session (requireClient); ids in a form are ignored.
 */

// This file holds the reads (the client's view, the admin's list and the client page's open
// requests); asking is create-request.server.tsx, answering decide-request.server.tsx.

/** The subscription a request is about: the client's running one, not already ending. */
export async function requestableSubscription(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({
      id: subscriptions.id,
      planId: subscriptions.planId,
      planName: plans.name,
      planPriceCents: plans.priceCents,
      endDate: subscriptions.endDate,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.clientId, clientId),
        eq(subscriptions.status, "ativa"),
        isNull(subscriptions.cancelAt),
      ),
    )
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

export const requestColumns = {
  id: clientRequests.id,
  clientId: clientRequests.clientId,
  subscriptionId: clientRequests.subscriptionId,
  kind: clientRequests.kind,
  requestedPlanId: clientRequests.requestedPlanId,
  requestedPlanName: plans.name,
  reason: clientRequests.reason,
  details: clientRequests.details,
  status: clientRequests.status,
  adminMessage: clientRequests.adminMessage,
  decidedAt: clientRequests.decidedAt,
  createdAt: clientRequests.createdAt,
  /** The first day after the paid period: when a cancellation "no fim do período pago" ends it. */
  subscriptionEndDate: subscriptions.endDate,
};

/**
 * An open plan change's "Agora" in money, as the admin reads it before accepting
 * ("R$ 40,00 hoje, depois R$ 299,90 por mês"); null for the others.
 */
async function withPreviews<
  T extends { status: string; kind: string; subscriptionId: string; requestedPlanId: string | null },
>(rows: T[]): Promise<(T & { preview: string | null })[]> {
  return Promise.all(
    rows.map(async (r) => {
      if (r.status !== "aberta" || r.kind !== "troca_plano" || !r.requestedPlanId)
        return { ...r, preview: null };
      const p = await previewPlanChange({ subscriptionId: r.subscriptionId, planId: r.requestedPlanId });
      return { ...r, preview: p ? prorationSummary(p) : null };
    }),
  );
}

/** The form's choices and the client's own requests, newest first (the client's view). */
export async function getOwnRequests({ clientId }: { clientId: string }) {
  if (!isId(clientId)) throw new Error("client id required");
  const db = getDb();
  const [subscription, planRows, rows] = await Promise.all([
    requestableSubscription(db, clientId),
    db
      .select({ id: plans.id, name: plans.name, priceCents: plans.priceCents })
      .from(plans)
      .orderBy(asc(plans.priceCents), asc(plans.name)),
    db
      .select(requestColumns)
      .from(clientRequests)
      .leftJoin(plans, eq(plans.id, clientRequests.requestedPlanId))
      .leftJoin(subscriptions, eq(subscriptions.id, clientRequests.subscriptionId))
      .where(eq(clientRequests.clientId, clientId))
      .orderBy(desc(clientRequests.createdAt))
      .limit(50),
  ]);
  return {
    subscription: subscription && {
      planId: subscription.planId,
      planName: subscription.planName,
      planPriceCents: subscription.planPriceCents,
    },
    // Each plan with what its change "Agora" would cost, shown before the client sends the request.
    plans: subscription
      ? await Promise.all(
          planRows
            .filter((p) => p.id !== subscription.planId)
            .map(async (p) => {
              const money = await previewPlanChange({ subscriptionId: subscription.id, planId: p.id });
              return { ...p, preview: money ? prorationSummary(money) : null };
            }),
        )
      : [],
    requests: rows.map(
      ({ clientId: _c, subscriptionId: _s, requestedPlanId: _p, subscriptionEndDate: _e, ...r }) => r,
    ),
  };
}

export type OwnRequests = Awaited<ReturnType<typeof getOwnRequests>>;

const decider = alias(user, "decider");

/** /admin/requests: open first, then the newest; optionally one status ("Hoje" reads the oldest few open ones). */
export async function listClientRequests({
  status,
  limit = 200,
  oldestFirst = false,
}: { status?: string | null; limit?: number; oldestFirst?: boolean } = {}) {
  const only = CLIENT_REQUEST_STATUSES.find((s) => s === status);
  const rows = await getDb()
    .select({
      ...requestColumns,
      clientName: clients.name,
      businessName: clients.businessName,
      decidedByName: decider.name,
    })
    .from(clientRequests)
    .innerJoin(clients, eq(clients.id, clientRequests.clientId))
    .leftJoin(plans, eq(plans.id, clientRequests.requestedPlanId))
    .leftJoin(subscriptions, eq(subscriptions.id, clientRequests.subscriptionId))
    .leftJoin(decider, eq(decider.id, clientRequests.decidedBy))
    .where(only ? eq(clientRequests.status, only) : undefined)
    .orderBy(
      sql`(${clientRequests.status} = 'aberta') desc`,
      oldestFirst ? asc(clientRequests.createdAt) : desc(clientRequests.createdAt),
    )
    .limit(limit);
  return withPreviews(rows);
}

/** Requests waiting for an admin's answer: the sidebar's count on "Solicitações", for readCounts. */
export const openClientRequestsCount = (): SQL =>
  sql`(select count(*) from ${clientRequests} where ${clientRequests.status} = 'aberta')`;

export type ClientRequestRow = Awaited<ReturnType<typeof listClientRequests>>[number];

/** The client page's open requests. */
export async function listOpenClientRequests({ clientId }: { clientId: string }) {
  if (!isId(clientId)) return [];
  const rows = await getDb()
    .select({ ...requestColumns, clientName: clients.name, businessName: clients.businessName })
    .from(clientRequests)
    .innerJoin(clients, eq(clients.id, clientRequests.clientId))
    .leftJoin(plans, eq(plans.id, clientRequests.requestedPlanId))
    .leftJoin(subscriptions, eq(subscriptions.id, clientRequests.subscriptionId))
    .where(and(eq(clientRequests.clientId, clientId), eq(clientRequests.status, "aberta")))
    .orderBy(asc(clientRequests.createdAt));
  return withPreviews(rows);
}
