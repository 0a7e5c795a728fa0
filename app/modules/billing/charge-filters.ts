// Financeiro's filters and their URL, client-safe: the page parses them, the dashboard's cards
// build their links with them, so a card's link opens exactly the rows its figure sums.
import { isValidIsoDate } from "~/lib/dates";
import { isId } from "~/lib/ids";
import {
  CHARGE_LINE_KINDS,
  CHARGE_STATUSES,
  PAYMENT_METHODS,
  type ChargeLineKind,
  type ChargeStatus,
  type PaymentMethod,
} from "./billing.constants";

export interface ChargeFilters {
  status?: ChargeStatus | null;
  /** Due date range, São Paulo days "YYYY-MM-DD", both included. */
  from?: string | null;
  to?: string | null;
  /** Payment date range (the day the money came in), both included: charges never paid are out. */
  paidFrom?: string | null;
  paidTo?: string | null;
  clientId?: string | null;
  kind?: ChargeLineKind | null;
  method?: PaymentMethod | null;
  /** The client search: name, business, e-mail or CPF/CNPJ, accents forgiven. */
  q?: string | null;
}

const pick = <T extends string>(list: readonly T[], v: string | null): T | null =>
  (list as readonly string[]).includes(v ?? "") ? (v as T) : null;

/** Each filter's URL parameter, in the order the links write them. */
const PARAMS = {
  q: "q",
  status: "status",
  from: "from",
  to: "to",
  paidFrom: "paid_from",
  paidTo: "paid_to",
  clientId: "client",
  kind: "kind",
  method: "method",
} as const satisfies Record<keyof ChargeFilters, string>;

/** The filters of a Financeiro URL (?q=&status=&from=&to=&paid_from=&paid_to=&client=&kind=&method=). */
export function parseChargeFilters(sp: URLSearchParams): ChargeFilters {
  const day = (v: string | null) => (v && isValidIsoDate(v) ? v : null);
  const client = sp.get(PARAMS.clientId);
  const q = (sp.get(PARAMS.q) ?? "").trim().slice(0, 100);
  return {
    q: q || null,
    status: pick(CHARGE_STATUSES, sp.get(PARAMS.status)),
    from: day(sp.get(PARAMS.from)),
    to: day(sp.get(PARAMS.to)),
    paidFrom: day(sp.get(PARAMS.paidFrom)),
    paidTo: day(sp.get(PARAMS.paidTo)),
    clientId: client && isId(client) ? client : null,
    kind: pick(CHARGE_LINE_KINDS, sp.get(PARAMS.kind)),
    method: pick(PAYMENT_METHODS, sp.get(PARAMS.method)),
  };
}

/** The Financeiro page showing exactly these filters: what a card links to. */
export function chargeListPath(filters: ChargeFilters): string {
  const sp = new URLSearchParams();
  for (const [key, param] of Object.entries(PARAMS) as [keyof ChargeFilters, string][]) {
    const value = filters[key];
    if (value) sp.set(param, value);
  }
  const search = sp.toString();
  return search ? `/admin/billing?${search}` : "/admin/billing";
}

/** Whether any filter narrows the list (the cards then say "nas cobranças filtradas"). */
export const hasChargeFilter = (filters: ChargeFilters) =>
  Object.keys(PARAMS).some((key) => Boolean(filters[key as keyof ChargeFilters]));
