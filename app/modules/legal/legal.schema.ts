import { z } from "~/lib/zod";

export const PRIVACY_MESSAGES = {
  saved: "Textos de privacidade salvos com sucesso!",
  saveError: "Erro ao salvar os textos de privacidade",
  loadError: "Não foi possível carregar as configurações de privacidade.",
} as const;

const RETENTION_MESSAGE = "Informe um número inteiro de meses entre 1 e 120";

/** Long enough for a full policy, short enough to bound a request. */
export const LEGAL_TEXT_MAX = 100_000;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: "Valor inválido" })
    .max(max, message)
    .transform((v) => v.trim() || null)
    .optional()
    .transform((v) => v ?? null);

/** Configurações → Privacidade. Empty texts mean "use the default text". */
export const PrivacySettingsSchema = z.object({
  companyName: optionalText(200, "O nome da empresa deve ter no máximo 200 caracteres"),
  contactEmail: z
    .string({ error: "Valor inválido" })
    .max(254, "O e-mail deve ter no máximo 254 caracteres")
    .trim()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, "Informe um e-mail válido"),
  privacyPolicy: optionalText(LEGAL_TEXT_MAX, `O texto deve ter no máximo ${LEGAL_TEXT_MAX} caracteres`),
  termsOfUse: optionalText(LEGAL_TEXT_MAX, `O texto deve ter no máximo ${LEGAL_TEXT_MAX} caracteres`),
  leadRetentionMonths: z
    .string({ error: RETENTION_MESSAGE })
    .max(4, RETENTION_MESSAGE)
    .optional()
    .transform((v) => (v?.trim() ? Number(v.trim()) : 24))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= 120, RETENTION_MESSAGE),
});
export type PrivacySettingsInput = z.infer<typeof PrivacySettingsSchema>;
