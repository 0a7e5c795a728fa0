import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { onboardingSettings } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { now } from "~/server/clock.server";
import {
  DEFAULT_ONBOARDING_CHECKLIST,
  DEFAULT_ONBOARDING_DUE_DAYS,
  DEFAULT_ONBOARDING_TARGET_DAYS,
} from "./onboarding.constants";
import type { OnboardingSettingsInput } from "./onboarding.schema";

// The onboarding promise (business days to the due date and the target) and the checklist
// template every new onboarding starts from.

export interface OnboardingSettingsValue {
  dueDays: number;
  targetDays: number;
  checklist: string[];
}

export async function getOnboardingSettings(db: DbOrTx = getDb()): Promise<OnboardingSettingsValue> {
  const [row] = await db.select().from(onboardingSettings).where(eq(onboardingSettings.id, 1));
  return {
    dueDays: row?.dueDays ?? DEFAULT_ONBOARDING_DUE_DAYS,
    targetDays: row?.targetDays ?? DEFAULT_ONBOARDING_TARGET_DAYS,
    checklist: row?.checklist ?? [...DEFAULT_ONBOARDING_CHECKLIST],
  };
}

/** Saves the promise and the template; onboardings already open keep their dates and items. */
export async function saveOnboardingSettings({
  input,
  actor = null,
}: {
  input: OnboardingSettingsInput;
  actor?: Actor | null;
}): Promise<void> {
  await getDb().transaction(async (tx) => {
    const before = await getOnboardingSettings(tx);
    const values = { ...input, updatedAt: now() };
    await tx
      .insert(onboardingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: onboardingSettings.id, set: values });
    await recordAudit(tx, {
      actor,
      action: "settings.onboarding_updated",
      entityType: "settings",
      entityLabel: "Implantação",
      changes: diffFields(before, input),
    });
  });
}
