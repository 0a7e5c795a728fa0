// One interface for every payment provider. The billing module talks only to this;
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
  /** The fiscal address, when the client gave it (a tax invoice is issued to it). */
  address?: ProviderAddress | null;
  /**
   * Bring a customer found by our reference up to date with what is sent (a tax invoice is
   * issued to the provider's copy of the client, which may predate its CPF/CNPJ or address).
   */
  update?: boolean;
}

export interface ProviderAddress {
  /** CEP, digits only: the provider fills the city from it. */
  postalCode: string;
  street: string;
  number: string;
  complement?: string | null;
  district: string;
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

/**
 * What a provider's payment is, reduced to what matters to a charge here. `recebido` covers a
 * payment confirmed or received (and a refund only requested, while the money is still held);
 * `recebido_em_dinheiro` is a payment marked received outside the provider ("Registrar
 * pagamento" mirrored there); `contestado` a chargeback in any of its steps.
 */
export type ProviderPaymentState =
  "aberto" | "vencido" | "recebido" | "recebido_em_dinheiro" | "estornado" | "contestado" | "removido";

/** A payment as the provider itself reports it (`GET /payments/{id}`): the fact behind a notice. */
export interface ProviderPayment {
  id: string;
  /** The charge id we sent when creating it; null when somebody created it elsewhere without one. */
  externalReference: string | null;
  state: ProviderPaymentState;
  /** The provider's raw status, for the record. */
  raw: string;
  /** The payment's value: what it asks for while open, what was paid once received. */
  valueCents: number;
  /** The day the payer paid (received states only). */
  paidOn: string | null;
  method: "pix" | "boleto" | "cartão" | null;
}

/**
 * A webhook, parsed. It is only a notice that something happened to a payment: nothing is applied
 * from it until the payment is read back from the provider (DESIGN §10). `kind` says whether it is
 * about a payment at all.
 */
export interface ProviderEvent {
  eventId: string;
  type: string;
  kind: "payment" | "invoice" | "ignored";
  providerPaymentId: string | null;
  /** The tax invoice an `invoice` event is about (read back with getInvoice, like a payment). */
  providerInvoiceId?: string | null;
}

/** A tax invoice (NFS-e) to issue for a paid charge (decision 045). Rates in basis points. */
export interface ProviderInvoiceInput {
  /** Our charge id: a retry finds the note already asked for instead of asking twice. */
  externalReference: string;
  /** The provider's payment the note is for. */
  providerPaymentId: string;
  valueCents: number;
  serviceDescription: string;
  observations: string;
  /** YYYY-MM-DD: the day the provider issues it. */
  effectiveDate: string;
  municipalServiceCode: string;
  municipalServiceName: string;
  taxes: {
    retainIss: boolean;
    issBp: number;
    pisBp: number;
    cofinsBp: number;
    csllBp: number;
    irBp: number;
    inssBp: number;
  };
  /** The IBS/CBS group of the 2026 layout; null when the regime does not send it. */
  ibsCbs: {
    cst: string;
    classification: string;
    operationIndicator: string | null;
    nbsCode: string | null;
  } | null;
}

/**
 * A note's state as the provider reports it: `cancelando` is a cancellation asked for and not
 * answered yet by the city (the note still stands).
 */
export type ProviderInvoiceState =
  "agendada" | "emitida" | "erro" | "cancelando" | "cancelada" | "cancelamento_negado";

/** A note as the provider itself reports it (`GET /invoices/{id}`). */
export interface ProviderInvoice {
  id: string;
  externalReference: string | null;
  state: ProviderInvoiceState;
  raw: string;
  /** The provider's words for an error or a denied cancellation. */
  statusDescription: string | null;
  number: string | null;
  validationCode: string | null;
  pdfUrl: string | null;
  xmlUrl: string | null;
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
  /** Marks an open payment as received outside the provider (an admin's "Registrar pagamento"). */
  receiveInCash(providerId: string, input: { paidOn: string; amountCents: number }): Promise<ProviderPayment>;
  /** The payment as the provider has it; null when the provider does not know that id. */
  getPayment(providerId: string): Promise<ProviderPayment | null>;
  /** "Testar conexão": true when the credentials work. */
  testConnection(): Promise<{ ok: true } | { ok: false; message: string }>;
  /**
   * Tax invoices (NFS-e), for the providers that issue them (Asaas); absent on static PIX. Issuing
   * is idempotent by `externalReference`: a retry returns the note already asked for.
   */
  issueInvoice?(input: ProviderInvoiceInput): Promise<ProviderInvoice>;
  /** Asks again for a note the city refused ("Emitir novamente" after an error). */
  authorizeInvoice?(providerId: string): Promise<ProviderInvoice>;
  cancelInvoice?(providerId: string): Promise<ProviderInvoice>;
  /** The note as the provider has it; null when it does not know that id. */
  getInvoice?(providerId: string): Promise<ProviderInvoice | null>;
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
