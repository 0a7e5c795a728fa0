import { and, asc, desc, eq, exists, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows } from "~/db/client.server";
import { chargeLines, charges, chargeTotals as chargeTotalsTable, clients, subscriptions } from "~/db/schema";
import { isValidIsoDate } from "~/lib/dates";
import { isId } from "~/lib/ids";
import { clientSearch, clientSearchWithDocument } from "~/modules/clients/index.server";
import { listPage, type ListPage } from "~/server/db-tools/list-page.server";
import {
  CHARGE_LINE_KINDS,
  CHARGE_STATUSES,
  PAYABLE_CHARGE_STATUSES,
  PAYMENT_METHODS,
  type ChargeLineKind,
  type ChargeStatus,
  type PaymentMethod,
} from "./billing.constants";
import type { ChargeLineSummary } from "./charge-purpose";

/** Financeiro's list state, read from the URL against allow-lists (nothing reaches SQL raw). */
export const CHARGE_SORTS = ["due_date", "amount", "number", "created_at"] as const;
export type ChargeSort = (typeof CHARGE_SORTS)[number];
export const CHARGE_PAGE_SIZE = 30;

export interface ChargeFilters {
  status?: ChargeStatus | null;
  /** Due date range, São Paulo days "YYYY-MM-DD", both included. */
  from?: string | null;
  to?: string | null;
  clientId?: string | null;
  kind?: ChargeLineKind | null;
  method?: PaymentMethod | null;
  /** The client search (issue 45): name, business, e-mail or CPF/CNPJ, accents forgiven. */
  q?: string | null;
}

const pick = <T extends string>(list: readonly T[], v: string | null): T | null =>
  (list as readonly string[]).includes(v ?? "") ? (v as T) : null;

/** The filters of a Financeiro URL (?q=&status=&from=&to=&client=&kind=&method=). */
export function parseChargeFilters(sp: URLSearchParams): ChargeFilters {
  const day = (v: string | null) => (v && isValidIsoDate(v) ? v : null);
  const client = sp.get("client");
  const q = (sp.get("q") ?? "").trim().slice(0, 100);
  return {
    q: q || null,
    status: pick(CHARGE_STATUSES, sp.get("status")),
    from: day(sp.get("from")),
    to: day(sp.get("to")),
    clientId: client && isId(client) ? client : null,
    kind: pick(CHARGE_LINE_KINDS, sp.get("kind")),
    method: pick(PAYMENT_METHODS, sp.get("method")),
  };
}

export function chargeFilter(f: ChargeFilters): SQL | undefined {
  return and(
    f.status ? eq(charges.status, f.status) : undefined,
    f.from ? gte(charges.dueDate, f.from) : undefined,
    f.to ? lte(charges.dueDate, f.to) : undefined,
    f.clientId ? eq(charges.clientId, f.clientId) : undefined,
    // The matching clients first (their trigram indexes), then their charges (charges_client index).
    f.q
      ? inArray(
          charges.clientId,
          getDb().select({ id: clients.id }).from(clients).where(clientSearchWithDocument(f.q)),
        )
      : undefined,
    f.method ? eq(charges.paymentMethod, f.method) : undefined,
    f.kind
      ? exists(
          getDb()
            .select({ one: sql`1` })
            .from(chargeLines)
            .where(and(eq(chargeLines.chargeId, charges.id), eq(chargeLines.kind, f.kind))),
        )
      : undefined,
  );
}

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

export interface ChargeTotals {
  /** What is still owed on the filter's charges (pendente, vencida, contestada), parts paid deducted. */
  receivableCents: number;
  /** Money received (whole or partial payments), paid within the filter's date range when one is given. */
  receivedCents: number;
  /** What is still owed on vencida charges. */
  overdueCents: number;
}

type TotalsRow = { receivable: string; overdue: string; received: string };
const toTotals = (row: TotalsRow): ChargeTotals => ({
  receivableCents: Number(row.receivable),
  receivedCents: Number(row.received),
  overdueCents: Number(row.overdue),
});

const KIND_BITS: Record<ChargeLineKind, number> = { mensalidade: 1, ativação: 2, avulsa: 4 };

/** The statuses "A receber" counts: everything owed (PAYABLE_CHARGE_STATUSES), as an SQL list. */
const OWED_STATUSES = sql`(${sql.join(
  PAYABLE_CHARGE_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)})`;

/**
 * The totals above the list, for the same filter: "a receber", "recebido no período" (by the
 * payment date when a period is chosen: money that came in then) and "vencido". They are read
 * from charge_totals (decision 030), which the database keeps in step with every charge; a client
 * filter or a client search reads those clients' charges directly, which its index keeps small.
 */
export async function chargeTotals(filters: ChargeFilters = {}): Promise<ChargeTotals> {
  if (filters.clientId || filters.q) return chargeTotalsFromCharges(filters);
  const { status, from, to, method, kind } = filters;
  const common = and(
    method ? eq(chargeTotalsTable.paymentMethod, method) : undefined,
    kind ? sql`(${chargeTotalsTable.lineKinds} & ${KIND_BITS[kind]}) <> 0` : undefined,
    from ? gte(chargeTotalsTable.day, from) : undefined,
    to ? lte(chargeTotalsTable.day, to) : undefined,
  );
  const byStatus = status ? eq(chargeTotalsTable.status, status) : undefined;
  const due = and(eq(chargeTotalsTable.basis, "due"), common, byStatus);
  // Parts already paid of open charges, by due date: what is owed is the amount minus them.
  const partial = and(eq(chargeTotalsTable.basis, "partial"), common, byStatus);
  const paid = and(eq(chargeTotalsTable.basis, "paid"), common);
  const [row] = await queryRows<TotalsRow>(
    getDb(),
    sql`select
          (select coalesce(sum(amount_cents), 0) from charge_totals
            where ${due} and status in ${OWED_STATUSES})
          - (select coalesce(sum(amount_cents), 0) from charge_totals where ${partial}) as receivable,
          (select coalesce(sum(amount_cents), 0) from charge_totals
            where ${due} and status = 'vencida')
          - (select coalesce(sum(amount_cents), 0) from charge_totals
              where ${partial} and status = 'vencida') as overdue,
          (select coalesce(sum(amount_cents), 0) from charge_totals where ${paid}) as received`,
  );
  return toTotals(row);
}

/** The same totals summed from the charges themselves: the client filter, and the check of the table. */
export async function chargeTotalsFromCharges(filters: ChargeFilters = {}): Promise<ChargeTotals> {
  const { from, to, ...rest } = filters;
  const dueRange = chargeFilter(filters) ?? sql`true`;
  const paidRange =
    and(
      chargeFilter({ ...rest, status: null }),
      sql`${charges.paidOn} is not null`,
      from ? gte(charges.paidOn, from) : undefined,
      to ? lte(charges.paidOn, to) : undefined,
    ) ?? sql`true`;
  const owed = sql`amount_cents - coalesce(paid_amount_cents, 0)`;
  const [row] = await queryRows<TotalsRow>(
    getDb(),
    sql`select
          (select coalesce(sum(${owed}), 0) from charges
            where ${dueRange} and status in ${OWED_STATUSES}) as receivable,
          (select coalesce(sum(${owed}), 0) from charges
            where ${dueRange} and status = 'vencida') as overdue,
          (select coalesce(sum(paid_amount_cents), 0) from charges where ${paidRange}) as received`,
  );
  return toTotals(row);
}

export interface BillingFigures {
  /** Payments recorded with a payment date in São Paulo's current month. */
  receivedThisMonthCents: number;
  /** Charges marked vencida: their sum and how many. */
  overdueCents: number;
  overdueCount: number;
}

/** How many charges are vencida, from charge_totals (kept by triggers, decision 030). */
const OVERDUE_COUNT = sql`(select coalesce(sum(charges), 0) from charge_totals where basis = 'due' and status = 'vencida')`;

/** The sidebar's count on "Financeiro" (issue 45): the charges marked vencida (for readCounts). */
export const overdueChargesCount = (): SQL => OVERDUE_COUNT;

/** The dashboard's "Recebido no mês" and "Em atraso" cards, from charge_totals. */
export async function getBillingFigures({ today }: { today: string }): Promise<BillingFigures> {
  const monthStart = `${today.slice(0, 8)}01`;
  const [row] = await queryRows<{ received: string; overdue: string; overdue_count: string }>(
    getDb(),
    sql`select
          (select coalesce(sum(amount_cents), 0) from charge_totals
            where basis = 'paid' and day >= ${monthStart}::date and day <= ${today}::date) as received,
          (select coalesce(sum(amount_cents), 0) from charge_totals where basis = 'due' and status = 'vencida')
          - (select coalesce(sum(amount_cents), 0) from charge_totals where basis = 'partial' and status = 'vencida') as overdue,
          ${OVERDUE_COUNT} as overdue_count`,
  );
  return {
    receivedThisMonthCents: Number(row.received),
    overdueCents: Number(row.overdue),
    overdueCount: Number(row.overdue_count),
  };
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
