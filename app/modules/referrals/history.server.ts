import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { auditLog, type StoredReferralStatus } from "~/db/schema";
import { isId } from "~/lib/ids";
import { PIPELINE_CAUSES, PIPELINE_REASON_FIELD } from "./pipeline.server";
import { REFERRAL_CANCEL_CAUSE_LABELS, referralStatusLabel } from "./referrals.schema";

export interface ReferralHistoryEntry {
  key: string;
  at: Date;
  title: string;
  detail: string | null;
  /** Who: the admin or representative by name, or "pelo sistema" for an automatic move. */
  by: string;
}

const TITLES: Record<string, string> = {
  "referral.updated": "Dados da indicação alterados",
  "referral.cancelled": REFERRAL_CANCEL_CAUSE_LABELS.representante,
};

const label = (v: unknown) => (typeof v === "string" ? referralStatusLabel(v as StoredReferralStatus) : "—");

/**
 * A referral's history: its status changes, manual and automatic, and its corrections,
 * newest first, read from the audit log (the entry each change writes in its own transaction).
 */
export async function getReferralHistory({ id, limit = 50 }: { id: string; limit?: number }) {
  if (!isId(id)) return [];
  const rows = await getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "referral"), eq(auditLog.entityId, id)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r): ReferralHistoryEntry => {
    const status = r.changes?.status;
    const reason = r.changes?.[PIPELINE_REASON_FIELD]?.[1];
    const lostReason = r.changes?.motivoPerda?.[1];
    const by = r.actorName ? `por ${r.actorName}` : "pelo sistema";
    // A cancellation says who or what caused it.
    if (r.action === "referral.cancelled") {
      return { key: r.id, at: r.at, title: TITLES[r.action], detail: null, by };
    }
    if (status?.[1] === "cancelada" && reason === PIPELINE_CAUSES.lead_lost.reason) {
      return {
        key: r.id,
        at: r.at,
        title: REFERRAL_CANCEL_CAUSE_LABELS.lead_perdido,
        detail: typeof lostReason === "string" ? `Motivo da perda: ${lostReason}` : null,
        by,
      };
    }
    return {
      key: r.id,
      at: r.at,
      title: status
        ? `Status: ${label(status[0])} → ${label(status[1])}`
        : (TITLES[r.action] ?? "Indicação alterada"),
      detail: typeof reason === "string" ? reason : null,
      by,
    };
  });
}
