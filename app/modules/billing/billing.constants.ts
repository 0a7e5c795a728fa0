// Client-safe vocabulary of billing: the forms (browser), the zod schemas and the database's
// CHECK constraints (app/db/schema/billing.ts) all read these lists.
export const CHARGE_STATUSES = [
  "pendente",
  "paga",
  "vencida",
  "cancelada",
  "estornada",
  "contestada",
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
/**
 * Statuses in which a charge is a debt the client can pay, chased by reminders and suspension and
 * counted in "A receber": open, overdue, or charged back by the card network (contestada: the
 * money was taken back, so it is owed again). A refund (estornada) is money the business chose to
 * give back: it is not a debt.
 */
export const PAYABLE_CHARGE_STATUSES = ["pendente", "vencida", "contestada"] as const;
export const isPayable = (status: string) => (PAYABLE_CHARGE_STATUSES as readonly string[]).includes(status);
/** Who recorded a payment: an admin ("Registrar pagamento") or the payment provider, read back. */
export const PAYMENT_SOURCES = ["manual", "provedor"] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
/**
 * Money that does not match its charge (Financeiro → Divergências): paid less, paid more, paid for
 * a cancelled charge, paid twice, or paid through a provider payment that is not the charge's.
 */
export const DIVERGENCE_KINDS = [
  "parcial",
  "excedente",
  "cobranca_cancelada",
  "duplicidade",
  "pagamento_nao_vinculado",
] as const;
export type DivergenceKind = (typeof DIVERGENCE_KINDS)[number];
/** How an admin settles a divergence; `quitada`: the rest was paid (set by the payment itself). */
export const DIVERGENCE_RESOLUTIONS = ["devolvido", "aplicado", "quitada", "sem_acao"] as const;
export type DivergenceResolution = (typeof DIVERGENCE_RESOLUTIONS)[number];
/** Where a charge comes from: a subscription period (mensalidade) or an admin's one-off charge. */
export const CHARGE_ORIGINS = ["assinatura", "avulsa"] as const;
export type ChargeOrigin = (typeof CHARGE_ORIGINS)[number];
/**
 * A charge line: the period (mensalidade), the activation fee, a one-off item, the prorated
 * difference of a plan upgraded "Agora" (ajuste), or a credit taken off (crédito, negative).
 */
export const CHARGE_LINE_KINDS = ["mensalidade", "ativação", "avulsa", "ajuste", "crédito"] as const;
export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];
export const PAYMENT_METHODS = ["pix", "boleto", "cartão", "dinheiro", "transferência"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Renewal charges are issued this many days before the current period ends (a setting). */
export const DEFAULT_RENEWAL_DAYS_BEFORE = 10;
/** "Prazo da primeira cobrança": business days from issue to due date (a setting, 1 to 30). */
export const DEFAULT_FIRST_CHARGE_BUSINESS_DAYS = 3;
export const FIRST_CHARGE_BUSINESS_DAYS_MAX = 30;
