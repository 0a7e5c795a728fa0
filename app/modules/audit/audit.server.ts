import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { auditLog, user } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { keysetPage, olderThan, type KeysetCursor } from "~/server/db-tools/keyset.server";

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
  await recordAudits(tx, [entry]);
}

/** Several entries in one insert (a job's batch: one statement, not one per row). */
export async function recordAudits(tx: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actor?.id ?? null,
      actorName: entry.actor?.name ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      entityLabel: entry.entityLabel ?? null,
      changes: entry.changes ?? null,
    })),
  );
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

export type AuditRow = typeof auditLog.$inferSelect;
export const AUDIT_PAGE_SIZE = 30;

export interface AuditFilters {
  /** The actor's user id. */
  actorId?: string;
  entityType?: string;
  action?: string;
  /** São Paulo calendar days "YYYY-MM-DD", both included. */
  from?: string;
  to?: string;
}

/** The start of a São Paulo calendar day as an instant (fixed -03:00 since 2019). */
const dayStart = (day: string) => new Date(`${day}T00:00:00-03:00`);

/**
 * One page of the audit log, newest first, filtered; keyset paging on (at, id) (its indexes:
 * by time, by actor, by entity), so a page costs the same however long the log is.
 */
export async function listAuditEntries({
  filters = {},
  before,
  limit = AUDIT_PAGE_SIZE,
}: {
  filters?: AuditFilters;
  before?: KeysetCursor;
  limit?: number;
}): Promise<{ rows: AuditRow[]; next: KeysetCursor | null }> {
  const { actorId, entityType, action, from, to } = filters;
  const rows = await getDb()
    .select()
    .from(auditLog)
    .where(
      and(
        actorId ? eq(auditLog.actorId, actorId) : undefined,
        entityType ? eq(auditLog.entityType, entityType) : undefined,
        action ? eq(auditLog.action, action) : undefined,
        from ? gte(auditLog.at, dayStart(from)) : undefined,
        to ? lt(auditLog.at, dayStart(addDays(to, 1))) : undefined,
        olderThan(auditLog, auditLog.at, auditLog.id, before),
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  return keysetPage(rows, limit);
}

/** The people who can appear as actors (the admins, active or not), for the filter. */
export async function listAuditActors(): Promise<{ id: string; name: string }[]> {
  return getDb()
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(asc(user.name), asc(user.id))
    .limit(500);
}
