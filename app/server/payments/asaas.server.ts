import { createHash, timingSafeEqual } from "node:crypto";
import {
  ProviderError,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderInvoice,
  type ProviderInvoiceInput,
  type ProviderInvoiceState,
  type ProviderPayment,
  type ProviderPaymentState,
} from "./provider";

export interface AsaasConfig {
  apiKey: string;
  /** https://api-sandbox.asaas.com or https://api.asaas.com (a trailing /v3 or /api is accepted). */
  apiUrl: string;
  webhookToken: string;
  /** Per-call limit: a hung provider must not hold a job forever. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Asaas is configured when all three ASAAS_* variables are set. */
export function asaasConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AsaasConfig | null {
  const apiKey = env.ASAAS_API_KEY?.trim();
  const apiUrl = env.ASAAS_API_URL?.trim();
  const webhookToken = env.ASAAS_WEBHOOK_TOKEN?.trim();
  if (!apiKey || !apiUrl || !webhookToken) return null;
  return { apiKey, apiUrl, webhookToken };
}

/** Constant-time comparison: hashing first makes both sides the same length. */
export function sameSecret(given: string | null, expected: string): boolean {
  if (given == null || expected === "") return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

function v3Base(apiUrl: string): string {
  return `${apiUrl.replace(/\/+$/, "").replace(/\/v3$/, "")}/v3`;
}

/** Asaas speaks reais with two decimals; we keep integer cents. */
const toReais = (cents: number) => Math.round(cents) / 100;
const toCents = (value: unknown) => (typeof value === "number" ? Math.round(value * 100) : null);

function methodOf(billingType: unknown): ProviderPayment["method"] {
  if (billingType === "PIX") return "pix";
  if (billingType === "BOLETO") return "boleto";
  if (billingType === "CREDIT_CARD" || billingType === "DEBIT_CARD") return "cartão";
  return null;
}

// Asaas's payment statuses (docs.asaas.com, "Eventos para cobranças"). A refund only requested or
// in progress still holds the money, so it counts as received until REFUNDED. Unknown: open.
const STATE: Record<string, ProviderPaymentState> = {
  PENDING: "aberto",
  AWAITING_RISK_ANALYSIS: "aberto",
  OVERDUE: "vencido",
  DUNNING_REQUESTED: "vencido",
  CONFIRMED: "recebido",
  RECEIVED: "recebido",
  DUNNING_RECEIVED: "recebido",
  REFUND_REQUESTED: "recebido",
  REFUND_IN_PROGRESS: "recebido",
  RECEIVED_IN_CASH: "recebido_em_dinheiro",
  REFUNDED: "estornado",
  CHARGEBACK_REQUESTED: "contestado",
  CHARGEBACK_DISPUTE: "contestado",
  AWAITING_CHARGEBACK_REVERSAL: "contestado",
};

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

/** The date a payment was made: Asaas fills one of these depending on the method. */
function paidOnOf(p: Json): string | null {
  return str(p.clientPaymentDate) ?? str(p.paymentDate) ?? str(p.confirmedDate);
}

/** A payment as Asaas returns it, reduced to the facts a charge is checked against. */
function paymentOf(p: Json): ProviderPayment {
  const raw = String(p.status ?? "");
  const state: ProviderPaymentState = p.deleted === true ? "removido" : (STATE[raw] ?? "aberto");
  const received = state === "recebido" || state === "recebido_em_dinheiro";
  return {
    id: String(p.id),
    externalReference: str(p.externalReference),
    state,
    raw,
    valueCents: toCents(p.value) ?? 0,
    paidOn: received ? paidOnOf(p) : null,
    method: methodOf(p.billingType),
  };
}

// Asaas's invoice statuses (docs.asaas.com, "Eventos para notas fiscais"): scheduled and sent to the
// city hall are both still waiting; unknown ones too.
const INVOICE_STATE: Record<string, ProviderInvoiceState> = {
  SCHEDULED: "agendada",
  SYNCHRONIZED: "agendada",
  AUTHORIZATION_PENDING: "agendada",
  AUTHORIZED: "emitida",
  PROCESSING_CANCELLATION: "cancelando",
  CANCELED: "cancelada",
  CANCELLATION_DENIED: "cancelamento_negado",
  ERROR: "erro",
};

/** A note as Asaas returns it, reduced to what the invoices table keeps. */
function invoiceOf(i: Json): ProviderInvoice {
  const raw = String(i.status ?? "");
  return {
    id: String(i.id),
    externalReference: str(i.externalReference),
    state: INVOICE_STATE[raw] ?? "agendada",
    raw,
    statusDescription: str(i.statusDescription),
    number: i.number == null ? null : String(i.number),
    validationCode: str(i.validationCode),
    pdfUrl: str(i.pdfUrl),
    xmlUrl: str(i.xmlUrl),
  };
}

/** Basis points as Asaas's percentages (250 → 2.5). */
const toPercent = (bp: number) => Math.round(bp) / 100;

/**
 * `POST /v3/invoices` (docs.asaas.com, "Agendar nota fiscal"), plus the `ibsCbs` group of
 * "Adequando sua integração à Reforma Tributária" when the regime sends it (decision 045).
 */
export function invoiceBody(input: ProviderInvoiceInput): Json {
  const t = input.taxes;
  return {
    payment: input.providerPaymentId,
    serviceDescription: input.serviceDescription.slice(0, 1000),
    observations: input.observations.slice(0, 1000),
    externalReference: input.externalReference,
    value: toReais(input.valueCents),
    deductions: 0,
    effectiveDate: input.effectiveDate,
    municipalServiceCode: input.municipalServiceCode,
    municipalServiceName: input.municipalServiceName,
    taxes: {
      retainIss: t.retainIss,
      iss: toPercent(t.issBp),
      cofins: toPercent(t.cofinsBp),
      csll: toPercent(t.csllBp),
      inss: toPercent(t.inssBp),
      ir: toPercent(t.irBp),
      pis: toPercent(t.pisBp),
    },
    ...(input.ibsCbs
      ? {
          ibsCbs: {
            cst: input.ibsCbs.cst,
            classificationCode: input.ibsCbs.classification,
            ...(input.ibsCbs.operationIndicator
              ? { operationIndicator: input.ibsCbs.operationIndicator }
              : {}),
            ...(input.ibsCbs.nbsCode ? { nbsCode: input.ibsCbs.nbsCode } : {}),
          },
        }
      : {}),
  };
}

/** The Asaas REST v3 adapter (docs.asaas.com). Every call throws ProviderError on failure. */
export function asaasProvider(config: AsaasConfig): PaymentProvider {
  const base = v3Base(config.apiUrl);
  const doFetch = config.fetch ?? fetch;
  const timeoutMs = config.timeoutMs ?? 15_000;

  async function call(method: string, path: string, body?: unknown): Promise<Json> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          access_token: config.apiKey,
          "content-type": "application/json",
          accept: "application/json",
          "user-agent": "cardapio-digital",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ProviderError(`Asaas indisponível: ${(err as Error).message}`, true);
    }
    const text = await res.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {
      json = {};
    }
    if (!res.ok) {
      // Asaas answers 400 with { errors: [{ code, description }] }.
      const errors = Array.isArray(json.errors) ? (json.errors as Json[]) : [];
      const detail = errors
        .map((e) => str(e.description))
        .filter(Boolean)
        .join("; ");
      const retryable = res.status === 429 || res.status >= 500;
      throw new ProviderError(
        `Asaas respondeu ${res.status}${detail ? `: ${detail}` : ""}`,
        retryable,
        res.status,
      );
    }
    return json;
  }

  async function findByExternalReference(externalReference: string): Promise<Json | null> {
    const list = await call("GET", `/payments?externalReference=${encodeURIComponent(externalReference)}`);
    const data = Array.isArray(list.data) ? (list.data as Json[]) : [];
    return data.find((p) => p.deleted !== true) ?? null;
  }

  async function chargeOf(payment: Json): Promise<ProviderCharge> {
    const providerId = String(payment.id);
    // The dynamic PIX exists for every UNDEFINED/PIX payment; a failure here must not lose the
    // payment just created, so the QR is optional and the invoice link still reaches the payer.
    let pixPayload: string | null = null;
    let pixQrImage: string | null = null;
    try {
      const qr = await call("GET", `/payments/${encodeURIComponent(providerId)}/pixQrCode`);
      pixPayload = str(qr.payload);
      pixQrImage = str(qr.encodedImage) ? `data:image/png;base64,${String(qr.encodedImage)}` : null;
    } catch {
      pixPayload = null;
    }
    return {
      providerId,
      paymentUrl: str(payment.invoiceUrl),
      pixPayload,
      pixQrImage,
      boletoLine: str(payment.identificationField) ?? null,
    };
  }

  return {
    name: "asaas",
    confirmsPayments: true,

    async createCustomer(input) {
      const body = {
        name: input.name,
        email: input.email ?? undefined,
        cpfCnpj: input.document ?? undefined,
        mobilePhone: input.phone ?? undefined,
        externalReference: input.externalReference,
        notificationDisabled: true,
        // With the CEP Asaas fills the city (and district and street when not sent).
        ...(input.address
          ? {
              postalCode: input.address.postalCode,
              address: input.address.street,
              addressNumber: input.address.number,
              complement: input.address.complement ?? undefined,
              province: input.address.district,
            }
          : {}),
      };
      const update = async (id: string) => {
        const c = await call("PUT", `/customers/${encodeURIComponent(id)}`, body);
        return { providerCustomerId: String(c.id ?? id) };
      };
      if (input.providerCustomerId) return update(input.providerCustomerId);
      // A retry after a lost answer must not create a second customer.
      const found = await call(
        "GET",
        `/customers?externalReference=${encodeURIComponent(input.externalReference)}`,
      );
      const existing = Array.isArray(found.data) ? (found.data as Json[])[0] : undefined;
      if (existing?.id)
        return input.update ? update(String(existing.id)) : { providerCustomerId: String(existing.id) };
      const c = await call("POST", "/customers", body);
      return { providerCustomerId: String(c.id) };
    },

    async createCharge(input) {
      if (!input.providerCustomerId) throw new ProviderError("Cliente sem cadastro no Asaas.", false);
      // Asaas has no idempotency key: a job retried after a timeout first looks for the payment
      // it may already have created, by our charge id, so the charge exists there once.
      const existing = await findByExternalReference(input.externalReference);
      const payment =
        existing ??
        (await call("POST", "/payments", {
          customer: input.providerCustomerId,
          billingType: "UNDEFINED",
          value: toReais(input.amountCents),
          dueDate: input.dueDate,
          description: input.description.slice(0, 500),
          externalReference: input.externalReference,
        }));
      return chargeOf(payment);
    },

    async updateCharge(providerId, input) {
      const payment = await call("POST", `/payments/${encodeURIComponent(providerId)}`, {
        value: toReais(input.amountCents),
        dueDate: input.dueDate,
      });
      return chargeOf(payment);
    },

    async cancel(providerId) {
      await call("DELETE", `/payments/${encodeURIComponent(providerId)}`);
    },

    async refund(providerId) {
      await call("POST", `/payments/${encodeURIComponent(providerId)}/refund`, {});
    },

    async receiveInCash(providerId, input) {
      const p = await call("POST", `/payments/${encodeURIComponent(providerId)}/receiveInCash`, {
        paymentDate: input.paidOn,
        value: toReais(input.amountCents),
        notifyCustomer: false,
      });
      return paymentOf(p);
    },

    async getPayment(providerId) {
      try {
        return paymentOf(await call("GET", `/payments/${encodeURIComponent(providerId)}`));
      } catch (err) {
        if (err instanceof ProviderError && err.status === 404) return null;
        throw err;
      }
    },

    async issueInvoice(input) {
      // As with payments: no idempotency key at Asaas, so a retry first looks for the note it may
      // already have asked for, by our charge id. A cancelled one does not count.
      const found = await call(
        "GET",
        `/invoices?externalReference=${encodeURIComponent(input.externalReference)}`,
      );
      const data = Array.isArray(found.data) ? (found.data as Json[]) : [];
      const existing = data.find((i) => i.status !== "CANCELED");
      return invoiceOf(existing ?? (await call("POST", "/invoices", invoiceBody(input))));
    },

    async authorizeInvoice(providerId) {
      return invoiceOf(await call("POST", `/invoices/${encodeURIComponent(providerId)}/authorize`, {}));
    },

    async cancelInvoice(providerId) {
      return invoiceOf(await call("POST", `/invoices/${encodeURIComponent(providerId)}/cancel`, {}));
    },

    async getInvoice(providerId) {
      try {
        return invoiceOf(await call("GET", `/invoices/${encodeURIComponent(providerId)}`));
      } catch (err) {
        if (err instanceof ProviderError && err.status === 404) return null;
        throw err;
      }
    },

    async testConnection() {
      try {
        await call("GET", "/myAccount/status");
        return { ok: true };
      } catch (err) {
        const e = err as ProviderError;
        return {
          ok: false,
          message: e.status === 401 ? "Chave do Asaas recusada." : "Não foi possível falar com o Asaas.",
        };
      }
    },

    verifyWebhook(headers) {
      return sameSecret(headers.get("asaas-access-token"), config.webhookToken);
    },

    parseWebhook(body) {
      if (!body || typeof body !== "object") return null;
      const b = body as Json;
      const eventId = str(b.id);
      const type = str(b.event);
      if (!eventId || !type) return null;
      const p = (b.payment && typeof b.payment === "object" ? b.payment : {}) as Json;
      // Every payment event is read back the same way: its type says only that something changed.
      const providerPaymentId = str(p.id);
      // INVOICE_* events carry the note as `invoice`: read back the same way (decision 045).
      const i = (b.invoice && typeof b.invoice === "object" ? b.invoice : {}) as Json;
      const providerInvoiceId = str(i.id);
      if (type.startsWith("INVOICE_") && providerInvoiceId)
        return { eventId, type, kind: "invoice", providerPaymentId: null, providerInvoiceId };
      const kind = type.startsWith("PAYMENT_") && providerPaymentId ? "payment" : "ignored";
      return { eventId, type, kind, providerPaymentId };
    },
  };
}
