// One thing: a subscription's suspension and its return. Suspending, reactivating, the exemption
// and the digest's list all read one rule (a started period's charge open past the grace days),
// so the rule and everything that applies it stay in one file.
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, clients, plans, subscriptions } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import {
  lockClientSubscription,
  changeSubscription,
  monthlyValueCents,
  subscriptionMrrCents,
} from "~/modules/clients/index.server";
import { emit } from "~/modules/events/index.server";
import {
  subscriptionSuspendedAdminSubject,
  subscriptionSuspendedSubject,
  type SuspensionMailData,
  adminEmails,
} from "~/modules/notifications/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { queueMail } from "~/server/mail/mail.server";
import { notifyClient, suspensionMoment } from "~/modules/whatsapp/index.server";
import { isPayable, PAYABLE_CHARGE_STATUSES } from "./billing.constants";
import { DEFAULT_SUSPENSION_DAYS } from "./dunning.schema";
import { renderSuspended, renderSuspendedAdmin } from "./dunning-mails.server";
import { daysBetween, effectiveDueDate, MAX_DUE_SHIFT_DAYS } from "./due-dates";
import { chargePaymentOptions } from "./payment-options.server";
import { getBillingSettings } from "./settings.server";

/**
 * Suspension and return (decision 033). A subscription is suspended when one of
 * its charges is open (pendente, vencida, or estornada: refunded, a debt again) more than N days (a setting) after its effective due
 * date (the next business day when due on a day off) AND the period that charge pays for has
 * started (period_start ≤ today): a client who paid ahead is never suspended for a later
 * period's charge, whatever its due date. One-off charges never suspend. Exempt subscriptions
 * (an admin's audited choice) are never suspended. Paying or cancelling the charge reactivates
 * the subscription in the same transaction when no other charge still holds it suspended.
 * Suspension ends the subscription's MRR until it returns (churn, then reativação).
 */

export const SUSPENSION_MESSAGES = {
  notFound: "Assinatura não encontrada.",
  exemptUnchanged: "Nada mudou: a isenção já estava assim.",
  exempted: "Assinatura isenta de suspensão.",
  exemptionRemoved: "Isenção de suspensão removida.",
  exemptFailed: "Erro ao alterar a isenção de suspensão",
} as const;

/** How many days before suspension the digest lists a subscription as "prestes a ser suspensa". */
export const ABOUT_TO_SUSPEND_DAYS = 3;

/**
 * Open subscription charges whose period has started and whose stored due date is at least
 * `minDays` days ago, for subscriptions in `statuses`, exemptions left out.
 */
async function startedOpenCharges(db: DbOrTx, today: string, minDays: number, statuses: string[]) {
  return db
    .select({
      chargeId: charges.id,
      subscriptionId: subscriptions.id,
      dueDate: charges.dueDate,
    })
    .from(charges)
    .innerJoin(subscriptions, eq(subscriptions.id, charges.subscriptionId))
    .where(
      and(
        inArray(charges.status, [...PAYABLE_CHARGE_STATUSES]),
        eq(charges.origin, "assinatura"),
        sql`${charges.periodStart} <= ${today}::date`,
        sql`${charges.dueDate} <= ${addDays(today, -minDays)}::date`,
        inArray(subscriptions.status, statuses as ("ativa" | "suspensa")[]),
        eq(subscriptions.suspensionExempt, false),
      ),
    )
    .orderBy(charges.dueDate, charges.id);
}

/** Days a charge due on `dueDate` is overdue on `today`, counted from its effective due date. */
export const daysOverdue = (dueDate: string, today: string) => daysBetween(effectiveDueDate(dueDate), today);

async function suspensionDays(db: DbOrTx = getDb()) {
  return (await getBillingSettings(db))?.suspensionDays ?? DEFAULT_SUSPENSION_DAYS;
}

async function mailData(db: DbOrTx, chargeId: string, subscriptionId: string, today: string) {
  const [row] = await db
    .select({
      charge: charges,
      clientId: clients.id,
      clientName: clients.name,
      businessName: clients.businessName,
      email: clients.email,
      planName: plans.name,
    })
    .from(charges)
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(charges.id, chargeId));
  const c = row.charge;
  const data: SuspensionMailData = {
    clientId: row.clientId,
    clientName: row.clientName,
    businessName: row.businessName,
    planName: row.planName,
    number: c.number,
    amountCents: c.amountCents,
    dueDate: effectiveDueDate(c.dueDate),
    daysOverdue: daysOverdue(c.dueDate, today),
    pay: await chargePaymentOptions(db, c),
  };
  return { data, email: row.email };
}

/** Suspends one subscription for one charge, re-checked under the subscription's lock. */
async function suspendOne(
  subscriptionId: string,
  chargeId: string,
  today: string,
  days: number,
  admins: string[],
) {
  return getDb().transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for("update");
    if (!sub || sub.status !== "ativa" || sub.suspensionExempt) return false;
    const [charge] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for("update");
    // Paid or cancelled since the list was read: nothing to suspend for.
    if (!charge || !isPayable(charge.status)) return false;
    if (daysOverdue(charge.dueDate, today) <= days) return false;
    await moveSuspension(tx, sub, "suspensa", today);
    const { data, email } = await mailData(tx, charge.id, sub.id, today);
    await recordAudit(tx, {
      actor: null,
      action: "subscription.suspended",
      entityType: "client",
      entityId: sub.clientId,
      entityLabel: data.clientName,
      changes: {
        status: ["ativa", "suspensa"],
        cobranca: [null, `${charge.number} vencida há ${data.daysOverdue} dias`],
      },
    });
    await emit(tx, "subscription.suspended", { subscriptionId: sub.id, chargeId: charge.id });
    // Keyed by subscription and charge: a rerun sends nothing; a later suspension for another
    // charge is news again.
    const key = `assinatura.suspensa:${sub.id}:${charge.id}`;
    const mail = {
      kind: "assinatura.suspensa",
      to: email,
      subject: subscriptionSuspendedSubject(data),
      ...(await renderSuspended(tx, email, data)),
      dedupeKey: key,
      entity: { type: "client", id: sub.clientId },
    };
    const whatsapp = suspensionMoment({
      chargeId: charge.id,
      subscriptionId: sub.id,
      clientId: sub.clientId,
      clientName: data.clientName,
      businessName: data.businessName,
      number: charge.number,
      amountCents: charge.amountCents,
      dueDate: data.dueDate,
      pixCode: data.pay.pixCode,
      link: data.pay.link,
    });
    await notifyClient(tx, sub.clientId, mail, whatsapp);
    const adminBody = await renderSuspendedAdmin(data);
    for (const address of admins)
      await queueMail(tx, {
        kind: "assinatura.suspensa-admin",
        to: address,
        subject: subscriptionSuspendedAdminSubject(data),
        ...adminBody,
        dedupeKey: `${key}:${address}`,
        entity: { type: "client", id: sub.clientId },
      });
    return true;
  });
}

/** The daily job's work: every subscription due for suspension today. Returns how many. */
export async function suspendOverdueSubscriptions({
  today = clockToday(),
}: { today?: string } = {}): Promise<number> {
  const days = await suspensionDays();
  const rows = await startedOpenCharges(getDb(), today, days + 1, ["ativa"]);
  const done = new Set<string>();
  let suspended = 0;
  // Read before the transactions: the embedded database has one connection.
  const admins = rows.length ? await adminEmails() : [];
  for (const r of rows) {
    if (done.has(r.subscriptionId) || daysOverdue(r.dueDate, today) <= days) continue;
    if (await suspendOne(r.subscriptionId, r.chargeId, today, days, admins)) {
      done.add(r.subscriptionId);
      suspended += 1;
    }
  }
  return suspended;
}

/**
 * In the transaction of a payment (or a cancellation) of `charge`: its subscription, if
 * suspended and no other charge keeps it so, is ativa again at once, audited, in the history
 * and announced. Called by billing's recordPayment, the one function every payment path
 * (the admin's form, the provider's webhook) goes through.
 */
export async function reactivateIfSettled(
  tx: DbOrTx,
  {
    charge,
    actor = null,
    today = clockToday(),
  }: {
    charge: { id: string; number: string; subscriptionId: string | null };
    actor?: Actor | null;
    today?: string;
  },
): Promise<boolean> {
  if (!charge.subscriptionId) return false;
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, charge.subscriptionId))
    .for("update");
  if (!sub || sub.status !== "suspensa") return false;
  const days = await suspensionDays(tx);
  const holding = (await startedOpenCharges(tx, today, days + 1, ["suspensa"])).filter(
    (r) => r.subscriptionId === sub.id && r.chargeId !== charge.id && daysOverdue(r.dueDate, today) > days,
  );
  if (holding.length) return false;
  await reactivate(tx, sub, {
    actor,
    today,
    reason: `cobrança ${charge.number} quitada`,
    chargeId: charge.id,
  });
  return true;
}

async function reactivate(
  tx: DbOrTx,
  sub: typeof subscriptions.$inferSelect,
  {
    actor,
    today,
    reason,
    chargeId,
  }: { actor: Actor | null; today: string; reason: string; chargeId: string | null },
) {
  await moveSuspension(tx, sub, "ativa", today);
  const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, sub.clientId));
  await recordAudit(tx, {
    actor,
    action: "subscription.reactivated",
    entityType: "client",
    entityId: sub.clientId,
    entityLabel: client?.name ?? null,
    changes: { status: ["suspensa", "ativa"], motivo: [null, reason] },
  });
  await emit(tx, "subscription.reactivated", { subscriptionId: sub.id, chargeId });
}

/**
 * "Isentar de suspensão" on the client page: the subscription is never suspended while exempt;
 * exempting a suspended one makes it ativa again. Audited; unknown ids and no-ops refused.
 */
export async function setSuspensionExempt({
  clientId,
  subscriptionId,
  exempt,
  actor = null,
  today = clockToday(),
}: {
  clientId: string;
  subscriptionId: string;
  exempt: boolean;
  actor?: Actor | null;
  today?: string;
}): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!isId(clientId) || !isId(subscriptionId)) return { ok: false, message: SUSPENSION_MESSAGES.notFound };
  return getDb().transaction(async (tx) => {
    const sub = await lockClientSubscription(tx, clientId, subscriptionId);
    if (!sub) return { ok: false, message: SUSPENSION_MESSAGES.notFound };
    if (sub.suspensionExempt === exempt) return { ok: false, message: SUSPENSION_MESSAGES.exemptUnchanged };
    await tx
      .update(subscriptions)
      .set({ suspensionExempt: exempt, updatedAt: now() })
      .where(eq(subscriptions.id, sub.id));
    const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
    await recordAudit(tx, {
      actor,
      action: exempt ? "subscription.suspension_exempted" : "subscription.suspension_exemption_removed",
      entityType: "client",
      entityId: clientId,
      entityLabel: client?.name ?? null,
      changes: { isentaDeSuspensao: [sub.suspensionExempt, exempt] },
    });
    if (exempt && sub.status === "suspensa")
      await reactivate(tx, sub, { actor, today, reason: "isenta de suspensão", chargeId: null });
    return { ok: true };
  });
}

/**
 * The status change itself and its history event. A suspension is churn in Receita
 * (docs/billing.md "Receita and billing"): the service stopped for an unpaid period, so the
 * subscription's MRR goes to 0; its return brings back the plan's monthly value (reativação).
 */
async function moveSuspension(
  tx: DbOrTx,
  sub: typeof subscriptions.$inferSelect,
  status: "suspensa" | "ativa",
  today: string,
) {
  const before = await subscriptionMrrCents(tx, sub.id);
  const [plan] = await tx
    .select({ priceCents: plans.priceCents })
    .from(plans)
    .where(eq(plans.id, sub.planId));
  const after = status === "suspensa" ? 0 : monthlyValueCents(plan?.priceCents ?? 0, sub.noBilling);
  await changeSubscription(
    tx,
    sub,
    { status },
    {
      kind: status === "suspensa" ? "suspensao" : "reativacao",
      effectiveOn: today,
      mrrBeforeCents: before,
      mrrAfterCents: after,
      planBeforeId: sub.planId,
      planAfterId: sub.planId,
    },
  );
}

export interface DigestSuspension {
  clientId: string;
  clientName: string;
  planName: string;
  /** The oldest open charge holding it (suspended) or about to suspend it, and its days overdue. */
  chargeNumber: string | null;
  daysOverdue: number | null;
}

/**
 * The daily digest's lines: every suspended subscription, and those that will be suspended within
 * ABOUT_TO_SUSPEND_DAYS days unless paid (the job's rule, exemptions left out).
 */
export async function listSuspensionsForDigest({ today }: { today: string }) {
  const days = await suspensionDays();
  const rows = await getDb()
    .select({
      subscriptionId: subscriptions.id,
      status: subscriptions.status,
      clientId: clients.id,
      clientName: clients.name,
      planName: plans.name,
      chargeNumber: charges.number,
      dueDate: charges.dueDate,
    })
    .from(subscriptions)
    .innerJoin(clients, eq(clients.id, subscriptions.clientId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(
      charges,
      and(
        eq(charges.subscriptionId, subscriptions.id),
        inArray(charges.status, [...PAYABLE_CHARGE_STATUSES]),
        eq(charges.origin, "assinatura"),
        sql`${charges.periodStart} <= ${today}::date`,
      ),
    )
    .where(
      sql`${subscriptions.status} = 'suspensa' or (${subscriptions.status} = 'ativa'
          and not ${subscriptions.suspensionExempt}
          and ${charges.dueDate} <= ${addDays(today, -(days - ABOUT_TO_SUSPEND_DAYS))}::date
          and ${charges.dueDate} >= ${addDays(today, -(days + MAX_DUE_SHIFT_DAYS))}::date)`,
    )
    .orderBy(clients.name, subscriptions.id, charges.dueDate);
  const suspended: DigestSuspension[] = [];
  const aboutToSuspend: DigestSuspension[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    if (seen.has(r.subscriptionId)) continue;
    const overdue = r.dueDate ? daysOverdue(r.dueDate, today) : null;
    const line = {
      clientId: r.clientId,
      clientName: r.clientName,
      planName: r.planName,
      chargeNumber: r.chargeNumber,
      daysOverdue: overdue,
    };
    if (r.status === "suspensa") suspended.push(line);
    else if (overdue !== null && overdue > days - ABOUT_TO_SUSPEND_DAYS && overdue <= days)
      aboutToSuspend.push(line);
    else continue;
    seen.add(r.subscriptionId);
  }
  return { suspended, aboutToSuspend, suspensionDays: days };
}
