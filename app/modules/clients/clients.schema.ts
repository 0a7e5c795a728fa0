import { z } from "~/lib/zod";
import { addMonths, isoToBrDate, parseBrDate } from "~/lib/dates";
import { normalizePhone } from "~/lib/phone";
import { DOCUMENT_MESSAGES, parseCpfCnpj } from "~/lib/br-documents";
import { addressFields, checkAddress, type Address } from "~/lib/br-address";

import {
  CLIENT_STATUSES,
  RENEWAL_TYPES,
  type ClientStatus,
  type RenewalType,
  type SubscriptionStatus,
} from "./clients.constants";

// Shared by the forms (browser) and the actions (server): no runtime import of the database here.
export { CLIENT_STATUSES, RENEWAL_TYPES };

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  ativo: "Ativo",
  inativo: "Inativo",
  pendente: "Pendente",
};
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ativa: "Ativa",
  inativa: "Inativa",
  cancelada: "Cancelada",
  suspensa: "Suspensa",
};
export const RENEWAL_LABELS: Record<RenewalType, string> = {
  mensal: "Mensal",
  trimestral: "Trimestral",
  semestral: "Semestral",
  anual: "Anual",
};
/** SPEC §4 badge colours: ativo green, inativo and pendente yellow. */
export function clientStatusColor(status: string): "green" | "yellow" {
  return status === "ativo" ? "green" : "yellow";
}

export const RENEWAL_MONTHS: Record<RenewalType, number> = {
  mensal: 1,
  trimestral: 3,
  semestral: 6,
  anual: 12,
};

/** SPEC §4: the end date derived from the start and the renewal type (month-end safe). */
export function subscriptionEndDate(startDate: string, renewalType: RenewalType): string {
  return addMonths(startDate, RENEWAL_MONTHS[renewalType]);
}

/** Days within which a subscription shows its warning (SPEC §9). */
export const EXPIRY_WARNING_DAYS = 7;
/** Days at or under which the dashboard badge turns red (SPEC §9). */
export const EXPIRY_DANGER_DAYS = 3;

export const CLIENT_MESSAGES = {
  created: "Cliente criado com sucesso!",
  updated: "Cliente atualizado com sucesso!",
  deleted: "Cliente excluído com sucesso!",
  createFailed: "Erro ao criar cliente",
  updateFailed: "Erro ao atualizar cliente",
  deleteFailed: "Erro ao excluir cliente",
  listFailed: "Erro ao carregar clientes",
  loadFailed: "Erro ao carregar dados do cliente",
  emailTaken: "Já existe um cliente com este e-mail!",
  nameRequired: "Informe o nome do cliente.",
  nameTooShort: "O nome deve ter pelo menos 3 caracteres.",
  nameTooLong: "O nome deve ter no máximo 120 caracteres.",
  emailRequired: "Informe o e-mail.",
  emailInvalid: "Informe um e-mail válido.",
  phoneRequired: "Informe o telefone.",
  phoneInvalid: "Telefone inválido. Use (99) 99999-9999.",
  businessRequired: "Informe o nome do negócio.",
  businessTooLong: "O nome do negócio deve ter no máximo 160 caracteres.",
  planRequired: "Selecione um plano.",
  statusRequired: "Selecione o status.",
  /** After a save (a warning, never a refusal): another client has the same business name. */
  sameBusiness: (business: string, other: { name: string; email: string; more: number }) =>
    other.more === 0
      ? `Atenção: o negócio “${business}” já é de outro cliente, ${other.name} (${other.email}). Confira se não é um cadastro repetido.`
      : `Atenção: o negócio “${business}” já é de outros ${other.more + 1} clientes, entre eles ${other.name} (${other.email}). Confira se não é um cadastro repetido.`,
} as const;

export const SUBSCRIPTION_MESSAGES = {
  added: "Assinatura adicionada com sucesso!",
  deleted: "Assinatura excluída com sucesso!",
  addFailed: "Erro ao adicionar assinatura",
  deleteFailed: "Erro ao excluir assinatura",
  changeFailed: "Erro ao alterar a assinatura",
  listFailed: "Erro ao carregar assinaturas",
  planRequired: "Selecione um plano.",
  startRequired: "Informe a data de início.",
  startInvalid: "Informe uma data de início válida.",
  renewalRequired: "Selecione o tipo de renovação.",
} as const;

/** "Trocar plano" and "Cancelar" on a subscription. */
export const SUBSCRIPTION_CHANGE_MESSAGES = {
  notFound: "Assinatura não encontrada.",
  planRequired: "Selecione um plano.",
  samePlan: "Escolha um plano diferente do atual.",
  notActive: "Só é possível trocar o plano de uma assinatura ativa e não cancelada.",
  alreadyCancelled: "Esta assinatura já está cancelada.",
  whenRequired: "Escolha quando o cancelamento vale.",
  planChanged: (plan: string) => `Plano trocado para ${plan}.`,
  whenPlanRequired: "Escolha quando a troca vale.",
  planChangeScheduled: (plan: string, iso: string) =>
    `Troca para o plano ${plan} agendada para a renovação de ${isoToBrDate(iso)}.`,
  alreadyScheduled: (plan: string) => `A troca para o plano ${plan} já está agendada.`,
  noRenewalToSchedule: "Esta assinatura não é cobrada e não renova: troque o plano agora.",
  renewalAlreadyCharged:
    "A cobrança da próxima renovação já foi emitida no plano atual: troque o plano agora ou na renovação seguinte, depois que o novo período começar.",
  nextPeriodPaid: (iso: string) =>
    `O período que começa em ${isoToBrDate(iso)} já foi pago no plano atual: agende a troca para a renovação seguinte.`,
  noScheduledChange: "Não há troca de plano agendada para esta assinatura.",
  scheduledChangeUndone: "Troca de plano agendada desfeita.",
  cancelledNow: "Assinatura cancelada.",
  cancelledAtEnd: (iso: string) => `Assinatura cancelada ao fim do período: termina em ${isoToBrDate(iso)}.`,
} as const;

export const NOTE_MESSAGES = {
  added: "Anotação adicionada com sucesso!",
  deleted: "Anotação excluída com sucesso!",
  addFailed: "Erro ao adicionar anotação",
  deleteFailed: "Erro ao excluir anotação",
  listFailed: "Erro ao carregar notas",
  required: "Escreva a anotação antes de adicionar.",
  tooLong: "A anotação deve ter no máximo 5000 caracteres.",
} as const;

/** Text with a NUL byte is refused: PostgreSQL cannot store it in a text column. */
export const INVALID_TEXT_MESSAGE = "O texto contém caracteres inválidos.";
const noNul = (v: string) => !v.includes("\u0000");

const id = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(36, message)
    .pipe(z.guid({ error: message }));

/**
 * The client form's explicit "Sem plano" choice (a client converted from a lead whose plan was
 * "Ainda não sei"): stored as plan_id NULL. Offered on edit only; a new client still needs a plan.
 */
export const NO_PLAN = "sem-plano";

/**
 * SPEC §5 client form: every field required but the CPF/CNPJ and the fiscal address (all or
 * nothing, br-address.ts), which a tax invoice needs.
 */
export const ClientFields = z.object({
  name: z
    .string({ error: CLIENT_MESSAGES.nameRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.nameRequired)
    .min(3, CLIENT_MESSAGES.nameTooShort)
    .max(120, CLIENT_MESSAGES.nameTooLong)
    .refine(noNul, INVALID_TEXT_MESSAGE),
  email: z
    .string({ error: CLIENT_MESSAGES.emailRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.emailRequired)
    .max(254, CLIENT_MESSAGES.emailInvalid)
    .pipe(z.email({ error: CLIENT_MESSAGES.emailInvalid }))
    .transform((v) => v.toLowerCase()),
  phone: z
    .string({ error: CLIENT_MESSAGES.phoneRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.phoneRequired)
    .max(20, CLIENT_MESSAGES.phoneInvalid)
    .refine((v) => normalizePhone(v) !== null, CLIENT_MESSAGES.phoneInvalid)
    // One stored format whatever was typed: the national digits "11987654321" (formatPhone shows them).
    .transform((v) => normalizePhone(v) ?? v),
  businessName: z
    .string({ error: CLIENT_MESSAGES.businessRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.businessRequired)
    .max(160, CLIENT_MESSAGES.businessTooLong)
    .refine(noNul, INVALID_TEXT_MESSAGE),
  planId: z.union([z.literal(NO_PLAN).transform(() => null), id(CLIENT_MESSAGES.planRequired)], {
    error: CLIENT_MESSAGES.planRequired,
  }),
  status: z.enum(CLIENT_STATUSES, { error: CLIENT_MESSAGES.statusRequired }),
  // Optional CPF or CNPJ (numeric or the 2026 alphanumeric one), stored normalised, "" clears it.
  document: z
    .string({ error: DOCUMENT_MESSAGES.length })
    .trim()
    .max(30, DOCUMENT_MESSAGES.length)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const parsed = parseCpfCnpj(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }),
  ...addressFields,
});
export const ClientSchema = ClientFields.superRefine(checkAddress);
/**
 * `document` and the address may be left out by callers other than the form (lead conversion,
 * tests): unchanged.
 */
export type ClientInput = Omit<z.output<typeof ClientSchema>, "document" | keyof Address> & {
  document?: string | null;
} & Partial<Address>;

/**
 * The edit form: everything but the plan, which is chosen in one place, the
 * subscription; the client's plan follows it (subscriptions.server, subscription-changes.server).
 */
export const ClientEditSchema = ClientFields.omit({ planId: true }).superRefine(checkAddress);
export type ClientEditInput = Omit<ClientInput, "planId">;

/** SPEC §5 new-subscription form: plan, start date and renewal type required. */
export const SubscriptionSchema = z.object({
  planId: id(SUBSCRIPTION_MESSAGES.planRequired),
  startDate: z
    .string({ error: SUBSCRIPTION_MESSAGES.startRequired })
    .trim()
    .min(1, SUBSCRIPTION_MESSAGES.startRequired)
    .max(10, SUBSCRIPTION_MESSAGES.startInvalid)
    // Typed as dd/mm/aaaa (the same in every browser locale), stored as ISO.
    .refine((v) => parseBrDate(v) !== null, SUBSCRIPTION_MESSAGES.startInvalid)
    .transform((v) => parseBrDate(v) ?? v),
  renewalType: z.enum(RENEWAL_TYPES, { error: SUBSCRIPTION_MESSAGES.renewalRequired }),
  // "Sem cobrança" (courtesy, legacy): a checkbox never fails, only "on"/"true" count as checked.
  noBilling: z
    .unknown()
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});
export type SubscriptionInput = z.output<typeof SubscriptionSchema>;

/** SPEC §5: a note must be non-empty after trimming. */
export const NoteSchema = z.object({
  note: z
    .string({ error: NOTE_MESSAGES.required })
    .trim()
    .min(1, NOTE_MESSAGES.required)
    .max(5000, NOTE_MESSAGES.tooLong)
    .refine(noNul, INVALID_TEXT_MESSAGE),
});

/** Sort keys the clients list accepts from the URL (anything else falls back to the default). */
export const CLIENT_SORTS = ["created_at", "name", "business_name", "email", "status"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_PAGE_SIZE = 20;

/** Dashboard badge colour for an expiring subscription: red at 3 days or fewer (SPEC §2/§9). */
export function expiryBadgeColor(daysRemaining: number): "red" | "yellow" {
  return daysRemaining <= EXPIRY_DANGER_DAYS ? "red" : "yellow";
}

/**
 * SPEC §4 subscription display: a warning with the days when within 7 days and more than 0 left,
 * '(vencido)' at 0 or fewer, nothing otherwise.
 */
export function subscriptionExpiryNote(
  daysLeft: number,
): { kind: "warning" | "expired"; text: string } | null {
  if (daysLeft <= 0) return { kind: "expired", text: "(vencido)" };
  if (daysLeft <= EXPIRY_WARNING_DAYS)
    return { kind: "warning", text: `Vence em ${daysLeft} ${daysLeft === 1 ? "dia" : "dias"}` };
  return null;
}
