import { parseBrDate } from "~/lib/dates";
import { z } from "~/lib/zod";
import { PAYOUT_METHODS } from "./payouts.constants";

export const PAYOUT_MESSAGES = {
  selectOne: "Selecione ao menos uma comissão a pagar.",
  date: "Informe a data do pagamento.",
  method: "Selecione a forma de pagamento (PIX ou transferência).",
  noPixKey:
    "Este representante não tem chave PIX cadastrada. Escolha transferência ou peça que ele cadastre a chave em Minha conta.",
  reference: "A referência deve ter no máximo 200 caracteres.",
  invalidText: "O texto contém caracteres inválidos.",
  recorded: "Pagamento registrado.",
  cancelled: "Pagamento cancelado: as comissões voltaram para a pagar.",
  alreadyPaid: "Uma das comissões selecionadas já foi paga ou não está mais a pagar. Recarregue a página.",
  notFound: "Pagamento não encontrado ou já cancelado.",
  failed: "Erro ao registrar o pagamento. Tente novamente.",
} as const;

export const MAX_PAYOUT_ITEMS = 500;

/** The admin's payout form on /admin/representatives/{id}. */
export const PayoutFormSchema = z.object({
  referralIds: z
    .array(z.uuid({ error: PAYOUT_MESSAGES.selectOne }), { error: PAYOUT_MESSAGES.selectOne })
    .min(1, PAYOUT_MESSAGES.selectOne)
    .max(MAX_PAYOUT_ITEMS, PAYOUT_MESSAGES.selectOne),
  // dd/mm/aaaa as typed (ISO also accepted), stored as ISO.
  paidOn: z
    .string({ error: PAYOUT_MESSAGES.date })
    .max(10, PAYOUT_MESSAGES.date)
    .refine((v) => parseBrDate(v) !== null, PAYOUT_MESSAGES.date)
    .transform((v) => parseBrDate(v)!),
  method: z.enum(PAYOUT_METHODS, { error: PAYOUT_MESSAGES.method }),
  reference: z
    .string({ error: PAYOUT_MESSAGES.reference })
    .trim()
    .max(200, PAYOUT_MESSAGES.reference)
    .refine((v) => !v.includes("\u0000"), PAYOUT_MESSAGES.invalidText)
    .optional()
    .transform((v) => (v ? v : null)),
});
export type PayoutFormData = z.output<typeof PayoutFormSchema>;
