import { z } from "~/lib/zod";

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
