import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, clients } from "~/db/schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { BILLING_MESSAGES } from "./billing.messages";

export type Charge = typeof charges.$inferSelect;
export type BillingResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Locks and reads a charge with its client's name (null when the id is unknown). */
export async function lockCharge(tx: DbOrTx, chargeId: string) {
  if (!isId(chargeId)) return null;
  const [row] = await tx
    .select({ charge: charges, clientName: clients.name })
    .from(charges)
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(eq(charges.id, chargeId))
    .for("update", { of: charges });
  return row ?? null;
}

export type LockedCharge = NonNullable<Awaited<ReturnType<typeof lockCharge>>>;

/** One change to a charge: its own transaction, the charge locked, unknown ids refused. */
export function changeCharge<T = Charge>(
  chargeId: string,
  change: (tx: DbOrTx, found: LockedCharge) => Promise<BillingResult<T>>,
): Promise<BillingResult<T>> {
  return getDb().transaction(async (tx) => {
    const found = await lockCharge(tx, chargeId);
    if (!found) return { ok: false, message: BILLING_MESSAGES.notFound };
    return change(tx, found);
  });
}

/** The audit entry of a change to a charge, labelled with its number and client. */
export function auditChange(
  tx: DbOrTx,
  found: LockedCharge,
  actor: Actor | null,
  action: string,
  changes: Record<string, [unknown, unknown]>,
) {
  return recordAudit(tx, {
    actor,
    action,
    entityType: "charge",
    entityId: found.charge.id,
    entityLabel: `${found.charge.number} · ${found.clientName}`,
    changes,
  });
}
