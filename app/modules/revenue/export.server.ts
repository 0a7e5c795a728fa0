import { csvMoney, type CsvColumn } from "~/server/http/csv.server";
import { MRR_MOVEMENT_LABELS } from "./revenue.constants";
import { monthLabel } from "~/lib/dates";
import { formatRate, signedCents } from "./revenue.format";
import type { RevenueClientRow, RevenueMonth } from "./revenue.server";

/** "Exportar CSV" of the twelve months: the table on the page, one row per month. */
export const REVENUE_MONTH_COLUMNS: CsvColumn<RevenueMonth>[] = [
  { header: "Mês", value: (m) => monthLabel(m.month) },
  { header: "MRR inicial (R$)", value: (m) => csvMoney(m.startCents) },
  { header: "Novos (R$)", value: (m) => csvMoney(m.movements.novo.cents) },
  { header: "Expansão (R$)", value: (m) => csvMoney(m.movements.expansao.cents) },
  { header: "Reativação (R$)", value: (m) => csvMoney(m.movements.reativacao.cents) },
  { header: "Contração (R$)", value: (m) => csvMoney(m.movements.contracao.cents) },
  { header: "Churn (R$)", value: (m) => csvMoney(m.movements.churn.cents) },
  { header: "MRR final (R$)", value: (m) => csvMoney(m.endCents) },
  { header: "Clientes pagantes no fim", value: (m) => m.endClients },
  { header: "Churn de clientes", value: (m) => formatRate(m.logoChurn) },
  { header: "Churn de receita", value: (m) => formatRate(m.revenueChurn) },
  { header: "Retenção líquida", value: (m) => formatRate(m.netRetention) },
  { header: "LTV (R$)", value: (m) => (m.ltvCents === null ? "" : csvMoney(m.ltvCents)) },
];

/** The drill-down's export: the clients behind one month's movement. */
export const REVENUE_CLIENT_COLUMNS: CsvColumn<RevenueClientRow>[] = [
  { header: "Cliente", value: (r) => r.name },
  { header: "Negócio", value: (r) => r.businessName },
  { header: "Movimento", value: (r) => MRR_MOVEMENT_LABELS[r.movement] },
  { header: "Variação do MRR (R$)", value: (r) => csvMoney(signedCents(r)) },
];
