import { pixCopiaECola, pixTxidFor } from "./pix-code";
import { pixQrDataUrl } from "./pix-qr.server";
import {
  ProviderError,
  type PaymentProvider,
  type ProviderCharge,
  type ProviderChargeInput,
} from "~/server/payments/provider";

export interface StaticPixConfig {
  key: string;
  name: string;
  city: string;
}

/**
 * Part 1's static PIX behind the provider interface. It has no server: the "charge" is a
 * copia e cola computed here, nobody confirms payments (an admin records them) and there is no
 * webhook — so cancel/refund/getPayment have nothing to ask and verifyWebhook refuses everything.
 */
export function staticPixProvider(config: StaticPixConfig | null): PaymentProvider {
  const code = async (txid: string, amountCents: number): Promise<ProviderCharge> => {
    const pixPayload = config ? pixCopiaECola({ ...config, amountCents, txid }) : null;
    return {
      providerId: txid,
      paymentUrl: null,
      pixPayload,
      pixQrImage: pixPayload ? await pixQrDataUrl(pixPayload) : null,
      boletoLine: null,
    };
  };
  return {
    name: "pix-estatico",
    confirmsPayments: false,
    async createCustomer() {
      return { providerCustomerId: null };
    },
    async createCharge(input: ProviderChargeInput) {
      return code(
        input.chargeNumber ? pixTxidFor(input.chargeNumber) : input.externalReference,
        input.amountCents,
      );
    },
    // The txid is the provider id: the same code with the new amount.
    async updateCharge(providerId, input) {
      return code(providerId, input.amountCents);
    },
    async cancel() {},
    async refund() {},
    async receiveInCash() {
      throw new ProviderError("O PIX estático não registra pagamentos: um administrador os registra.", false);
    },
    async getPayment() {
      return null;
    },
    async testConnection() {
      return config ? { ok: true } : { ok: false, message: "Chave PIX não configurada." };
    },
    verifyWebhook() {
      return false;
    },
    parseWebhook() {
      return null;
    },
  };
}
