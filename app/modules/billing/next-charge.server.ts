import { sql } from "drizzle-orm";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { isId } from "~/lib/ids";
import type { RenewalType } from "~/modules/clients/clients.constants";
import { today as clockToday } from "~/server/clock.server";
import { isPayable, type ChargeStatus } from "./billing.constants";
import { linesTotal, renewalCharge } from "./billing.server";
import { creditsLeft, creditUses } from "./credits.server";

export interface NextCharge {
  amountCents: number;
  dueDate: string;
  /** The plan the charged period is at (a scheduled "Trocar plano" applied). */
  planName: string;
  /** The renewal charge already exists (open): its own amount and due date. */
  issued: boolean;
}

/**
 * "Próxima cobrança" (decision 040): the renewal charge of the period after the current one, the
 * one place that says what it will be. When the renewal job has already issued it and it is still
 * owed, that charge's amount and due date; otherwise what the job will issue (issueRenewalCharges):
 * the period starting at the subscription's end, at the plan in force then (the scheduled plan
 * change, else the current plan) at today's price, through the same renewalCharge, less the
 * client's credits as applyCredits will take them.
 * Null when no renewal is coming: a subscription not running (neither ativa nor suspensa), "sem
 * cobrança", cancelled at the period's end, whose period ended without a renewal (past periods are
 * never back-billed), or whose renewal charge exists and is no longer owed (paid and not yet
 * extended, cancelled, refunded).
 */
export async function nextCharge({
  subscriptionId,
  today = clockToday(),
  db = getDb(),
}: {
  subscriptionId: string;
  today?: string;
  db?: DbOrTx;
}): Promise<NextCharge | null> {
  if (!isId(subscriptionId)) return null;
  const [row] = await queryRows<{
    status: string;
    client_id: string;
    no_billing: boolean;
    cancel_at: string | null;
    end_date: string;
    renewal_type: RenewalType;
    plan_name: string;
    price_cents: number;
    charge_status: ChargeStatus | null;
    charge_amount_cents: number | null;
    charge_due_date: string | null;
  }>(
    db,
    sql`select s.status, s.client_id, s.no_billing, s.cancel_at::text as cancel_at, s.end_date::text as end_date,
               s.renewal_type, p.name as plan_name, p.price_cents,
               ch.status as charge_status, ch.amount_cents as charge_amount_cents,
               ch.due_date::text as charge_due_date
          from subscriptions s
          join plans p on p.id = coalesce(s.pending_plan_id, s.plan_id)
          left join lateral (select c.status, c.amount_cents, c.due_date from charges c
                              where c.subscription_id = s.id and c.origin = 'assinatura'
                                and c.period_start = s.end_date
                              order by c.created_at desc limit 1) ch on true
         where s.id = ${subscriptionId}`,
  );
  if (!row || row.no_billing || row.cancel_at) return null;
  if (row.status !== "ativa" && row.status !== "suspensa") return null;
  if (row.charge_status) {
    if (!isPayable(row.charge_status)) return null;
    return {
      amountCents: Number(row.charge_amount_cents),
      dueDate: row.charge_due_date!,
      planName: row.plan_name,
      issued: true,
    };
  }
  if (row.end_date < today) return null;
  const renewal = renewalCharge(
    { name: row.plan_name, priceCents: Number(row.price_cents) },
    row.renewal_type,
    row.end_date,
  );
  // The renewal will take the client's credits (a move to a cheaper plan "Agora") as it is issued.
  const amountCents = linesTotal(renewal.lines);
  const credit = creditUses(amountCents, await creditsLeft(db, row.client_id)).reduce(
    (sum, u) => sum - u.line.amountCents,
    0,
  );
  return {
    amountCents: amountCents - credit,
    dueDate: renewal.dueDate,
    planName: row.plan_name,
    issued: false,
  };
}
