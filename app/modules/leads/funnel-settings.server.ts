import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { funnelSettings } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { DEFAULT_LOST_REASONS } from "./leads.schema";
import { IDLE_DAYS_DEFAULTS, type OpenStage } from "./leads.constants";
import { now as clockNow } from "~/server/clock.server";

export interface FunnelSettings {
  lostReasons: string[];
  /** When true, moving a lead to `perdido` needs a reason (default: optional, the spec's one click). */
  lostReasonRequired: boolean;
  /** Days without a change before an open card says "parado há N dias". */
  idleDays: Record<OpenStage, number>;
}

/** The funnel's settings, or the defaults when never saved. */
export async function getFunnelSettings(db: DbOrTx = getDb()): Promise<FunnelSettings> {
  const [row] = await db.select().from(funnelSettings).where(eq(funnelSettings.id, 1));
  return row
    ? {
        lostReasons: row.lostReasons,
        lostReasonRequired: row.lostReasonRequired,
        idleDays: { ...IDLE_DAYS_DEFAULTS, ...row.idleDays },
      }
    : {
        lostReasons: [...DEFAULT_LOST_REASONS],
        lostReasonRequired: false,
        idleDays: { ...IDLE_DAYS_DEFAULTS },
      };
}

/** Saves the settings (upsert of the single row), audited with what changed. */
export async function saveFunnelSettings({
  input,
  actor,
}: {
  input: FunnelSettings;
  actor: Actor | null;
}): Promise<void> {
  await getDb().transaction(async (tx) => {
    const before = await getFunnelSettings(tx);
    const now = clockNow();
    await tx
      .insert(funnelSettings)
      .values({ id: 1, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: funnelSettings.id, set: { ...input, updatedAt: now } });
    await recordAudit(tx, {
      actor,
      action: "settings.funnel_updated",
      entityType: "settings",
      entityId: "funnel",
      entityLabel: "Funil de vendas",
      changes: diffFields(
        before as unknown as Record<string, unknown>,
        input as unknown as Record<string, unknown>,
      ),
    });
  });
}
