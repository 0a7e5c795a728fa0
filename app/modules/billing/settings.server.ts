import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { billingSettings } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { now } from "~/server/clock.server";
import type { BillingSettingsInput } from "./billing.schema";

export type BillingSettings = typeof billingSettings.$inferSelect;

/**
 * Configurações → Financeiro (one row). Read fresh on every use: it is read by the Financeiro
 * page, the e-mails and the daily job, never on a public page, so there is no cache to invalidate.
 */
export async function getBillingSettings(db: DbOrTx = getDb()): Promise<BillingSettings | null> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.id, 1));
  return row ?? null;
}

/**
 * The seeded demonstration PIX key is still the one charges carry (no admin has saved the PIX
 * data since the demo seed): the one check behind the warnings in Configurações → Financeiro
 * and on the dashboard.
 */
export function usesDemoPixKey(settings: Pick<BillingSettings, "pixKeyIsDemo"> | null): boolean {
  return settings?.pixKeyIsDemo ?? false;
}

/** usesDemoPixKey of the stored settings. */
export async function isDemoPixKeyInUse(db: DbOrTx = getDb()): Promise<boolean> {
  return usesDemoPixKey(await getBillingSettings(db));
}

/**
 * Saves the PIX data, the renewal lead time, the dunning schedule and the first charge's term; a
 * key saved by an admin is never the demo key.
 */
export async function saveBillingSettings({
  input,
  actor = null,
}: {
  // The reminder schedule, suspension days and first charge's term keep their stored values when
  // left out.
  input: Omit<BillingSettingsInput, "reminderOffsets" | "suspensionDays" | "firstChargeBusinessDays"> &
    Partial<Pick<BillingSettingsInput, "reminderOffsets" | "suspensionDays" | "firstChargeBusinessDays">>;
  actor?: Actor | null;
}): Promise<void> {
  const values = { ...input, pixKeyIsDemo: false, updatedAt: now() };
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(billingSettings).where(eq(billingSettings.id, 1)).for("update");
    await tx
      .insert(billingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values });
    await recordAudit(tx, {
      actor,
      action: "settings.billing_updated",
      entityType: "settings",
      entityLabel: "Financeiro",
      changes: diffFields(before ?? null, input),
    });
  });
}
