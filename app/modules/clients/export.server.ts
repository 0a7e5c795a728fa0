import { sql } from "drizzle-orm";
import { clients, plans, subscriptions } from "~/db/schema";
import { csvDate, csvMoney, type CsvColumn } from "~/server/http/csv.server";
import { isoText, streamRows } from "~/server/db-tools/stream-rows.server";
import type { ClientStatus, RenewalType, SubscriptionStatus } from "./clients.constants";
import {
  CLIENT_STATUS_LABELS,
  RENEWAL_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  type ClientSort,
} from "./clients.schema";
import { CLIENT_SORT_COLUMNS, clientSearch } from "./clients.server";

export interface ClientExportRow extends Record<string, unknown> {
  name: string;
  email: string;
  phone: string;
  businessName: string;
  status: ClientStatus;
  planName: string | null;
  subPlan: string | null;
  subPriceCents: number | null;
  subStatus: SubscriptionStatus | null;
  subRenewal: RenewalType | null;
  subStart: string | null;
  subEnd: string | null;
  createdAt: string;
}

const CLIENT_COLUMNS: CsvColumn<ClientExportRow>[] = [
  { header: "Nome", value: (r) => r.name },
  { header: "E-mail", value: (r) => r.email },
  { header: "Telefone", value: (r) => r.phone },
  { header: "Negócio", value: (r) => r.businessName },
  { header: "Status", value: (r) => CLIENT_STATUS_LABELS[r.status] ?? r.status },
  { header: "Plano", value: (r) => r.planName },
  { header: "Assinatura atual: plano", value: (r) => r.subPlan },
  { header: "Assinatura atual: valor mensal (R$)", value: (r) => csvMoney(r.subPriceCents) },
  {
    header: "Assinatura atual: status",
    value: (r) => (r.subStatus ? SUBSCRIPTION_STATUS_LABELS[r.subStatus] : null),
  },
  {
    header: "Assinatura atual: renovação",
    value: (r) => (r.subRenewal ? RENEWAL_LABELS[r.subRenewal] : null),
  },
  { header: "Assinatura atual: início", value: (r) => csvDate(r.subStart) },
  { header: "Assinatura atual: término", value: (r) => csvDate(r.subEnd) },
  { header: "Cadastrado em", value: (r) => csvDate(r.createdAt) },
];

/**
 * The clients list as CSV rows, with the list's search and sort, each client
 * with its current subscription: the `ativa` one ending last, else the latest one.
 */
export function exportClients({
  q = "",
  sort = "created_at",
  dir = "desc",
  batchSize,
}: {
  q?: string;
  sort?: ClientSort;
  dir?: "asc" | "desc";
  /** Rows per database read (tests use small ones to cross batch boundaries). */
  batchSize?: number;
}) {
  const rows = streamRows<ClientExportRow>({
    columns: sql`${clients.name} as "name", ${clients.email} as "email", ${clients.phone} as "phone",
      ${clients.businessName} as "businessName", ${clients.status} as "status", ${plans.name} as "planName",
      cur.plan_name as "subPlan", cur.price_cents as "subPriceCents", cur.status as "subStatus",
      cur.renewal_type as "subRenewal", cur.start_date::text as "subStart", cur.end_date::text as "subEnd",
      ${isoText(clients.createdAt)} as "createdAt"`,
    from: sql`${clients}
      left join ${plans} on ${plans.id} = ${clients.planId}
      left join lateral (
        select s.status, s.renewal_type, s.start_date, s.end_date, sp.name as plan_name, sp.price_cents
        from ${subscriptions} s join ${plans} sp on sp.id = s.plan_id
        where s.client_id = ${clients.id}
        order by (s.status = 'ativa') desc, s.end_date desc, s.created_at desc
        limit 1
      ) cur on true`,
    where: clientSearch(q),
    keys: [
      {
        expr: CLIENT_SORT_COLUMNS[sort] ?? clients.createdAt,
        type: sort === "created_at" ? "timestamptz" : "text",
      },
      { expr: clients.id, type: "uuid" },
    ],
    dir,
    batchSize,
  });
  return { columns: CLIENT_COLUMNS, rows };
}
