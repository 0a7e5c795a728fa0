import { sql } from "drizzle-orm";
import { charges, clients } from "~/db/schema";
import { isoText, streamRows, type StreamKey } from "~/server/db-tools/stream-rows.server";
import { csvDate, csvDateTime, csvMoney, type CsvColumn } from "~/server/http/csv.server";
import type { ChargeStatus, PaymentMethod } from "./billing.constants";
import { CHARGE_STATUS_LABELS, PAYMENT_METHOD_LABELS } from "./billing.schema";
import { chargeFilter, type ChargeFilters, type ChargeSort } from "./list.server";

export interface ChargeExportRow extends Record<string, unknown> {
  number: string;
  clientName: string;
  businessName: string;
  document: string | null;
  status: ChargeStatus;
  lines: { d: string; c: number }[] | null;
  periodStart: string | null;
  periodEnd: string | null;
  dueDate: string;
  subtotalCents: number;
  discountCents: number;
  amountCents: number;
  paidOn: string | null;
  paidAmountCents: number | null;
  paymentMethod: PaymentMethod | null;
  cancelReason: string | null;
  pixTxid: string | null;
  createdAt: string;
}

const CHARGE_COLUMNS: CsvColumn<ChargeExportRow>[] = [
  { header: "Número", value: (r) => r.number },
  { header: "Cliente", value: (r) => r.clientName },
  { header: "Negócio", value: (r) => r.businessName },
  { header: "CPF/CNPJ", value: (r) => r.document },
  { header: "Status", value: (r) => CHARGE_STATUS_LABELS[r.status] ?? r.status },
  {
    header: "Itens",
    value: (r) => (r.lines ?? []).map((l) => `${l.d}: ${csvMoney(l.c)}`).join(" | "),
  },
  { header: "Período: início", value: (r) => csvDate(r.periodStart) },
  { header: "Período: fim", value: (r) => csvDate(r.periodEnd) },
  { header: "Vencimento", value: (r) => csvDate(r.dueDate) },
  { header: "Subtotal (R$)", value: (r) => csvMoney(r.subtotalCents) },
  { header: "Desconto (R$)", value: (r) => csvMoney(r.discountCents) },
  { header: "Valor (R$)", value: (r) => csvMoney(r.amountCents) },
  { header: "Pago em", value: (r) => csvDate(r.paidOn) },
  { header: "Valor pago (R$)", value: (r) => csvMoney(r.paidAmountCents) },
  {
    header: "Forma de pagamento",
    value: (r) => (r.paymentMethod ? PAYMENT_METHOD_LABELS[r.paymentMethod] : null),
  },
  { header: "Motivo do cancelamento", value: (r) => r.cancelReason },
  { header: "PIX txid", value: (r) => r.pixTxid },
  { header: "Emitida em", value: (r) => csvDateTime(r.createdAt) },
];

// The export's order keys per list sort: the same columns as the list (list.server.ts), with the
// id last so batches never skip or repeat a row.
const SORT_KEYS: Record<ChargeSort, StreamKey> = {
  due_date: { expr: charges.dueDate, type: "date" },
  amount: { expr: charges.amountCents, type: "integer" },
  number: { expr: charges.number, type: "text" },
  created_at: { expr: charges.createdAt, type: "timestamptz" },
};

/**
 * Financeiro as CSV rows: the list's filters (chargeFilter, shared with the
 * page, so list and export cannot drift) and sort, every matching charge with its lines in one
 * cell, streamed in batches (decision 014).
 */
export function exportCharges({
  filters = {},
  sort = "due_date",
  dir = "desc",
  batchSize,
}: {
  filters?: ChargeFilters;
  sort?: ChargeSort;
  dir?: "asc" | "desc";
  /** Rows per database read (tests use small ones to cross batch boundaries). */
  batchSize?: number;
}) {
  const rows = streamRows<ChargeExportRow>({
    columns: sql`${charges.number} as "number", ${clients.name} as "clientName",
      ${clients.businessName} as "businessName", ${clients.document} as "document",
      ${charges.status} as "status",
      (select json_agg(json_build_object('d', l.description, 'c', l.amount_cents) order by l.position)
         from charge_lines l where l.charge_id = ${charges.id}) as "lines",
      ${charges.periodStart}::text as "periodStart", ${charges.periodEnd}::text as "periodEnd",
      ${charges.dueDate}::text as "dueDate", ${charges.subtotalCents} as "subtotalCents",
      ${charges.discountCents} as "discountCents", ${charges.amountCents} as "amountCents",
      ${charges.paidOn}::text as "paidOn", ${charges.paidAmountCents} as "paidAmountCents",
      ${charges.paymentMethod} as "paymentMethod", ${charges.cancelReason} as "cancelReason",
      ${charges.pixTxid} as "pixTxid", ${isoText(charges.createdAt)} as "createdAt"`,
    from: sql`${charges} join ${clients} on ${clients.id} = ${charges.clientId}`,
    where: chargeFilter(filters),
    keys: [SORT_KEYS[sort] ?? SORT_KEYS.due_date, { expr: charges.id, type: "uuid" }],
    dir,
    batchSize,
  });
  return { columns: CHARGE_COLUMNS, rows };
}
