import { isPayable } from "./billing.constants";
import { pixCopiaECola } from "./pix-code";
import type { BillingSettings } from "./settings.server";

// Apart from charge-pix.server (which reads charges through billing.server) so the reminder and
// suspension e-mails, which billing.server reaches through suspension, can use the same rule.

export interface PayableCharge {
  status: string;
  amountCents: number;
  pixTxid: string | null;
  number: string;
  /** What the charge has already received (a part, when paid less than its amount). */
  paidAmountCents?: number | null;
  /** Filled once the payment provider created the charge. */
  providerPaymentUrl?: string | null;
  providerPixPayload?: string | null;
  /** The amount the provider's payment holds, as it last confirmed it. */
  providerAmountCents?: number | null;
}

export interface PaymentCode {
  pixCode: string | null;
  link: string | null;
  /**
   * The provider has not confirmed the charge's new amount yet and there is no static PIX to
   * offer meanwhile: the client is told "Atualizando a forma de pagamento".
   */
  updating: boolean;
}

/**
 * How an open charge is paid, the one rule behind every screen and e-mail: the provider's dynamic
 * PIX and payment page while the provider's payment holds exactly the charge's amount (it confirms
 * the payment by itself); otherwise the static PIX of Configurações → Financeiro for what is still
 * owed (null while it has no key). So after "Alterar valor" the old PIX and link are never shown,
 * however long the provider takes; nor after a partial payment or a chargeback, when the
 * provider's payment can no longer be paid. Nothing for a charge that is not owed.
 */
export function chargePaymentCode(settings: BillingSettings | null, charge: PayableCharge): PaymentCode {
  if (!isPayable(charge.status)) return { pixCode: null, link: null, updating: false };
  const owed = charge.amountCents - (charge.paidAmountCents ?? 0);
  const atProviderOnce = Boolean(charge.providerPixPayload || charge.providerPaymentUrl);
  const providerCurrent =
    atProviderOnce &&
    charge.status !== "contestada" &&
    !charge.paidAmountCents &&
    charge.providerAmountCents === charge.amountCents;
  const staticPix =
    settings?.pixKey && settings.pixName && settings.pixCity
      ? pixCopiaECola({
          key: settings.pixKey,
          name: settings.pixName,
          city: settings.pixCity,
          amountCents: owed,
          txid: charge.pixTxid ?? charge.number,
        })
      : null;
  if (providerCurrent)
    return {
      pixCode: charge.providerPixPayload || staticPix,
      link: charge.providerPaymentUrl ?? null,
      updating: false,
    };
  const updating = atProviderOnce && charge.providerAmountCents !== charge.amountCents && !staticPix;
  return { pixCode: staticPix, link: null, updating };
}

/** An open charge's PIX "copia e cola" (see chargePaymentCode), or null. */
export function chargePixCode(settings: BillingSettings | null, charge: PayableCharge): string | null {
  return chargePaymentCode(settings, charge).pixCode;
}
