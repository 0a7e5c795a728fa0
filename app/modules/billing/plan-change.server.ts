import { eq, sql } from "drizzle-orm";
import { queryRows, type DbOrTx } from "~/db/client.server";
import { chargeLines, charges } from "~/db/schema";
import type { Actor } from "~/modules/audit/index.server";
import type { RenewalType } from "~/modules/clients/clients.constants";
import { emit } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { monthlyLine } from "./billing.server";
import { auditChange, lockCharge } from "./charge-lock.server";

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
    const subtotalCents = charge.subtotalCents - Number(o.line_cents) + line.amountCents;
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
    await emit(tx, "charge.amount_changed", { chargeId: charge.id });
    repriced++;
  }
  return repriced;
}
