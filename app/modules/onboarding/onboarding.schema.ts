import { z } from "~/lib/zod";
import { ONBOARDING_MESSAGES } from "./onboarding.constants";

/** Configurações → Implantação: the promise in business days and the checklist. */
export const ONBOARDING_SETTINGS_MESSAGES = {
  days: "Informe um número de dias úteis entre 1 e 30",
  targetAfterDue: "A meta não pode passar do prazo",
  checklistEmpty: "Informe ao menos um item do checklist",
  checklistTooMany: "Use no máximo 20 itens",
  itemTooLong: "Cada item pode ter até 80 caracteres",
} as const;

const days = z.coerce
  .number({ message: ONBOARDING_SETTINGS_MESSAGES.days })
  .int(ONBOARDING_SETTINGS_MESSAGES.days)
  .min(1, ONBOARDING_SETTINGS_MESSAGES.days)
  .max(30, ONBOARDING_SETTINGS_MESSAGES.days);

export const onboardingSettingsSchema = z
  .object({
    dueDays: days,
    targetDays: days,
    // One item per line, as typed in the textarea; blank lines are ignored.
    checklist: z
      .string({ message: ONBOARDING_SETTINGS_MESSAGES.checklistEmpty })
      .max(2000, ONBOARDING_SETTINGS_MESSAGES.checklistTooMany)
      .transform((s) =>
        s
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(z.string().max(80, ONBOARDING_SETTINGS_MESSAGES.itemTooLong))
          .min(1, ONBOARDING_SETTINGS_MESSAGES.checklistEmpty)
          .max(20, ONBOARDING_SETTINGS_MESSAGES.checklistTooMany),
      ),
  })
  .refine((v) => v.targetDays <= v.dueDays, {
    path: ["targetDays"],
    message: ONBOARDING_SETTINGS_MESSAGES.targetAfterDue,
  });
export type OnboardingSettingsInput = z.infer<typeof onboardingSettingsSchema>;

/**
 * An id as the board posts it: checked by the rules it reaches, so one that cannot be an id
 * (absent, or too long to be one) reaches them empty and is not found there.
 */
const postedId = z.string().max(64).catch("");

/**
 * The board's and the client page's forms (/admin/onboarding's action): "Pagamento confirmado"
 * (open), a checklist tick (item) and "Publicar". Anything else is an unknown action.
 */
const unknown = { error: ONBOARDING_MESSAGES.unknownAction };
export const OnboardingActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("open", unknown), clientId: postedId }),
    z.object({
      intent: z.literal("item", unknown),
      id: postedId,
      itemId: postedId,
      done: z.enum(["1", "0"], unknown),
    }),
    z.object({ intent: z.literal("publish", unknown), id: postedId }),
  ],
  unknown,
);
export type OnboardingActionInput = z.output<typeof OnboardingActionSchema>;
