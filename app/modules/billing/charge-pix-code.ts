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
  /** Filled once the payment provider created the charge (issue 31). */
  providerPaymentUrl?: string | null;
  providerPixPayload?: string | null;
}

/**
 * How an open charge is paid, the one rule behind every screen and e-mail: the provider's dynamic
 * PIX and payment page once the provider has the charge (it confirms the payment by itself);
 * otherwise the static PIX of Configurações → Financeiro (null while it has no key). Nothing for a
 * paid or cancelled charge, which must not be paid again. A refunded charge is no longer payable
 * at the provider, so its debt is paid by the static PIX.
 */
export function chargePaymentCode(
  settings: BillingSettings | null,
  charge: PayableCharge,
): { pixCode: string | null; link: string | null } {
  if (!isPayable(charge.status)) return { pixCode: null, link: null };
  const atProvider =
    charge.status !== "estornada" && (charge.providerPixPayload || charge.providerPaymentUrl);
  const staticPix = () =>
    settings?.pixKey && settings.pixName && settings.pixCity
      ? pixCopiaECola({
          key: settings.pixKey,
          name: settings.pixName,
          city: settings.pixCity,
          amountCents: charge.amountCents,
          txid: charge.pixTxid ?? charge.number,
        })
      : null;
  if (atProvider)
    return { pixCode: charge.providerPixPayload || staticPix(), link: charge.providerPaymentUrl ?? null };
  return { pixCode: staticPix(), link: null };
}

/** An open charge's PIX "copia e cola" (see chargePaymentCode), or null. */
export function chargePixCode(settings: BillingSettings | null, charge: PayableCharge): string | null {
  return chargePaymentCode(settings, charge).pixCode;
}
