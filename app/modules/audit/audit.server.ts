import type { DbOrTx } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/** Who did a change: the signed-in user (from the route's guard), or null for the system. */
export interface Actor {
  id: string;
  name: string;
}

export interface AuditEntry {
  actor: Actor | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  entityLabel?: string | null;
  changes?: Record<string, [unknown, unknown]> | null;
}

/**
 * Records one change in the audit log through `tx`, the transaction of the change itself: an
 * entry exists exactly when the change committed.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    entityLabel: entry.entityLabel ?? null,
    changes: entry.changes ?? null,
  });
}

/**
 * The fields of `after` that differ from `before`, as { field: [before, after] } (Dates compared
 * by value). Fields listed in `omit` are left out (secrets, large bodies).
 */
export function diffFields<T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T>,
  { omit = [] as string[] } = {},
): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  const norm = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
  for (const key of Object.keys(after)) {
    if (omit.includes(key)) continue;
    const a = norm(before?.[key]);
    const b = norm(after[key]);
    if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null)) out[key] = [a ?? null, b ?? null];
  }
  return out;
}
