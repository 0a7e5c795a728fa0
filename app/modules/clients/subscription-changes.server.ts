import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "~/db/client.server";
import { clients, plans, subscriptions } from "~/db/schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import {
  recordSubscriptionEvent,
  subscriptionMrrCents,
  monthlyValueCents,
} from "~/modules/revenue/history.server";
import { now, today as clockToday } from "~/server/clock.server";
import { SUBSCRIPTION_CHANGE_MESSAGES as M } from "./clients.schema";
import { clientName } from "./notes.server";

/**
 * Changing and ending a subscription (issue 33 item 3). Each change is audited and written to
 * the subscription history in its own transaction. Billing follows by itself: a renewal charge
 * takes the plan at issue time, so a plan changed now is charged from the next period, and a
 * subscription cancelled at the end of its period gets no renewal charge.
 */

export type ChangeResult =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };
export type CancelWhen = "agora" | "fim_do_periodo";

async function lockSubscription(tx: Tx, clientId: string, subscriptionId: string) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.clientId, clientId)))
    .for("update");
  return row ?? null;
}

/** "Trocar plano" with immediate effect: MRR moves today (expansion or contraction). */
export async function changeSubscriptionPlan({
  clientId,
  subscriptionId,
  planId,
  actor = null,
}: {
  clientId: string;
  subscriptionId: string;
  planId: string;
  actor?: Actor | null;
}): Promise<ChangeResult> {
  if (!isId(clientId) || !isId(subscriptionId)) return { ok: false, message: M.notFound };
  if (!isId(planId)) return { ok: false, message: M.planRequired };
  return getDb().transaction(async (tx) => {
    const sub = await lockSubscription(tx, clientId, subscriptionId);
    if (!sub) return { ok: false, message: M.notFound };
    if (sub.status !== "ativa" || sub.cancelAt) return { ok: false, message: M.notActive };
    if (sub.planId === planId) return { ok: false, message: M.samePlan };
    const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
    if (!plan) return { ok: false, message: M.planRequired };
    const [old] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.planId));
    const before = await subscriptionMrrCents(tx, sub.id);
    const after = monthlyValueCents(plan.priceCents, sub.noBilling);
    const day = clockToday();
    await tx.update(subscriptions).set({ planId, updatedAt: now() }).where(eq(subscriptions.id, sub.id));
    // The client's "Plano" follows its subscription: the plan is chosen in one place.
    await tx.update(clients).set({ planId, updatedAt: now() }).where(eq(clients.id, clientId));
    await recordSubscriptionEvent(tx, {
      clientId,
      subscriptionId: sub.id,
      kind: "troca_plano",
      effectiveOn: day,
      mrrBeforeCents: before,
      mrrAfterCents: after,
      planBeforeId: sub.planId,
      planAfterId: planId,
      renewalType: sub.renewalType,
    });
    await recordAudit(tx, {
      actor,
      action: "subscription.plan_changed",
      entityType: "client",
      entityId: clientId,
      entityLabel: await clientName(tx, clientId),
      changes: { plano: [old?.name ?? null, plan.name] },
    });
    return { ok: true, message: M.planChanged(plan.name) };
  });
}

/**
 * "Cancelar": now (revenue ends today, the subscription is cancelada) or at the end of the paid
 * period (it stays ativa until its end date, no renewal is issued, revenue ends on that date).
 */
export async function cancelSubscription({
  clientId,
  subscriptionId,
  when,
  actor = null,
}: {
  clientId: string;
  subscriptionId: string;
  when: CancelWhen;
  actor?: Actor | null;
}): Promise<ChangeResult> {
  if (!isId(clientId) || !isId(subscriptionId)) return { ok: false, message: M.notFound };
  return getDb().transaction(async (tx) => {
    const sub = await lockSubscription(tx, clientId, subscriptionId);
    if (!sub) return { ok: false, message: M.notFound };
    if (sub.status !== "ativa" || sub.cancelAt) return { ok: false, message: M.alreadyCancelled };
    const day = clockToday();
    const effectiveOn = when === "agora" || sub.endDate < day ? day : sub.endDate;
    const before = await subscriptionMrrCents(tx, sub.id);
    await tx
      .update(subscriptions)
      .set(
        when === "agora"
          ? {
              status: "cancelada",
              endDate: day < sub.startDate ? sub.startDate : day,
              cancelAt: day,
              updatedAt: now(),
            }
          : { cancelAt: effectiveOn, updatedAt: now() },
      )
      .where(eq(subscriptions.id, sub.id));
    await recordSubscriptionEvent(tx, {
      clientId,
      subscriptionId: sub.id,
      kind: "cancelamento",
      effectiveOn,
      mrrBeforeCents: before,
      mrrAfterCents: 0,
      planBeforeId: sub.planId,
      renewalType: sub.renewalType,
    });
    await recordAudit(tx, {
      actor,
      action: "subscription.cancelled",
      entityType: "client",
      entityId: clientId,
      entityLabel: await clientName(tx, clientId),
      changes: {
        status: [sub.status, when === "agora" ? "cancelada" : sub.status],
        cancelAt: [null, effectiveOn],
      },
    });
    return { ok: true, message: when === "agora" ? M.cancelledNow : M.cancelledAtEnd(effectiveOn) };
  });
}

/** The client page's "change-plan" and "cancel-subscription" forms, read and answered. */
export async function submitSubscriptionChange({
  intent,
  fields,
  clientId,
  actor,
}: {
  intent: "change-plan" | "cancel-subscription";
  fields: Record<string, string | undefined>;
  clientId: string;
  actor: Actor | null;
}): Promise<ChangeResult> {
  const subscriptionId = fields.subscriptionId ?? "";
  if (intent === "change-plan") {
    const planId = fields.planId ?? "";
    if (!isId(planId)) return { ok: false, message: M.planRequired, fieldErrors: { planId: M.planRequired } };
    return changeSubscriptionPlan({ clientId, subscriptionId, planId, actor });
  }
  const when = fields.when;
  if (when !== "agora" && when !== "fim_do_periodo")
    return { ok: false, message: M.whenRequired, fieldErrors: { when: M.whenRequired } };
  return cancelSubscription({ clientId, subscriptionId, when, actor });
}
