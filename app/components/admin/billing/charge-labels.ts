import type { ChargeStatus } from "~/modules/billing/billing.constants";

// The labels live with the module (the CSV export uses them too); re-exported for the components.
export { CHARGE_STATUS_LABELS, LINE_KIND_LABELS } from "~/modules/billing/billing.schema";

export const CHARGE_STATUS_COLORS = {
  pendente: "yellow",
  vencida: "red",
  paga: "green",
  cancelada: "gray",
  // Refunded or charged back: open as a debt again, so red like an overdue charge.
  estornada: "red",
} as const satisfies Record<ChargeStatus, string>;
