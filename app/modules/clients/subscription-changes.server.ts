import { and, eq, gte, ne } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "~/db/client.server";
import { charges, clients, plans, subscriptions } from "~/db/schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { changeSubscription, subscriptionMrrCents, monthlyValueCents } from "./subscription-history.server";
import { now, today as clockToday } from "~/server/clock.server";
import { SUBSCRIPTION_CHANGE_MESSAGES as M } from "./clients.schema";
import { clientName } from "./notes.server";

/**
 * Changing and ending a subscription. Each change is audited and written to
 * the subscription history in its own transaction. Billing follows by itself: a renewal charge
 * takes the plan at issue time, so a plan changed now is charged from the next period, and a
 * subscription cancelled at the end of its period gets no renewal charge.
 */

export type ChangeResult =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };
export type CancelWhen = "agora" | "fim_do_periodo";

/**
 * The client's subscription, locked for the rest of `tx`; null for another client's (the ids come
 * from a form). Every admin change to one subscription starts here.
 */
export async function lockClientSubscription(
  tx: Tx,
  clientId: string,
  subscriptionId: string,
): Promise<typeof subscriptions.$inferSelect | null> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.clientId, clientId)))
    .for("update");
  return sub ?? null;
}

/**
 * One change to a client's subscription: its own transaction with the subscription locked;
 * unknown ids, and another client's subscription, are "Assinatura não encontrada.".
 */
function withLockedSubscription(
  clientId: string,
  subscriptionId: string,
  change: (tx: Tx, sub: typeof subscriptions.$inferSelect) => Promise<ChangeResult>,
): Promise<ChangeResult> {
  if (!isId(clientId) || !isId(subscriptionId)) return Promise.resolve({ ok: false, message: M.notFound });
  return getDb().transaction(async (tx) => {
    const sub = await lockClientSubscription(tx, clientId, subscriptionId);
    return sub ? change(tx, sub) : { ok: false, message: M.notFound };
  });
}

/** When "Trocar plano" takes effect: today, or when the next period starts (its renewal). */
export type PlanChangeWhen = "agora" | "renovacao";

/**
 * "Trocar plano": now (MRR moves today, as expansion or contraction, the next renewal charge
 * takes the new plan, and billing charges or credits the days left of the running period) or at the next renewal (stored as the subscription's pending plan: the
 * renewal job charges the next period at the new plan and records the change on that period's
 * first day; see applyPendingPlanChange). A change now, or a cancellation, drops a pending one.
 */
export async function changeSubscriptionPlan({
  clientId,
  subscriptionId,
  planId,
  when = "agora",
  actor = null,
}: {
  clientId: string;
  subscriptionId: string;
  planId: string;
  when?: PlanChangeWhen;
  actor?: Actor | null;
}): Promise<ChangeResult> {
  if (!isId(clientId) || !isId(subscriptionId)) return { ok: false, message: M.notFound };
  if (!isId(planId)) return { ok: false, message: M.planRequired };
  return withLockedSubscription(clientId, subscriptionId, async (tx, sub) => {
    if (sub.status !== "ativa" || sub.cancelAt) return { ok: false, message: M.notActive };
    if (sub.planId === planId) return { ok: false, message: M.samePlan };
    const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
    if (!plan) return { ok: false, message: M.planRequired };
    const [old] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.planId));
    if (when === "renovacao") {
      if (sub.pendingPlanId === planId) return { ok: false, message: M.alreadyScheduled(plan.name) };
      // A subscription without billing never renews; one whose next period is already charged
      // would take the change a period later than the admin was told.
      if (sub.noBilling) return { ok: false, message: M.noRenewalToSchedule };
      const [charged] = await tx
        .select({ id: charges.id })
        .from(charges)
        .where(
          and(
            eq(charges.subscriptionId, sub.id),
            eq(charges.origin, "assinatura"),
            eq(charges.periodStart, sub.endDate),
            ne(charges.status, "cancelada"),
          ),
        )
        .limit(1);
      if (charged) return { ok: false, message: M.renewalAlreadyCharged };
      await setPendingPlan(tx, sub, planId, actor, "subscription.plan_change_scheduled", {
        planoNaRenovacao: [null, plan.name],
        renovacao: [null, sub.endDate],
      });
      return { ok: true, message: M.planChangeScheduled(plan.name, sub.endDate) };
    }
    // A period beginning today or later and already paid was paid at the current plan: changing now
    // would count it at the new price with no one charging the difference (proration settles the
    // running period only, billing's prorate-plan-change), so the change waits for the renewal
    // after it (which the payment has moved).
    const [paidAhead] = await tx
      .select({ periodStart: charges.periodStart })
      .from(charges)
      .where(
        and(
          eq(charges.subscriptionId, sub.id),
          eq(charges.origin, "assinatura"),
          eq(charges.status, "paga"),
          gte(charges.periodStart, clockToday()),
        ),
      )
      .orderBy(charges.periodStart)
      .limit(1);
    if (paidAhead?.periodStart) return { ok: false, message: M.nextPeriodPaid(paidAhead.periodStart) };
    const before = await subscriptionMrrCents(tx, sub.id);
    const after = monthlyValueCents(plan.priceCents, sub.noBilling);
    await switchPlan(tx, { sub, planId, effectiveOn: clockToday(), before, after });
    await recordAudit(tx, {
      actor,
      action: "subscription.plan_changed",
      entityType: "client",
      entityId: clientId,
      entityLabel: await clientName(tx, clientId),
      changes: { plano: [old?.name ?? null, plan.name] },
    });
    // The next period's charge, if already issued, follows (billing reprices it).
    await emit(
      tx,
      "subscription.plan_changed",
      {
        subscriptionId: sub.id,
        clientId,
        planBeforeId: sub.planId,
        mrrBeforeCents: before,
        mrrAfterCents: after,
      },
      { actor, today: clockToday() },
    );
    return { ok: true, message: M.planChanged(plan.name) };
  });
}

/**
 * The plan of a subscription changes (now, or on the first day of a renewed period): the
 * subscription's and the client's plan (chosen in one place), the history event, and no pending
 * change left behind.
 */
async function switchPlan(
  tx: Tx | DbOrTx,
  {
    sub,
    planId,
    effectiveOn,
    before,
    after,
  }: {
    sub: typeof subscriptions.$inferSelect;
    planId: string;
    effectiveOn: string;
    before: number;
    after: number;
  },
) {
  await changeSubscription(
    tx,
    sub,
    { planId, pendingPlanId: null },
    {
      kind: "troca_plano",
      effectiveOn,
      mrrBeforeCents: before,
      mrrAfterCents: after,
      planBeforeId: sub.planId,
      planAfterId: planId,
    },
  );
  await tx.update(clients).set({ planId, updatedAt: now() }).where(eq(clients.id, sub.clientId));
}

/**
 * Applies a subscription's pending plan as its renewal is charged (called by the renewal job, in
 * the transaction that issues the charge, which is priced at this plan): the change is recorded
 * on `periodStart`, the renewed period's first day, audited as made by the system.
 */
export async function applyPendingPlanChange(
  tx: DbOrTx,
  { subscriptionId, periodStart }: { subscriptionId: string; periodStart: string },
): Promise<void> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!sub?.pendingPlanId) return;
  const [plan] = await tx.select().from(plans).where(eq(plans.id, sub.pendingPlanId));
  const [old] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.planId));
  if (!plan) return;
  const before = await subscriptionMrrCents(tx, sub.id);
  const after = monthlyValueCents(plan.priceCents, sub.noBilling);
  await switchPlan(tx, { sub, planId: plan.id, effectiveOn: periodStart, before, after });
  await recordAudit(tx, {
    actor: null,
    action: "subscription.plan_changed",
    entityType: "client",
    entityId: sub.clientId,
    entityLabel: await clientName(tx, sub.clientId),
    changes: { plano: [old?.name ?? null, plan.name], aPartirDe: [null, periodStart] },
  });
}

/** Schedules (a plan id) or drops (null) a plan change at the next renewal, audited. */
async function setPendingPlan(
  tx: DbOrTx,
  sub: typeof subscriptions.$inferSelect,
  pendingPlanId: string | null,
  actor: Actor | null,
  action: string,
  changes: Record<string, [unknown, unknown]>,
) {
  await tx.update(subscriptions).set({ pendingPlanId, updatedAt: now() }).where(eq(subscriptions.id, sub.id));
  await recordAudit(tx, {
    actor,
    action,
    entityType: "client",
    entityId: sub.clientId,
    entityLabel: await clientName(tx, sub.clientId),
    changes,
  });
}

/** "Desfazer troca": the pending plan change is dropped, audited. */
export async function undoScheduledPlanChange({
  clientId,
  subscriptionId,
  actor = null,
}: {
  clientId: string;
  subscriptionId: string;
  actor?: Actor | null;
}): Promise<ChangeResult> {
  return withLockedSubscription(clientId, subscriptionId, async (tx, sub) => {
    if (!sub.pendingPlanId) return { ok: false, message: M.noScheduledChange };
    const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, sub.pendingPlanId));
    await setPendingPlan(tx, sub, null, actor, "subscription.plan_change_unscheduled", {
      planoNaRenovacao: [plan?.name ?? null, null],
    });
    return { ok: true, message: M.scheduledChangeUndone };
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
  return withLockedSubscription(clientId, subscriptionId, async (tx, sub) => {
    // A suspended subscription (unpaid) can be ended too: that is how most of them end.
    if ((sub.status !== "ativa" && sub.status !== "suspensa") || sub.cancelAt)
      return { ok: false, message: M.alreadyCancelled };
    const day = clockToday();
    const effectiveOn = when === "agora" || sub.endDate < day ? day : sub.endDate;
    const before = await subscriptionMrrCents(tx, sub.id);
    await changeSubscription(
      tx,
      sub,
      when === "agora"
        ? {
            status: "cancelada",
            endDate: day < sub.startDate ? sub.startDate : day,
            cancelAt: day,
            pendingPlanId: null,
          }
        : { cancelAt: effectiveOn, pendingPlanId: null },
      {
        kind: "cancelamento",
        effectiveOn,
        mrrBeforeCents: before,
        mrrAfterCents: 0,
        planBeforeId: sub.planId,
      },
    );
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
  intent: "change-plan" | "cancel-subscription" | "undo-plan-change";
  fields: Record<string, string | undefined>;
  clientId: string;
  actor: Actor | null;
}): Promise<ChangeResult> {
  const subscriptionId = fields.subscriptionId ?? "";
  if (intent === "undo-plan-change") return undoScheduledPlanChange({ clientId, subscriptionId, actor });
  if (intent === "change-plan") {
    const planId = fields.planId ?? "";
    if (!isId(planId)) return { ok: false, message: M.planRequired, fieldErrors: { planId: M.planRequired } };
    const planWhen = fields.when ?? "agora";
    if (planWhen !== "agora" && planWhen !== "renovacao")
      return { ok: false, message: M.whenPlanRequired, fieldErrors: { when: M.whenPlanRequired } };
    return changeSubscriptionPlan({ clientId, subscriptionId, planId, when: planWhen, actor });
  }
  const when = fields.when;
  if (when !== "agora" && when !== "fim_do_periodo")
    return { ok: false, message: M.whenRequired, fieldErrors: { when: M.whenRequired } };
  return cancelSubscription({ clientId, subscriptionId, when, actor });
}
