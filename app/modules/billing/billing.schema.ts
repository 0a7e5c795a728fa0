import { parseBrDate } from "~/lib/dates";
import { parseMoneyToCents } from "~/lib/format";
import { z } from "~/lib/zod";
import {
  CHARGE_LINE_KINDS,
  CHARGE_STATUSES,
  DEFAULT_FIRST_CHARGE_BUSINESS_DAYS,
  DEFAULT_RENEWAL_DAYS_BEFORE,
  DIVERGENCE_KINDS,
  DIVERGENCE_RESOLUTIONS,
  FIRST_CHARGE_BUSINESS_DAYS_MAX,
  PAYMENT_METHODS,
} from "./billing.constants";
import { PIX_CITY_MAX, PIX_NAME_MAX } from "./pix-code";
import { PIX_KEY_MESSAGES } from "./pix-key";
import { reminderOffsetsField, suspensionDaysField } from "./dunning.schema";
import { PIX_SETTINGS_MESSAGES, pixSettingsSchema } from "./pix.schema";

// Shared by the Financeiro forms (browser) and their actions (server).

export const BILLING_FORM_MESSAGES = {
  daysInvalid: "Informe um número de dias entre 1 e 60.",
  firstChargeDaysInvalid: `Informe um prazo entre 1 e ${FIRST_CHARGE_BUSINESS_DAYS_MAX} dias úteis.`,
  dateRequired: "Informe a data.",
  dateInvalid: "Data inválida. Use dd/mm/aaaa.",
  methodRequired: "Escolha a forma de pagamento.",
  amountRequired: "Informe o valor.",
  amountInvalid: "Valor inválido. Use por exemplo 89,90.",
  amountTooLarge: "Valor alto demais.",
  reasonRequired: "Informe o motivo do cancelamento.",
  reasonTooLong: "O motivo deve ter no máximo 500 caracteres.",
  descriptionRequired: "Informe a descrição.",
  clientRequired: "Selecione o cliente.",
  descriptionTooLong: "A descrição deve ter no máximo 200 caracteres.",
  settingsSaved: "Configurações financeiras salvas com sucesso!",
  settingsError: "Erro ao salvar configurações financeiras",
  actionError: "Não foi possível concluir a operação. Tente novamente.",
} as const;

export const PAYMENT_METHOD_LABELS = {
  pix: "PIX",
  boleto: "Boleto",
  cartão: "Cartão",
  dinheiro: "Dinheiro",
  transferência: "Transferência",
} as const satisfies Record<(typeof PAYMENT_METHODS)[number], string>;

export const CHARGE_STATUS_LABELS = {
  pendente: "A vencer",
  vencida: "Vencida",
  paga: "Paga",
  cancelada: "Cancelada",
  estornada: "Estornada",
  contestada: "Contestada",
} as const satisfies Record<(typeof CHARGE_STATUSES)[number], string>;

export const DIVERGENCE_KIND_LABELS = {
  parcial: "Pago a menos",
  excedente: "Pago a mais",
  cobranca_cancelada: "Pagamento de cobrança cancelada",
  duplicidade: "Pago duas vezes",
  pagamento_nao_vinculado: "Pagamento de outra cobrança no provedor",
} as const satisfies Record<(typeof DIVERGENCE_KINDS)[number], string>;

export const DIVERGENCE_RESOLUTION_LABELS = {
  devolvido: "Valor devolvido ao cliente",
  aplicado: "Valor aplicado a outra cobrança",
  quitada: "Restante pago",
  sem_acao: "Sem ação necessária",
} as const satisfies Record<(typeof DIVERGENCE_RESOLUTIONS)[number], string>;

/** "Resolver divergência": what the admin did with the money (quitada is set by the payment itself). */
export const ResolveDivergenceSchema = z.object({
  resolution: z.enum(["devolvido", "aplicado", "sem_acao"], {
    error: "Escolha o que foi feito com o valor.",
  }),
});

export const LINE_KIND_LABELS = {
  mensalidade: "Mensalidade",
  ativação: "Ativação",
  avulsa: "Avulsa",
  ajuste: "Ajuste de plano",
  crédito: "Crédito",
} as const satisfies Record<(typeof CHARGE_LINE_KINDS)[number], string>;

/** The largest amount a form accepts: R$ 10 milhões (an integer column holds up to R$ 21 milhões). */
const MAX_CENTS = 1_000_000_000;

const brDate = z
  .string({ error: BILLING_FORM_MESSAGES.dateRequired })
  .trim()
  .min(1, BILLING_FORM_MESSAGES.dateRequired)
  .max(10, BILLING_FORM_MESSAGES.dateInvalid)
  .refine((v) => parseBrDate(v) !== null, BILLING_FORM_MESSAGES.dateInvalid)
  .transform((v) => parseBrDate(v) ?? v);

const money = z
  .string({ error: BILLING_FORM_MESSAGES.amountRequired })
  .trim()
  .min(1, BILLING_FORM_MESSAGES.amountRequired)
  .max(20, BILLING_FORM_MESSAGES.amountInvalid)
  .transform((v, ctx) => {
    const cents = parseMoneyToCents(v);
    if (cents === null) ctx.addIssue({ code: "custom", message: BILLING_FORM_MESSAGES.amountInvalid });
    else if (cents > MAX_CENTS)
      ctx.addIssue({ code: "custom", message: BILLING_FORM_MESSAGES.amountTooLarge });
    return cents ?? 0;
  });

/** Settings → Financeiro: the PIX data plus the renewal lead time. */
// The PIX fields as the pix module validates them, behind a string check with a pt-BR message and
// a visible maximum (a missing or non-text field is refused in Portuguese, never in zod's English).
const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).max(max, tooLong);
export const billingSettingsSchema = pixSettingsSchema.extend({
  pixKey: text(PIX_KEY_MESSAGES.required, 200, PIX_KEY_MESSAGES.unknown).pipe(pixSettingsSchema.shape.pixKey),
  pixName: text(PIX_SETTINGS_MESSAGES.nameRequired, PIX_NAME_MAX * 4, PIX_SETTINGS_MESSAGES.nameTooLong).pipe(
    pixSettingsSchema.shape.pixName,
  ),
  pixCity: text(PIX_SETTINGS_MESSAGES.cityRequired, PIX_CITY_MAX * 4, PIX_SETTINGS_MESSAGES.cityTooLong).pipe(
    pixSettingsSchema.shape.pixCity,
  ),
  renewalDaysBefore: z.coerce
    .number({ error: BILLING_FORM_MESSAGES.daysInvalid })
    .int(BILLING_FORM_MESSAGES.daysInvalid)
    .min(1, BILLING_FORM_MESSAGES.daysInvalid)
    .max(60, BILLING_FORM_MESSAGES.daysInvalid)
    .default(DEFAULT_RENEWAL_DAYS_BEFORE),
  // "Prazo da primeira cobrança" (decision 040): at least 1, so a first charge is never due the day
  // it arrives.
  firstChargeBusinessDays: z.coerce
    .number({ error: BILLING_FORM_MESSAGES.firstChargeDaysInvalid })
    .int(BILLING_FORM_MESSAGES.firstChargeDaysInvalid)
    .min(1, BILLING_FORM_MESSAGES.firstChargeDaysInvalid)
    .max(FIRST_CHARGE_BUSINESS_DAYS_MAX, BILLING_FORM_MESSAGES.firstChargeDaysInvalid)
    .default(DEFAULT_FIRST_CHARGE_BUSINESS_DAYS),
  // The reminder schedule and the suspension grace days (decision 033).
  reminderOffsets: reminderOffsetsField,
  suspensionDays: suspensionDaysField,
});
export type BillingSettingsInput = z.output<typeof billingSettingsSchema>;

/** "Registrar pagamento". */
export const PaymentSchema = z.object({
  paidOn: brDate,
  method: z.enum(PAYMENT_METHODS, { error: BILLING_FORM_MESSAGES.methodRequired }),
  amount: money,
});

/** "Cancelar cobrança". */
export const CancelSchema = z.object({
  reason: z
    .string({ error: BILLING_FORM_MESSAGES.reasonRequired })
    .trim()
    .min(1, BILLING_FORM_MESSAGES.reasonRequired)
    .max(500, BILLING_FORM_MESSAGES.reasonTooLong),
});

/** "Alterar valor" (a discount on an open charge). */
export const AmountSchema = z.object({ amount: money });

/** "Nova cobrança avulsa". */
export const OneOffSchema = z.object({
  description: z
    .string({ error: BILLING_FORM_MESSAGES.descriptionRequired })
    .trim()
    .min(1, BILLING_FORM_MESSAGES.descriptionRequired)
    .max(200, BILLING_FORM_MESSAGES.descriptionTooLong),
  amount: money,
  dueDate: brDate,
});
