import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { leads } from "~/db/schema";
import { lostReasonText } from "~/lib/format";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { emit } from "~/modules/events/index.server";
import { now } from "~/server/clock.server";
import { getFunnelSettings } from "./funnel-settings.server";
import { canMove, type Stage } from "./leads.schema";

export type MoveResult =
  | { ok: true }
  | { ok: false; reason: "transition" | "stale" | "lost_reason_required" | "lost_reason_invalid" };

/**
 * Moves a lead along an allowed edge only. The UPDATE matches the stage the admin saw
 * (`status_funil = from`), so a concurrent move makes this one fail instead of skipping a stage.
 * status and status_funil always move together. Audited as `lead.moved` (the lead's timeline
 * reads its status history from there).
 *
 * To `perdido`, `lost` carries the reason (one of Settings → Funil's list; required only when
 * the setting says so) and an optional note; leaving `perdido` ('Retomar') clears them.
 */
export async function moveLead({
  id,
  from,
  to,
  lost = {},
  actor = null,
}: {
  id: string;
  from: Stage;
  to: Stage;
  lost?: { reason?: string | null; note?: string | null };
  actor?: Actor | null;
}): Promise<MoveResult> {
  if (!canMove(from, to)) return { ok: false, reason: "transition" };
  const reason = (to === "perdido" && lost.reason?.trim()) || null;
  const note = (to === "perdido" && lost.note?.trim()) || null;
  if (to === "perdido") {
    const settings = await getFunnelSettings();
    if (reason && !settings.lostReasons.includes(reason)) return { ok: false, reason: "lost_reason_invalid" };
    if (!reason && settings.lostReasonRequired) return { ok: false, reason: "lost_reason_required" };
  }
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .update(leads)
      .set({ statusFunil: to, status: to, lostReason: reason, lostNote: note, updatedAt: now() })
      .where(and(eq(leads.id, id), eq(leads.statusFunil, from)))
      .returning({ id: leads.id, name: leads.name });
    if (!rows.length) return { ok: false, reason: "stale" } as const;
    const why = lostReasonText(reason, note);
    await recordAudit(tx, {
      actor,
      action: "lead.moved",
      entityType: "lead",
      entityId: id,
      entityLabel: rows[0].name,
      changes: { statusFunil: [from, to], ...(why ? { motivoPerda: [null, why] } : {}) },
    });
    // Its subscribers: a lost lead cancels the referral behind it.
    await emit(tx, "lead.status_changed", { leadId: id, from, to }, { actor });
    return { ok: true } as const;
  });
}
