import type { ChargeStatus } from "~/modules/billing/billing.constants";

// The labels live with the module (the CSV export uses them too); re-exported for the components.
export { CHARGE_STATUS_LABELS, LINE_KIND_LABELS } from "~/modules/billing/billing.schema";

export const CHARGE_STATUS_COLORS = {
  pendente: "yellow",
  vencida: "red",
  paga: "green",
  cancelada: "gray",
  // Money given back by the business: settled, nothing to chase.
  estornada: "gray",
  // Charged back by the card network: owed again, red like an overdue charge.
  contestada: "red",
} as const satisfies Record<ChargeStatus, string>;
