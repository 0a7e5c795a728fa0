import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { today as clockToday } from "~/server/clock.server";
import type { ChargeFigures } from "~/server/metrics/metrics.server";
import { recentDaysNotYetDue } from "./due-dates";

/**
 * Today's charge figures for the metrics (one query, each count on an index of charges): issued
 * and paid today, overdue now, and past due but still pendente: what the overdue job (00:05)
 * should have marked, by the same rule it uses (a due date on a day off waits for the next
 * business day).
 */
export async function chargeFiguresToday({
  today = clockToday(),
}: { today?: string } = {}): Promise<ChargeFigures> {
  const notYetDue = recentDaysNotYetDue(today);
  const [row] = await queryRows<{ issued: number; paid: number; overdue: number; unmarked: number }>(
    getDb(),
    sql`select
      (select count(*) from charges
        where created_at >= (${today}::date)::timestamp at time zone 'America/Sao_Paulo')::int as issued,
      (select count(*) from charges where status = 'paga' and paid_on = ${today}::date)::int as paid,
      (select count(*) from charges where status = 'vencida')::int as overdue,
      (select count(*) from charges
        where status = 'pendente' and due_date < ${today}::date
          and not (due_date = any(${`{${notYetDue.join(",")}}`}::date[])))::int as unmarked`,
  );
  return {
    issuedToday: Number(row?.issued ?? 0),
    paidToday: Number(row?.paid ?? 0),
    overdue: Number(row?.overdue ?? 0),
    overdueUnmarked: Number(row?.unmarked ?? 0),
  };
}
