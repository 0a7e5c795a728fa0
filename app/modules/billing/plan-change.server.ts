import { and, eq, sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { chargeLines, charges, clientCredits, plans, subscriptions } from "~/db/schema";
import { isoToBrDate } from "~/lib/dates";
import { isId } from "~/lib/ids";
import type { Actor } from "~/modules/audit/index.server";
import type { RenewalType } from "~/modules/clients/clients.constants";
import { RENEWAL_MONTHS } from "~/modules/clients/clients.schema";
import { monthlyValueCents, subscriptionMrrCents } from "~/modules/clients/index.server";
import { emit } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { PAYABLE_CHARGE_STATUSES } from "./billing.constants";
import { issueAdjustmentCharge, monthlyLine } from "./billing.server";
import { auditChange, lockCharge } from "./charge-lock.server";
import { applyCredits, removeCreditLines } from "./credits.server";
import { periodDays, proratedCents, prorationSummary, type Proration } from "./proration";

/**
 * A plan changed "Agora" (one truth: "a month counts at the price charged for it"): Receita counts
 * the new price from today, so a charge already issued for a period that starts today or later (the
 * renewal issued days before its period; Receita counts a change on a period's first day for the
 * whole period) and not paid at all is repriced at the new plan, in the
 * change's transaction: its period line takes the new plan's name and price, its activation fee
 * and discount stay (the discount never above the new subtotal), audited, and the provider's
 * payment follows (charge.amount_changed). A charge of a started period, or one holding money,
 * keeps what it charged.
 */
export async function repriceUnstartedCharges(
  tx: DbOrTx,
  {
    subscriptionId,
    actor = null,
    today = clockToday(),
  }: { subscriptionId: string; actor?: Actor | null; today?: string },
): Promise<number> {
  const open = await queryRows<{
    id: string;
    line_id: string;
    line_cents: number;
    period_start: string;
    renewal_type: RenewalType;
    plan_name: string;
    price_cents: number;
  }>(
    tx,
    sql`select c.id, l.id as line_id, l.amount_cents as line_cents, c.period_start::text as period_start,
               s.renewal_type, p.name as plan_name, p.price_cents
          from charges c
          join subscriptions s on s.id = c.subscription_id
          join plans p on p.id = s.plan_id
          join charge_lines l on l.charge_id = c.id and l.kind = 'mensalidade'
         where c.subscription_id = ${subscriptionId} and c.origin = 'assinatura'
           and c.status in ('pendente', 'vencida') and coalesce(c.paid_amount_cents, 0) = 0
           and c.period_start >= ${today}::date and not s.no_billing
         order by c.period_start`,
  );
  let repriced = 0;
  for (const o of open) {
    const found = await lockCharge(tx, o.id);
    // Paid or cancelled since it was read: what it charged stands.
    const { status, paidAmountCents } = found?.charge ?? {};
    if (!found || (status !== "pendente" && status !== "vencida") || paidAmountCents) continue;
    const line = monthlyLine(
      { name: o.plan_name, priceCents: Number(o.price_cents) },
      o.renewal_type,
      o.period_start,
    );
    if (line.amountCents === Number(o.line_cents)) continue;
    const { charge } = found;
    // Its credits are given back and taken again after (no more than the new amount allows).
    const credited = await removeCreditLines(tx, charge.id);
    const subtotalCents = charge.subtotalCents + credited - Number(o.line_cents) + line.amountCents;
    const discountCents = Math.min(charge.discountCents, subtotalCents - 1);
    await tx
      .update(chargeLines)
      .set({ amountCents: line.amountCents, description: line.description })
      .where(eq(chargeLines.id, o.line_id));
    const [changed] = await tx
      .update(charges)
      .set({ subtotalCents, discountCents, amountCents: subtotalCents - discountCents, updatedAt: now() })
      .where(eq(charges.id, charge.id))
      .returning();
    await auditChange(tx, found, actor, "charge.amount_changed", {
      valor: [charge.amountCents, changed.amountCents],
      itens: [null, `${line.description}: ${line.amountCents}`],
    });
    await applyCredits(tx, charge.id, { actor, announce: false });
    await emit(tx, "charge.amount_changed", { chargeId: charge.id });
    repriced++;
  }
  return repriced;
}

/**
 * The charge of the period running today (started before today: a period starting today is
 * repriced whole, above), when it holds what the proration is counted against: for an upgrade, a
 * charge paid or owed (the client pays the old price for it, so the difference is due too); for a
 * downgrade, a charge paid (a credit is money received, never money still owed).
 */
async function runningPeriodCharge(tx: DbOrTx, subscriptionId: string, today: string, upgrade: boolean) {
  const statuses = upgrade ? ["paga", ...PAYABLE_CHARGE_STATUSES] : ["paga"];
  const [row] = await queryRows<{ period_start: string; period_end: string }>(
    tx,
    sql`select period_start::text as period_start, period_end::text as period_end
          from charges
         where subscription_id = ${subscriptionId} and origin = 'assinatura'
           and period_start < ${today}::date and period_end >= ${today}::date
           and status in (${sql.join(
             statuses.map((s) => sql`${s}`),
             sql`, `,
           )})
         order by period_start desc
         limit 1`,
  );
  return row ?? null;
}

/**
 * A plan change "Agora" counted in money (docs/billing.md): the monthly value moves from
 * `mrrBeforeCents` to `mrrAfterCents` (the history's, Receita's), so the running period's price moves
 * by that × its months; the days left of it (today included) are charged (upgrade) or credited
 * (downgrade), rounded half up to the cent. What the preview shows and what confirming does.
 */
export async function planChangeProration(
  tx: DbOrTx,
  {
    subscriptionId,
    mrrBeforeCents,
    mrrAfterCents,
    today = clockToday(),
  }: { subscriptionId: string; mrrBeforeCents: number; mrrAfterCents: number; today?: string },
): Promise<Proration> {
  const none: Proration = { kind: "none", amountCents: 0, monthlyCents: mrrAfterCents, period: null };
  const [sub] = await tx
    .select({ renewalType: subscriptions.renewalType })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  const difference = (mrrAfterCents - mrrBeforeCents) * RENEWAL_MONTHS[sub?.renewalType ?? "mensal"];
  if (!sub || difference === 0) return none;
  const running = await runningPeriodCharge(tx, subscriptionId, today, difference > 0);
  if (!running) return none;
  const { daysLeft, daysInPeriod } = periodDays(running.period_start, running.period_end, today);
  const amountCents = proratedCents(difference, daysLeft, daysInPeriod);
  if (amountCents === 0) return none;
  return {
    kind: difference > 0 ? "ajuste" : "crédito",
    amountCents,
    monthlyCents: mrrAfterCents,
    period: { start: today, end: running.period_end, daysLeft, daysInPeriod },
  };
}

/**
 * The preview of "Trocar plano … Agora" before it is confirmed (the admin's client page and the
 * client's request): the same numbers `prorateChangedPlan` then charges or credits. Null for an
 * unknown subscription or plan, or the plan it already has.
 */
export async function previewPlanChange({
  subscriptionId,
  planId,
  today = clockToday(),
}: {
  subscriptionId: string;
  planId: string;
  today?: string;
}): Promise<Proration | null> {
  if (!isId(subscriptionId) || !isId(planId)) return null;
  const db = getDb();
  const [row] = await db
    .select({
      noBilling: subscriptions.noBilling,
      planId: subscriptions.planId,
      priceCents: plans.priceCents,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, planId))
    .where(eq(subscriptions.id, subscriptionId));
  if (!row || row.planId === planId) return null;
  return planChangeProration(db, {
    subscriptionId,
    mrrBeforeCents: await subscriptionMrrCents(db, subscriptionId),
    mrrAfterCents: monthlyValueCents(row.priceCents, row.noBilling),
    today,
  });
}

/**
 * `subscription.plan_changed` (in the change's transaction, after the repricing): an upgrade's
 * difference for the days left is charged today (an `ajuste` charge); a downgrade's is a credit
 * (client_credits), taken off at once from the next period's charge when it is already issued and
 * open, else from the renewal when it is issued.
 */
export async function prorateChangedPlan(
  tx: DbOrTx,
  {
    subscriptionId,
    clientId,
    planBeforeId,
    mrrBeforeCents,
    mrrAfterCents,
    actor = null,
    today = clockToday(),
  }: {
    subscriptionId: string;
    clientId: string;
    planBeforeId: string;
    mrrBeforeCents: number;
    mrrAfterCents: number;
    actor?: Actor | null;
    today?: string;
  },
): Promise<void> {
  const p = await planChangeProration(tx, { subscriptionId, mrrBeforeCents, mrrAfterCents, today });
  if (p.kind === "none" || !p.period) return;
  const names = await queryRows<{ before: string | null; after: string | null }>(
    tx,
    sql`select (select name from plans where id = ${planBeforeId}) as before,
               (select p.name from subscriptions s join plans p on p.id = s.plan_id where s.id = ${subscriptionId}) as after`,
  );
  const change = `${names[0]?.before ?? "plano anterior"} → ${names[0]?.after ?? "novo plano"}`;
  const days = `${p.period.daysLeft} de ${p.period.daysInPeriod} dias, ${isoToBrDate(p.period.start)} a ${isoToBrDate(p.period.end)}`;
  if (p.kind === "ajuste") {
    await issueAdjustmentCharge(tx, {
      clientId,
      subscriptionId,
      period: p.period,
      line: {
        kind: "ajuste",
        description: `Diferença da troca de plano ${change} · ${days}`,
        amountCents: p.amountCents,
      },
      actor,
      today,
    });
    return;
  }
  await tx.insert(clientCredits).values({
    clientId,
    subscriptionId,
    amountCents: p.amountCents,
    description: `Crédito da troca de plano ${change} · ${days}`,
    createdAt: now(),
  });
  const open = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(
      and(
        eq(charges.subscriptionId, subscriptionId),
        eq(charges.origin, "assinatura"),
        sql`${charges.status} in ('pendente', 'vencida') and coalesce(${charges.paidAmountCents}, 0) = 0
            and ${charges.periodStart} >= ${today}::date`,
      ),
    )
    .orderBy(charges.periodStart);
  for (const charge of open) await applyCredits(tx, charge.id, { actor, announce: true });
}

/**
 * The client page's "Trocar plano": for each running subscription and each other plan, what
 * "Agora" costs ("R$ 40,00 hoje, depois R$ 299,90 por mês"), keyed by subscription id then plan id.
 */
export async function previewPlanChanges({
  subscriptions: subs,
  planIds,
}: {
  subscriptions: { id: string; planId: string; status: string; cancelAt: string | null }[];
  planIds: string[];
}): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const s of subs) {
    if (s.status !== "ativa" || s.cancelAt) continue;
    out[s.id] = {};
    for (const planId of planIds) {
      if (planId === s.planId) continue;
      const p = await previewPlanChange({ subscriptionId: s.id, planId });
      if (p) out[s.id][planId] = prorationSummary(p);
    }
  }
  return out;
}
