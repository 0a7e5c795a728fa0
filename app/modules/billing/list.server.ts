import { and, asc, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { chargeLines, charges, clients, subscriptions } from "~/db/schema";
import { clientSearch } from "~/modules/clients/index.server";
import { listPage, type ListPage } from "~/server/db-tools/list-page.server";
import type { ChargeStatus, PaymentMethod } from "./billing.constants";
import type { ChargeFilters } from "./charge-filters";
import { chargeFilter } from "./charge-where.server";
import type { ChargeLineSummary } from "./charge-purpose";

// The filters live in ./charge-filters (client-safe: the dashboard's links build them), their
// WHERE in ./charge-where.server and the cards' totals in ./totals.server; re-exported here, where
// their callers import them.
export { parseChargeFilters, type ChargeFilters } from "./charge-filters";
export { chargeFilter } from "./charge-where.server";
export {
  chargeTotals,
  chargeTotalsFromCharges,
  getBillingFigures,
  overdueChargesCount,
  type BillingFigures,
  type ChargeTotals,
} from "./totals.server";

/** Financeiro's list state, read from the URL against allow-lists (nothing reaches SQL raw). */
export const CHARGE_SORTS = ["due_date", "amount", "number", "created_at"] as const;
export type ChargeSort = (typeof CHARGE_SORTS)[number];
export const CHARGE_PAGE_SIZE = 30;

const SORT_COLUMNS = {
  due_date: charges.dueDate,
  amount: charges.amountCents,
  number: charges.number,
  created_at: charges.createdAt,
} as const satisfies Record<ChargeSort, unknown>;

export interface ChargeListRow {
  id: string;
  number: string;
  clientId: string;
  clientName: string;
  clientPhone: string;
  businessName: string;
  status: ChargeStatus;
  amountCents: number;
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  paidOn: string | null;
  /** What was really paid: a part of the amount while open, the amount (or more) once paga. */
  paidAmountCents: number | null;
  paymentMethod: PaymentMethod | null;
  pixTxid: string | null;
  providerId: string | null;
  providerAmountCents: number | null;
  providerPaymentUrl: string | null;
  providerPixPayload: string | null;
  providerError: string | null;
  providerNextAttemptAt: Date | null;
  /** The charge's lines (kind and description, in order): what it is for (chargePurpose). */
  lines: ChargeLineSummary[] | null;
}

/** One page of charges, filtered and sorted on the server (indexes in app/db/schema/billing.ts). */
export async function listCharges({
  filters = {},
  sort = "due_date",
  dir = "desc",
  page = 1,
  pageSize = CHARGE_PAGE_SIZE,
}: {
  filters?: ChargeFilters;
  sort?: ChargeSort;
  dir?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}): Promise<ListPage<ChargeListRow>> {
  const db = getDb();
  return listPage({
    filter: chargeFilter(filters),
    candidates: (where) =>
      db.select({ id: charges.id, createdAt: charges.createdAt }).from(charges).where(where).getSQL(),
    countRows: (where) =>
      db
        .select({ one: sql`1` })
        .from(charges)
        .where(where)
        .getSQL(),
    idIn: (ids) => inArray(charges.id, ids),
    fetch: (where, limit, offset) => chargeRows({ where, sort, dir, limit, offset }),
    page,
    pageSize,
  });
}

/** Financeiro's rows for a where clause, in the list's order (the page query of listCharges). */
function chargeRows({
  where,
  sort,
  dir,
  limit,
  offset = 0,
}: {
  where: SQL | undefined;
  sort: ChargeSort;
  dir: "asc" | "desc";
  limit: number;
  offset?: number;
}): Promise<ChargeListRow[]> {
  const order = dir === "asc" ? asc : desc;
  return getDb()
    .select({
      id: charges.id,
      number: charges.number,
      clientId: charges.clientId,
      clientName: clients.name,
      clientPhone: clients.phone,
      businessName: clients.businessName,
      status: charges.status,
      amountCents: charges.amountCents,
      dueDate: charges.dueDate,
      periodStart: charges.periodStart,
      periodEnd: charges.periodEnd,
      paidOn: charges.paidOn,
      paidAmountCents: charges.paidAmountCents,
      paymentMethod: charges.paymentMethod,
      pixTxid: charges.pixTxid,
      providerId: charges.providerId,
      providerAmountCents: charges.providerAmountCents,
      providerPaymentUrl: charges.providerPaymentUrl,
      providerPixPayload: charges.providerPixPayload,
      providerError: charges.providerError,
      providerNextAttemptAt: charges.providerNextAttemptAt,
      lines: sql<ChargeLineSummary[] | null>`(
        select jsonb_agg(jsonb_build_object('kind', ${chargeLines.kind}, 'description', ${chargeLines.description})
                         order by ${chargeLines.position})
          from ${chargeLines} where ${chargeLines.chargeId} = ${charges.id})`,
    })
    .from(charges)
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(where)
    .orderBy(order(SORT_COLUMNS[sort] ?? charges.dueDate), order(charges.id))
    .limit(limit)
    .offset(offset);
}

/** The first `limit` rows of a filtered, sorted Financeiro list, without its total ("Hoje"). */
export function listChargeRows({
  filters = {},
  sort = "due_date",
  dir = "desc",
  limit = CHARGE_PAGE_SIZE,
}: {
  filters?: ChargeFilters;
  sort?: ChargeSort;
  dir?: "asc" | "desc";
  limit?: number;
}): Promise<ChargeListRow[]> {
  return chargeRows({ where: chargeFilter(filters), sort, dir, limit });
}

export interface BillableClient {
  id: string;
  name: string;
  businessName: string;
}

/**
 * "Nova cobrança avulsa"'s client picker: clients with a subscription (the ones billed), found by
 * name, e-mail or business as the clients list searches, A→Z, at most `limit`.
 */
export async function searchBillableClients({
  q = "",
  limit = 20,
}: {
  q?: string;
  limit?: number;
}): Promise<BillableClient[]> {
  const db = getDb();
  return db
    .select({ id: clients.id, name: clients.name, businessName: clients.businessName })
    .from(clients)
    .where(
      and(
        exists(
          db
            .select({ one: sql`1` })
            .from(subscriptions)
            .where(eq(subscriptions.clientId, clients.id)),
        ),
        clientSearch(q.trim().slice(0, 100)),
      ),
    )
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(limit);
}
