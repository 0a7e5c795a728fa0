import type { Actor } from "~/modules/audit/index.server";
import { ONBOARDING_MESSAGES } from "./onboarding.constants";
import { openOnboardingByHand, publishOnboarding, setOnboardingItem } from "./onboarding.server";

export const ONBOARDING_INTENTS = ["open", "item", "publish"] as const;

export type OnboardingActionResult = { ok: true; message: string } | { ok: false; message: string };

const field = (form: FormData, name: string) => String(form.get(name) ?? "").slice(0, 64);

/**
 * The board's and the client page's forms, one entry (/admin/onboarding's action): "Pagamento
 * confirmado" (open), a checklist tick (item) and "Publicar". Ids are checked by the rules.
 */
export async function runOnboardingAction(form: FormData, actor: Actor): Promise<OnboardingActionResult> {
  const done = (r: { ok: boolean; message?: string }, message: string): OnboardingActionResult =>
    r.ok ? { ok: true, message } : { ok: false, message: r.message ?? ONBOARDING_MESSAGES.actionError };
  switch (form.get("intent")) {
    case "open":
      return done(
        await openOnboardingByHand({ clientId: field(form, "clientId"), actor }),
        ONBOARDING_MESSAGES.opened,
      );
    case "item": {
      const value = form.get("done");
      if (value !== "1" && value !== "0") return { ok: false, message: ONBOARDING_MESSAGES.unknownAction };
      return done(
        await setOnboardingItem({
          onboardingId: field(form, "id"),
          itemId: field(form, "itemId"),
          done: value === "1",
          actor,
        }),
        ONBOARDING_MESSAGES.itemSaved,
      );
    }
    case "publish":
      return done(
        await publishOnboarding({ onboardingId: field(form, "id"), actor }),
        ONBOARDING_MESSAGES.published,
      );
    default:
      return { ok: false, message: ONBOARDING_MESSAGES.unknownAction };
  }
}
