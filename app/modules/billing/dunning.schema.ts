import { z } from "~/lib/zod";

// Client-safe: the reminder schedule and suspension settings (decision 033), shared by
// the Configurações → Financeiro form (browser) and its action (server).

/** "vence em 3 dias", "vence hoje", "venceu há 3 dias", "venceu há 7 dias". */
export const DEFAULT_REMINDER_OFFSETS = [-3, 0, 3, 7] as const;
export const DEFAULT_SUSPENSION_DAYS = 15;
export const REMINDER_OFFSET_MIN = -30;
export const REMINDER_OFFSET_MAX = 60;
export const REMINDER_STEPS_MAX = 8;
export const SUSPENSION_DAYS_MIN = 1;
export const SUSPENSION_DAYS_MAX = 90;

export const DUNNING_MESSAGES = {
  stepsInvalid:
    "Informe os dias dos lembretes como números inteiros separados por vírgula, por exemplo: -3, 0, 3, 7.",
  stepOutOfRange: `Cada dia deve estar entre ${REMINDER_OFFSET_MIN} e ${REMINDER_OFFSET_MAX}.`,
  stepsTooMany: `Informe no máximo ${REMINDER_STEPS_MAX} lembretes.`,
  stepsRepeated: "Cada dia deve aparecer uma vez só.",
  suspensionDaysInvalid: `Informe um número de dias entre ${SUSPENSION_DAYS_MIN} e ${SUSPENSION_DAYS_MAX}.`,
} as const;

/** How a step is named to the admin and in the reminder's subject: "vence em 3 dias". */
export function reminderLabel(offset: number): string {
  if (offset === 0) return "vence hoje";
  const n = Math.abs(offset);
  const days = n === 1 ? "1 dia" : `${n} dias`;
  return offset < 0 ? `vence em ${days}` : `venceu há ${days}`;
}

/** "-3, 0, 3, 7": how the form shows the stored steps. */
export const formatReminderOffsets = (offsets: readonly number[]) => offsets.join(", ");

/** The form's text → ascending whole days; a pt-BR message for anything else. Empty: no reminders. */
export const reminderOffsetsField = z
  .string({ error: DUNNING_MESSAGES.stepsInvalid })
  .max(200, DUNNING_MESSAGES.stepsInvalid)
  .default(formatReminderOffsets(DEFAULT_REMINDER_OFFSETS))
  .transform((raw, ctx) => {
    const parts = raw
      .split(/[,;]/)
      .map((p) => p.trim().replace(/^\+/, "").replace(/^[−–]/, "-"))
      .filter((p) => p !== "");
    if (parts.some((p) => !/^-?\d{1,3}$/.test(p))) {
      ctx.addIssue({ code: "custom", message: DUNNING_MESSAGES.stepsInvalid });
      return z.NEVER;
    }
    const days = parts.map(Number);
    if (days.some((d) => d < REMINDER_OFFSET_MIN || d > REMINDER_OFFSET_MAX)) {
      ctx.addIssue({ code: "custom", message: DUNNING_MESSAGES.stepOutOfRange });
      return z.NEVER;
    }
    if (days.length > REMINDER_STEPS_MAX) {
      ctx.addIssue({ code: "custom", message: DUNNING_MESSAGES.stepsTooMany });
      return z.NEVER;
    }
    if (new Set(days).size !== days.length) {
      ctx.addIssue({ code: "custom", message: DUNNING_MESSAGES.stepsRepeated });
      return z.NEVER;
    }
    return days.map((d) => (Object.is(d, -0) ? 0 : d)).sort((a, b) => a - b);
  });

export const suspensionDaysField = z.coerce
  .number({ error: DUNNING_MESSAGES.suspensionDaysInvalid })
  .int(DUNNING_MESSAGES.suspensionDaysInvalid)
  .min(SUSPENSION_DAYS_MIN, DUNNING_MESSAGES.suspensionDaysInvalid)
  .max(SUSPENSION_DAYS_MAX, DUNNING_MESSAGES.suspensionDaysInvalid)
  .default(DEFAULT_SUSPENSION_DAYS);
