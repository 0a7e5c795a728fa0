import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, charges, clients, plans, subscriptionEvents, subscriptions } from "~/db/schema";
import { issueRenewalCharges } from "~/modules/billing/billing.server";
import { recordPayment } from "~/modules/billing/payments.server";
import { changeSubscription, subscriptionMrrCents } from "./subscription-history.server";
import { endCancelledSubscriptions } from "./subscription-end.server";
import { addDays } from "~/lib/dates";
import { resetClock, setClock } from "~/server/clock.server";
import { useTestDatabase } from "../../../tests/support/db";
import { SUBSCRIPTION_CHANGE_MESSAGES } from "./clients.schema";
import { createClient } from "./clients.server";
import {
  cancelSubscription,
  changeSubscriptionPlan,
  submitSubscriptionChange,
  undoScheduledPlanChange,
} from "./subscription-changes.server";

// "Trocar plano" at the next renewal is charged then and takes effect on the
// renewed period's first day; it can be undone; a change now or a cancellation drops it.
const t = useTestDatabase();
const admin = { id: "admin-1", name: "Ana Admin" };
const plan: Record<string, string> = {};
let seq = 0;

beforeAll(async () => {
  const rows = await t.db
    .insert(plans)
    .values([
      { name: "A", priceCents: 10000, setupFeeCents: 0 },
      { name: "B", priceCents: 20000, setupFeeCents: 0 },
    ])
    .returning();
  [plan.A, plan.B] = rows.map((r) => r.id);
});
afterEach(() => resetClock());

/** A client on plan A from 2027-01-10: its period ends 2027-02-10. */
async function clientOnA() {
  seq += 1;
  const c = await createClient({
    input: {
      name: `Cliente ${seq}`,
      email: `troca${seq}@receita.dev`,
      phone: "(11) 98765-4321",
      businessName: `Restaurante ${seq}`,
      planId: plan.A,
      status: "ativo",
    },
    today: "2027-01-10",
    actor: admin,
  });
  const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.clientId, c.id));
  return { clientId: c.id, sub };
}
const subNow = async (id: string) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];
const planChanges = (subscriptionId: string) =>
  t.db
    .select()
    .from(subscriptionEvents)
    .where(
      and(eq(subscriptionEvents.subscriptionId, subscriptionId), eq(subscriptionEvents.kind, "troca_plano")),
    );

describe("'Trocar plano' at the next renewal", () => {
  it("changes nothing now; the renewal is charged at the new plan, which starts with the new period, once", async () => {
    const { clientId, sub } = await clientOnA();
    setClock("2027-01-20T15:00:00Z");
    expect(
      await changeSubscriptionPlan({
        clientId,
        subscriptionId: sub.id,
        planId: plan.B,
        when: "renovacao",
        actor: admin,
      }),
    ).toEqual({ ok: true, message: "Troca para o plano B agendada para a renovação de 10/02/2027." });
    expect(
      await changeSubscriptionPlan({
        clientId,
        subscriptionId: sub.id,
        planId: plan.B,
        when: "renovacao",
        actor: admin,
      }),
    ).toEqual({ ok: false, message: "A troca para o plano B já está agendada." });
    expect(await subNow(sub.id)).toMatchObject({ planId: plan.A, pendingPlanId: plan.B });
    expect(await subscriptionMrrCents(t.db, sub.id)).toBe(10000);
    expect(await planChanges(sub.id)).toEqual([]);
    const [scheduled] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clientId), eq(auditLog.action, "subscription.plan_change_scheduled")));
    expect(scheduled.actorName).toBe("Ana Admin");

    // Ten days before the end, the renewal: at plan B, and the change is recorded on 2027-02-10.
    expect(await issueRenewalCharges({ today: "2027-01-31", daysBefore: 10 })).toBeGreaterThanOrEqual(1);
    expect(await issueRenewalCharges({ today: "2027-01-31", daysBefore: 10 })).toBe(0);
    const [renewal] = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.subscriptionId, sub.id), eq(charges.periodStart, "2027-02-10")));
    expect(renewal.amountCents).toBe(20000);
    expect(await subNow(sub.id)).toMatchObject({ planId: plan.B, pendingPlanId: null });
    const [client] = await t.db.select().from(clients).where(eq(clients.id, clientId));
    expect(client.planId).toBe(plan.B);
    expect(
      (await planChanges(sub.id)).map((e) => [e.effectiveOn, e.mrrBeforeCents, e.mrrAfterCents]),
    ).toEqual([["2027-02-10", 10000, 20000]]);
    expect(await subscriptionMrrCents(t.db, sub.id)).toBe(20000);
    // The next period is charged already: a change "at the renewal" would come a period late.
    const before = await subNow(sub.id);
    expect(
      await changeSubscriptionPlan({ clientId, subscriptionId: sub.id, planId: plan.A, when: "renovacao" }),
    ).toEqual({ ok: false, message: SUBSCRIPTION_CHANGE_MESSAGES.renewalAlreadyCharged });
    expect(await subNow(sub.id)).toEqual(before);
  });

  it("refuses a change at the renewal for a subscription without billing, which never renews", async () => {
    const { clientId, sub } = await clientOnA();
    await t.db.transaction((tx) =>
      changeSubscription(
        tx,
        sub,
        { noBilling: true },
        {
          kind: "troca_plano",
          effectiveOn: sub.startDate,
          mrrBeforeCents: 0,
          mrrAfterCents: 0,
        },
      ),
    );
    expect(
      await changeSubscriptionPlan({ clientId, subscriptionId: sub.id, planId: plan.B, when: "renovacao" }),
    ).toEqual({ ok: false, message: SUBSCRIPTION_CHANGE_MESSAGES.noRenewalToSchedule });
    expect((await subNow(sub.id)).pendingPlanId).toBeNull();
  });

  it("'Desfazer troca' drops it: the renewal stays at the current plan", async () => {
    const { clientId, sub } = await clientOnA();
    await submitSubscriptionChange({
      intent: "change-plan",
      fields: { subscriptionId: sub.id, planId: plan.B, when: "renovacao" },
      clientId,
      actor: admin,
    });
    expect(
      await submitSubscriptionChange({
        intent: "undo-plan-change",
        fields: { subscriptionId: sub.id },
        clientId,
        actor: admin,
      }),
    ).toEqual({ ok: true, message: "Troca de plano agendada desfeita." });
    expect(await undoScheduledPlanChange({ clientId, subscriptionId: sub.id })).toEqual({
      ok: false,
      message: "Não há troca de plano agendada para esta assinatura.",
    });
    await issueRenewalCharges({ today: "2027-01-31", daysBefore: 10 });
    const [renewal] = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.subscriptionId, sub.id), eq(charges.periodStart, "2027-02-10")));
    expect(renewal.amountCents).toBe(10000);
    expect(await planChanges(sub.id)).toEqual([]);
  });

  it("a change now or a cancellation drops a scheduled change; a bad 'when' is refused", async () => {
    const a = await clientOnA();
    await changeSubscriptionPlan({
      clientId: a.clientId,
      subscriptionId: a.sub.id,
      planId: plan.B,
      when: "renovacao",
    });
    expect(
      await submitSubscriptionChange({
        intent: "change-plan",
        fields: { subscriptionId: a.sub.id, planId: plan.B, when: "amanha" },
        clientId: a.clientId,
        actor: admin,
      }),
    ).toMatchObject({ ok: false, fieldErrors: { when: "Escolha quando a troca vale." } });
    setClock("2027-01-20T15:00:00Z");
    expect(
      (await changeSubscriptionPlan({ clientId: a.clientId, subscriptionId: a.sub.id, planId: plan.B })).ok,
    ).toBe(true);
    expect(await subNow(a.sub.id)).toMatchObject({ planId: plan.B, pendingPlanId: null });

    const b = await clientOnA();
    await changeSubscriptionPlan({
      clientId: b.clientId,
      subscriptionId: b.sub.id,
      planId: plan.B,
      when: "renovacao",
    });
    await cancelSubscription({ clientId: b.clientId, subscriptionId: b.sub.id, when: "fim_do_periodo" });
    expect((await subNow(b.sub.id)).pendingPlanId).toBeNull();
  });
});

describe("a cancellation at the end of the period", () => {
  it("ends the subscription on that day, once: cancelada, 'fim' in the history, audited as the system's", async () => {
    const { clientId, sub } = await clientOnA();
    await cancelSubscription({ clientId, subscriptionId: sub.id, when: "fim_do_periodo" });
    const cancelAt = (await subNow(sub.id)).cancelAt!;
    expect(await endCancelledSubscriptions({ today: addDays(cancelAt, -1) })).toBe(0);
    expect((await subNow(sub.id)).status).toBe("ativa");
    // (The earlier test's client, cancelled at the end of the same period, ends with it.)
    expect(await endCancelledSubscriptions({ today: cancelAt })).toBeGreaterThanOrEqual(1);
    expect(await subNow(sub.id)).toMatchObject({ status: "cancelada", cancelAt });
    const events = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, sub.id));
    expect(events.map((e) => [e.kind, e.effectiveOn, e.mrrAfterCents])).toEqual([
      ["inicio", "2027-01-10", 10000],
      ["cancelamento", cancelAt, 0],
      ["fim", cancelAt, 0],
    ]);
    expect(await subscriptionMrrCents(t.db, sub.id)).toBe(0);
    const [ended] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, clientId), eq(auditLog.action, "subscription.ended")));
    expect(ended).toMatchObject({
      actorId: null,
      changes: { status: ["ativa", "cancelada"], fim: [null, cancelAt] },
    });
    // A second run (the job retried, another instance) finds nothing left.
    expect(await endCancelledSubscriptions({ today: addDays(cancelAt, 1) })).toBe(0);
  });
});

describe("'Trocar plano' now, when a later period is already paid", () => {
  it("is refused, changing nothing, and points to the renewal after it; allowed again once that period began", async () => {
    const { clientId, sub } = await clientOnA();
    // The renewal of 10/02 issued ten days ahead and paid early, at plan A.
    setClock("2027-01-31T15:00:00Z");
    await issueRenewalCharges({ today: "2027-01-31" });
    const [renewal] = await t.db
      .select()
      .from(charges)
      .where(and(eq(charges.subscriptionId, sub.id), eq(charges.periodStart, sub.endDate)));
    expect(
      await recordPayment({
        chargeId: renewal.id,
        input: { paidOn: "2027-01-31", method: "pix", amountCents: renewal.amountCents },
        today: "2027-01-31",
      }),
    ).toMatchObject({ ok: true });
    const before = await subNow(sub.id);
    const events = await planChanges(sub.id);
    expect(await changeSubscriptionPlan({ clientId, subscriptionId: sub.id, planId: plan.B })).toEqual({
      ok: false,
      message: SUBSCRIPTION_CHANGE_MESSAGES.nextPeriodPaid(sub.endDate),
    });
    expect(await subNow(sub.id)).toEqual(before);
    expect(await planChanges(sub.id)).toEqual(events);
    // Still refused on that period's first day: the whole period was paid at A.
    setClock(`${sub.endDate}T15:00:00Z`);
    expect((await changeSubscriptionPlan({ clientId, subscriptionId: sub.id, planId: plan.B })).ok).toBe(
      false,
    );
    // At the renewal after it, which the payment has moved, the change is taken.
    expect(
      await changeSubscriptionPlan({ clientId, subscriptionId: sub.id, planId: plan.B, when: "renovacao" }),
    ).toMatchObject({ ok: true });
  });
});
