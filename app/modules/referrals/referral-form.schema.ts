import { z } from "~/lib/zod";
import { isValidBrazilianPhone, normalizePhone } from "~/lib/phone";

/** SPEC §5 (new referral) and §8 (representative referrals), word for word. */
export const REFERRAL_MESSAGES = {
  businessName: "Nome do negócio deve ter pelo menos 3 caracteres",
  contactName: "Nome do contato deve ter pelo menos 3 caracteres",
  contactPhone: "Formato de telefone inválido. Use (99) 99999-9999 ou apenas números",
  planId: "Selecione um plano para a indicação",
  created: "Indicação cadastrada com sucesso!",
  createFailed: "Erro ao cadastrar indicação. Por favor, tente novamente.",
  plansFailed: "Erro ao carregar os planos disponíveis",
  authError: "Erro de autenticação. Por favor, faça login novamente.",
  listFailed: "Erro ao carregar suas indicações",
} as const;

/** An empty required field says what to fill in before any length rule. */
export const REFERRAL_REQUIRED_MESSAGES = {
  businessName: "Informe o nome do negócio",
  contactName: "Informe o nome do contato",
  contactPhone: "Informe o telefone do contato",
} as const;

export const REFERRAL_TEXT_MAX = 200;
const tooLong = `Máximo de ${REFERRAL_TEXT_MAX} caracteres.`;

const name = (required: string, message: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(3, message)
    .max(REFERRAL_TEXT_MAX, tooLong)
    // PostgreSQL cannot store a NUL byte in a text column.
    .refine((v) => !v.includes("\u0000"), "O texto contém caracteres inválidos.");

/**
 * Step 1 of the wizard. The browser runs it on every change; the action runs it again on submit.
 * Unknown keys (a forged representative_id or status) are stripped: the owner comes from the session.
 */
export const ReferralFormSchema = z.object({
  businessName: name(REFERRAL_REQUIRED_MESSAGES.businessName, REFERRAL_MESSAGES.businessName),
  contactName: name(REFERRAL_REQUIRED_MESSAGES.contactName, REFERRAL_MESSAGES.contactName),
  contactPhone: z
    .string({ error: REFERRAL_REQUIRED_MESSAGES.contactPhone })
    .trim()
    .min(1, REFERRAL_REQUIRED_MESSAGES.contactPhone)
    .max(20, REFERRAL_MESSAGES.contactPhone)
    // The spec's two shapes, also after a +55 / 55 country code ("+55 (11) 98765-4321", the
    // international form people paste), and a number normalizePhone accepts (a real DDD, no
    // "(00) 00000-0000").
    .refine(
      (v) =>
        (isValidBrazilianPhone(v) || isValidBrazilianPhone(v.replace(/^\+?55\s*/, ""))) &&
        normalizePhone(v) !== null,
      REFERRAL_MESSAGES.contactPhone,
    )
    // Stored as the national digits, whichever form was typed; shown with formatPhone.
    .transform((v) => normalizePhone(v) ?? v),
  planId: z
    .string({ error: REFERRAL_MESSAGES.planId })
    .max(36, REFERRAL_MESSAGES.planId)
    .pipe(z.uuid({ error: REFERRAL_MESSAGES.planId })),
});

/**
 * The admin's referral form: the same fields, the plan optional (empty keeps the
 * current one, e.g. a plan deleted since) and the representative it belongs to.
 */
export const ADMIN_REFERRAL_MESSAGES = {
  representativeId: "Selecione o representante da indicação",
} as const;
export const AdminReferralFormSchema = ReferralFormSchema.extend({
  planId: z
    .string({ error: REFERRAL_MESSAGES.planId })
    .max(36, REFERRAL_MESSAGES.planId)
    .transform((v) => v.trim() || null)
    .pipe(z.uuid({ error: REFERRAL_MESSAGES.planId }).nullable()),
  representativeId: z
    .string({ error: ADMIN_REFERRAL_MESSAGES.representativeId })
    .max(36, ADMIN_REFERRAL_MESSAGES.representativeId)
    .pipe(z.uuid({ error: ADMIN_REFERRAL_MESSAGES.representativeId })),
});
export type AdminReferralFormData = z.output<typeof AdminReferralFormSchema>;

export type ReferralFormInput = z.input<typeof ReferralFormSchema>;
export type ReferralFormData = z.output<typeof ReferralFormSchema>;
export type ReferralFormField = keyof ReferralFormInput;
export const REFERRAL_FORM_FIELDS: readonly ReferralFormField[] = [
  "businessName",
  "contactName",
  "contactPhone",
  "planId",
];

/** Correcting / cancelling a referral (portal) and editing it (admin). */
export const REFERRAL_EDIT_MESSAGES = {
  saved: "Indicação corrigida com sucesso!",
  cancelled: "Indicação cancelada.",
  notFound: "Indicação não encontrada.",
  locked:
    "Esta indicação já saiu de Em análise e não pode mais ser alterada por aqui. Fale com a equipe para corrigir.",
  saveFailed: "Erro ao salvar a indicação. Por favor, tente novamente.",
  adminSaved: "Indicação atualizada com sucesso!",
  // The status select reopens it (any of the four); its data waits until then.
  adminCancelled:
    "Esta indicação está cancelada. Escolha um status para reabri-la antes de alterar os dados.",
  adminPaid:
    "A comissão desta indicação já foi paga. Cancele o pagamento antes de mudar o plano ou o representante.",
  representativeNotFound: "Representante não encontrado. Selecione outro.",
} as const;
