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

export const SUBJECT_MESSAGES = {
  invalidTerm: "Informe um e-mail ou um telefone válido.",
  notFound: "Nenhum dado encontrado para este e-mail ou telefone.",
  confirmWord: "ANONIMIZAR",
  confirmRequired: "Digite ANONIMIZAR para confirmar.",
  anonymised: "Dados anonimizados com sucesso.",
  anonymiseError: "Erro ao anonimizar os dados.",
  lastAdmin:
    "Não é possível anonimizar o último administrador ativo. Convide ou reative outro administrador antes.",
  loadError: "Não foi possível carregar a busca de dados pessoais.",
} as const;

/** /admin/privacy: anonymise the person found by `term`, after the typed confirmation. */
export const AnonymiseSubjectSchema = z.object({
  term: z
    .string({ error: SUBJECT_MESSAGES.invalidTerm })
    .trim()
    .min(3, SUBJECT_MESSAGES.invalidTerm)
    .max(254, SUBJECT_MESSAGES.invalidTerm),
  confirm: z
    .string({ error: SUBJECT_MESSAGES.confirmRequired })
    .max(40, SUBJECT_MESSAGES.confirmRequired)
    .refine((v) => v.trim().toUpperCase() === SUBJECT_MESSAGES.confirmWord, SUBJECT_MESSAGES.confirmRequired),
});

export const SELF_SERVICE_MESSAGES = {
  deletionRequested: "Pedido de exclusão enviado. A equipe vai analisar e avisar por e-mail.",
  deletionAlreadyPending: "Você já tem um pedido de exclusão em andamento.",
  deletionError: "Não foi possível registrar o pedido de exclusão. Tente de novo.",
  invalid: "Pedido inválido.",
} as const;

/** /representante/conta: ask for the account's deletion (the dialog's confirmation posts this). */
export const AccountDeletionRequestSchema = z.object({
  intent: z.literal("delete-account", { error: SELF_SERVICE_MESSAGES.invalid }),
});
