import { z } from "~/lib/zod";

/** Kept literal (no server import) so the settings page can list them in the browser. */
export const WEBHOOK_EVENT_OPTIONS = [
  { value: "lead.created", label: "Novo lead (lead.created)" },
  { value: "lead.status_changed", label: "Lead mudou de etapa (lead.status_changed)" },
  { value: "referral.status_changed", label: "Indicação mudou de status (referral.status_changed)" },
  { value: "client.created", label: "Novo cliente (client.created)" },
  { value: "charge.created", label: "Nova cobrança (charge.created)" },
  { value: "charge.paid", label: "Cobrança paga (charge.paid)" },
  { value: "charge.cancelled", label: "Cobrança cancelada (charge.cancelled)" },
  { value: "charge.overdue", label: "Cobrança vencida (charge.overdue)" },
  { value: "charge.refunded", label: "Cobrança estornada (charge.refunded)" },
  { value: "charge.charged_back", label: "Cobrança contestada (charge.charged_back)" },
  { value: "subscription.suspended", label: "Assinatura suspensa (subscription.suspended)" },
  { value: "subscription.reactivated", label: "Assinatura reativada (subscription.reactivated)" },
  { value: "invoice.issued", label: "Nota fiscal emitida (invoice.issued)" },
  { value: "invoice.failed", label: "Nota fiscal com erro (invoice.failed)" },
  { value: "invoice.cancelled", label: "Nota fiscal cancelada (invoice.cancelled)" },
] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENT_OPTIONS)[number]["value"];
const EVENT_VALUES = WEBHOOK_EVENT_OPTIONS.map((o) => o.value) as [WebhookEventName, ...WebhookEventName[]];

export const WEBHOOK_MESSAGES = {
  urlInvalid: "Informe uma URL começando com http:// ou https://.",
  eventsRequired: "Escolha pelo menos um evento.",
  blocked: (reason: string) => `Endereço não permitido: ${reason}.`,
  created: "Webhook cadastrado. Copie o segredo agora: ele não será mostrado de novo.",
  createFailed: "Erro ao cadastrar webhook",
  deleted: "Webhook excluído com sucesso",
  deleteFailed: "Erro ao excluir webhook",
  toggled: (active: boolean) => (active ? "Webhook reativado" : "Webhook pausado"),
  redelivered: "Entrega reenviada",
  redeliverFailed: "Não foi possível reenviar esta entrega",
  limit: "Limite de 20 webhooks atingido.",
  notFound: "Webhook não encontrado",
  actionFailed: "Não foi possível concluir a ação",
  loadError: "Erro ao carregar webhooks",
} as const;

export const DELIVERY_STATUS_LABELS = {
  pendente: "Pendente",
  entregue: "Entregue",
  falhou: "Falhou",
} as const;

export const WebhookSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .max(2000, WEBHOOK_MESSAGES.urlInvalid)
    .regex(/^https?:\/\/[^\s]+$/i, WEBHOOK_MESSAGES.urlInvalid),
  events: z
    .array(z.enum(EVENT_VALUES, { error: WEBHOOK_MESSAGES.eventsRequired }), {
      error: WEBHOOK_MESSAGES.eventsRequired,
    })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(EVENT_VALUES.length, WEBHOOK_MESSAGES.eventsRequired),
});
export type WebhookInput = z.infer<typeof WebhookSchema>;

/** Every other intent of the webhooks page names one endpoint (or one delivery) by id. */
// The endpoint (toggle, delete) or the delivery (redeliver) the button names.
const endpointId = z.uuid({ error: "Registro não encontrado." });
export const WebhookIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("toggle"),
      id: endpointId,
      active: z.enum(["true", "false"], { error: "Ação inválida." }),
    }),
    z.object({ intent: z.literal("delete"), id: endpointId }),
    z.object({ intent: z.literal("redeliver"), id: endpointId }),
  ],
  { error: "Ação inválida." },
);
