// Client-safe: webhook delivery statuses (app/db/schema/integrations.ts) and their labels.
export const WEBHOOK_DELIVERY_STATUSES = ["pendente", "entregue", "falhou"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pendente: "Pendente",
  entregue: "Entregue",
  falhou: "Falhou",
};
