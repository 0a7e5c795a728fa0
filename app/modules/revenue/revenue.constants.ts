/** Subscription history kinds: every change that moves recurring revenue. */
export const SUBSCRIPTION_EVENT_KINDS = [
  "inicio",
  "troca_plano",
  "troca_renovacao",
  "suspensao",
  "reativacao",
  "cancelamento",
  "fim",
  // A paid period moved the end date: no MRR moves, the subscription's dates do.
  "renovacao",
] as const;
export type SubscriptionEventKind = (typeof SUBSCRIPTION_EVENT_KINDS)[number];

/** ChartMogul's five MRR movements, in the order of the waterfall. */
export const MRR_MOVEMENTS = ["novo", "expansao", "reativacao", "contracao", "churn"] as const;
export type MrrMovement = (typeof MRR_MOVEMENTS)[number];

export const MRR_MOVEMENT_LABELS: Record<MrrMovement, string> = {
  novo: "Novos",
  expansao: "Expansão",
  reativacao: "Reativação",
  contracao: "Contração",
  churn: "Churn",
};

/** How many months the revenue page shows, the current one included. */
export const REVENUE_MONTHS = 12;
