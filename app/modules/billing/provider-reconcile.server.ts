import { and, eq, gte, inArray, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { charges } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { today as clockToday } from "~/server/clock.server";
import { log } from "~/server/logging/logger.server";
import { type PaymentProvider } from "~/server/payments/provider";

import { syncCharge, type SyncOutcome } from "./provider-payment.server";

// The daily reconciliation: which charges to ask the provider about, each through the same sync
// as a webhook (provider-payment.server.ts).

/** At most this many charges are asked about per run (Asaas limits requests per minute). */
export const RECONCILE_BATCH = 500;
/** How long after a payment a refund or chargeback is still looked for (card disputes take months). */
export const RECONCILE_PAID_DAYS = 120;

export interface ReconcileResult {
  checked: number;
  changed: number;
  failed: number;
}

/** The outcomes that changed the charge (the reconciliation's "changed"). */
const CHANGED = new Set<SyncOutcome>([
  "paga",
  "parcial",
  "vencida",
  "estornada",
  "contestada",
  "cancelada",
  "pagamento parcial estornado",
  "baixa registrada no provedor",
  "cancelada no provedor (baixa recusada)",
  "cancelada no provedor",
  "valor atualizado no provedor",
]);

/**
 * Daily: whatever the provider knows that its webhooks did not tell us (Asaas pauses its queue
 * after repeated failures), and whatever we could not tell it. Every charge the provider has that
 * is still open or owed, then those paid in the last RECONCILE_PAID_DAYS days (a refund or
 * chargeback comes later), through the same sync as a webhook. A charge the provider cannot answer
 * about is left for the next run.
 */
export async function reconcileProviderCharges(
  provider: PaymentProvider,
  { limit = RECONCILE_BATCH, today = clockToday() }: { limit?: number; today?: string } = {},
): Promise<ReconcileResult> {
  const atProvider = and(eq(charges.provider, provider.name), sql`${charges.providerId} is not null`);
  const open = await getDb()
    .select({ id: charges.id })
    .from(charges)
    .where(and(atProvider, inArray(charges.status, ["pendente", "vencida", "contestada"])))
    .orderBy(charges.dueDate, charges.id)
    .limit(limit);
  const paid =
    open.length < limit
      ? await getDb()
          .select({ id: charges.id })
          .from(charges)
          .where(
            and(
              atProvider,
              or(
                and(eq(charges.status, "paga"), gte(charges.paidOn, addDays(today, -RECONCILE_PAID_DAYS))),
                and(
                  eq(charges.status, "cancelada"),
                  gte(charges.dueDate, addDays(today, -RECONCILE_PAID_DAYS)),
                ),
              ),
            ),
          )
          .orderBy(sql`${charges.paidOn} desc nulls last`, charges.id)
          .limit(limit - open.length)
      : [];
  const result: ReconcileResult = { checked: 0, changed: 0, failed: 0 };
  for (const c of [...open, ...paid]) {
    result.checked += 1;
    try {
      const outcome = await syncCharge(provider, c.id, { eventId: `reconciliacao:${c.id}`, today });
      if (CHANGED.has(outcome)) result.changed += 1;
    } catch (err) {
      result.failed += 1;
      log.warn({ err, chargeId: c.id }, "billing: reconciliation could not read a charge");
    }
  }
  return result;
}
