import type { ChargeStatus } from "~/modules/billing/billing.constants";

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  pendente: "A vencer",
  vencida: "Vencida",
  paga: "Paga",
  cancelada: "Cancelada",
};

export const CHARGE_STATUS_COLORS = {
  pendente: "yellow",
  vencida: "red",
  paga: "green",
  cancelada: "gray",
} as const satisfies Record<ChargeStatus, string>;

export const LINE_KIND_LABELS = {
  mensalidade: "Mensalidade",
  ativação: "Ativação",
  avulsa: "Avulsa",
} as const;
