import { z } from "~/lib/zod";
import { ONBOARDING_MESSAGES, PUBLISH_MESSAGES } from "./onboarding.constants";

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

/** A typed field the rule checks itself (publishSchema): kept as sent, bounded. */
const postedText = z.string().max(4000, PUBLISH_MESSAGES.tooLong).optional().default("");

/** The stores' and the menu's addresses: https only (a menu is opened from a QR at the table). */
const httpsUrl = z
  .string()
  .max(500, PUBLISH_MESSAGES.tooLong)
  .optional()
  .transform((v) => (v ?? "").trim())
  .superRefine((v, ctx) => {
    if (!v) return;
    if (/^http:\/\//i.test(v)) ctx.addIssue({ code: "custom", message: PUBLISH_MESSAGES.https });
    else if (!isHttpsUrl(v)) ctx.addIssue({ code: "custom", message: PUBLISH_MESSAGES.invalid });
  });

function isHttpsUrl(v: string): boolean {
  if (!/^https:\/\//i.test(v) || !URL.canParse(v)) return false;
  const { hostname, username, password } = new URL(v);
  // A public address: a dotted host name, no credentials in it.
  return hostname.includes(".") && !hostname.endsWith(".") && !username && !password;
}

/**
 * "Publicar": the menu's public address (required) and the app's, when it has them; and whether
 * the admin confirmed publishing with checklist steps still open (decision 042).
 */
export const publishSchema = z.object({
  menuUrl: httpsUrl.refine((v) => v !== "", PUBLISH_MESSAGES.menuUrlRequired),
  androidUrl: httpsUrl.transform((v) => v || null),
  iosUrl: httpsUrl.transform((v) => v || null),
  confirmOpenSteps: z
    .string()
    .max(10, PUBLISH_MESSAGES.invalidForm)
    .optional()
    .transform((v) => v === "1"),
});
export type PublishInput = z.input<typeof publishSchema>;

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
    z.object({
      intent: z.literal("publish", unknown),
      id: postedId,
      // Checked by publishSchema in the rule (field errors, not "Ação desconhecida").
      menuUrl: postedText,
      androidUrl: postedText,
      iosUrl: postedText,
      confirmOpenSteps: postedText,
    }),
  ],
  unknown,
);
export type OnboardingActionInput = z.output<typeof OnboardingActionSchema>;
