import { and, eq, notInArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { charges } from "~/db/schema";
import { addDays, isoToBrDate } from "~/lib/dates";
import { recordAudit } from "~/modules/audit/index.server";
import { emitMany } from "~/modules/events/index.server";
import { now, today as clockToday } from "~/server/clock.server";
import { recentDaysNotYetDue } from "./due-dates";

/**
 * The daily overdue job's work: every pendente charge whose effective due date (the next business
 * day when due on a day off) is before today in São Paulo becomes vencida, in one statement (a rerun finds nothing left to mark), audited as made
 * by the system. Returns how many.
 */
export async function markOverdueCharges({ today = clockToday() }: { today?: string } = {}): Promise<number> {
  // A charge due on a day off is due on the next business day (decision 033): a due date of the
  // last few days whose effective date is today or later is not overdue yet.
  const notYetDue = recentDaysNotYetDue(today);
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(charges)
      .set({ status: "vencida", updatedAt: now() })
      .where(
        and(
          eq(charges.status, "pendente"),
          sql`${charges.dueDate} < ${today}::date`,
          notYetDue.length ? notInArray(charges.dueDate, notYetDue) : undefined,
        ),
      )
      .returning({ id: charges.id, number: charges.number });
    // Each one reaches the outgoing webhooks that listen to charge.overdue.
    await emitMany(
      tx,
      "charge.overdue",
      rows.map((r) => ({ chargeId: r.id })),
    );
    if (rows.length) {
      const shown = rows.slice(0, 50).map((r) => r.number);
      await recordAudit(tx, {
        actor: null,
        action: "charge.overdue",
        entityType: "charge",
        entityLabel: `Cobranças vencidas até ${isoToBrDate(addDays(today, -1))}`,
        changes: {
          cobrancas: [
            "pendente",
            `vencida: ${shown.join(", ")}${rows.length > shown.length ? ` e mais ${rows.length - shown.length}` : ""}`,
          ],
        },
      });
    }
    return rows.length;
  });
}
