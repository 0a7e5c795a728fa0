import type { Actor } from "~/modules/audit/index.server";
import type { FieldErrors } from "~/lib/validation";
import { ONBOARDING_MESSAGES } from "./onboarding.constants";
import type { OnboardingActionInput } from "./onboarding.schema";
import { openOnboardingByHand, setOnboardingItem } from "./onboarding.server";
import { publishOnboarding } from "./publish.server";

export type OnboardingActionResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: FieldErrors; openSteps?: string[] };

/**
 * The board's and the client page's forms, one entry (/admin/onboarding's action), checked by
 * OnboardingActionSchema. Ids are checked by the rules.
 */
export async function runOnboardingAction(
  input: OnboardingActionInput,
  actor: Actor,
): Promise<OnboardingActionResult> {
  const done = (r: { ok: boolean; message?: string }, message: string): OnboardingActionResult =>
    r.ok ? { ok: true, message } : { ok: false, message: r.message ?? ONBOARDING_MESSAGES.actionError };
  switch (input.intent) {
    case "open":
      return done(
        await openOnboardingByHand({ clientId: input.clientId, actor }),
        ONBOARDING_MESSAGES.opened,
      );
    case "item":
      return done(
        await setOnboardingItem({
          onboardingId: input.id,
          itemId: input.itemId,
          done: input.done === "1",
          actor,
        }),
        ONBOARDING_MESSAGES.itemSaved,
      );
    case "publish": {
      const { id, ...fields } = input;
      const r = await publishOnboarding({ onboardingId: id, input: fields, actor });
      return r.ok ? { ok: true, message: ONBOARDING_MESSAGES.published } : r;
    }
  }
}
