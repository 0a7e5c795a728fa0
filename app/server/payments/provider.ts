// One interface for every payment provider (issue 31). The billing module talks only to this;
// adding Iugu, Pagar.me, Efí or Mercado Pago means one more adapter in this folder.

/** The payer as the provider needs to know it. */
export interface ProviderCustomerInput {
  /** Our client id: sent as the provider's external reference so a retry finds the same customer. */
  externalReference: string;
  name: string;
  email?: string | null;
  /** CPF or CNPJ, digits only. */
  document?: string | null;
  phone?: string | null;
  /** The provider's id when the customer already exists there (update instead of create). */
  providerCustomerId?: string | null;
}

export interface ProviderChargeInput {
  /** Our charge id: the external reference that maps webhooks and retries back to the charge. */
  externalReference: string;
  providerCustomerId: string | null;
  amountCents: number;
  /** YYYY-MM-DD. */
  dueDate: string;
  description: string;
  /** Used by the static PIX adapter (the charge number is its txid). */
  chargeNumber?: string;
}

export interface ProviderCharge {
  providerId: string;
  /** The provider's own page where the payer chooses PIX, boleto or card; null for static PIX. */
  paymentUrl: string | null;
  /** PIX "copia e cola". */
  pixPayload: string | null;
  /** A PNG data URL of the PIX QR code, when the provider draws one. */
  pixQrImage?: string | null;
  /** The boleto's "linha digitável", when there is one. */
  boletoLine?: string | null;
}

/** A provider's status reduced to what a charge can become here. */
export type ProviderChargeStatus = "pendente" | "paga" | "vencida" | "estornada" | "cancelada";

export interface ProviderStatus {
  status: ProviderChargeStatus;
  /** The provider's raw status, for the record. */
  raw: string;
  paidOn: string | null;
  amountPaidCents: number | null;
  method: "pix" | "boleto" | "cartão" | null;
}

/** A webhook event, parsed. `kind` is what applying it does to the charge. */
export interface ProviderEvent {
  eventId: string;
  type: string;
  kind: "created" | "paid" | "overdue" | "refunded" | "deleted" | "ignored";
  providerPaymentId: string | null;
  externalReference: string | null;
  paidOn: string | null;
  amountPaidCents: number | null;
  method: "pix" | "boleto" | "cartão" | null;
}

export interface PaymentProvider {
  /** The name stored in charges.provider and provider_events.provider. */
  readonly name: string;
  /** False for static PIX: nobody tells us a payment happened, an admin records it. */
  readonly confirmsPayments: boolean;
  createCustomer(input: ProviderCustomerInput): Promise<{ providerCustomerId: string | null }>;
  createCharge(input: ProviderChargeInput): Promise<ProviderCharge>;
  /** A discount: the payment's new amount (its link stays; its dynamic PIX changes with it). */
  updateCharge(providerId: string, input: { amountCents: number; dueDate: string }): Promise<ProviderCharge>;
  cancel(providerId: string): Promise<void>;
  refund(providerId: string): Promise<void>;
  getStatus(providerId: string): Promise<ProviderStatus | null>;
  /** "Testar conexão": true when the credentials work. */
  testConnection(): Promise<{ ok: true } | { ok: false; message: string }>;
  /** Checks the request's credentials (constant time). */
  verifyWebhook(headers: Headers): boolean;
  /** Reads a verified webhook body; null when it is not an event we understand. */
  parseWebhook(body: unknown): ProviderEvent | null;
}

/**
 * A failed provider call. `retryable` says whether the same call may succeed later (network,
 * timeout, 429, 5xx) or never will as sent (4xx: bad data, bad key) — the job retries only the former.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
