// Client-safe vocabulary of billing: the forms (browser), the zod schemas and the database's
// CHECK constraints (app/db/schema/billing.ts) all read these lists.
export const CHARGE_STATUSES = ["pendente", "paga", "vencida", "cancelada", "estornada"] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
/**
 * Statuses in which a charge is a debt the client can pay: open, overdue, or refunded by the
 * provider (issue 31: an estornada charge is open as a debt again).
 */
export const PAYABLE_CHARGE_STATUSES = ["pendente", "vencida", "estornada"] as const;
export const isPayable = (status: string) => (PAYABLE_CHARGE_STATUSES as readonly string[]).includes(status);
/** Where a charge comes from: a subscription period (mensalidade) or an admin's one-off charge. */
export const CHARGE_ORIGINS = ["assinatura", "avulsa"] as const;
export type ChargeOrigin = (typeof CHARGE_ORIGINS)[number];
export const CHARGE_LINE_KINDS = ["mensalidade", "ativação", "avulsa"] as const;
export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];
export const PAYMENT_METHODS = ["pix", "boleto", "cartão", "dinheiro", "transferência"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Renewal charges are issued this many days before the current period ends (a setting). */
export const DEFAULT_RENEWAL_DAYS_BEFORE = 10;
