import { pixCopiaECola } from "./pix-code";
import type { BillingSettings } from "./settings.server";

// Apart from charge-pix.server (which reads charges through billing.server) so the reminder and
// suspension e-mails, which billing.server reaches through suspension, can use the same rule.

/**
 * An open charge's static PIX "copia e cola", or null when Configurações → Financeiro has no key
 * yet or the charge is not open (a paid or cancelled charge must not be paid again).
 */
export function chargePixCode(
  settings: BillingSettings | null,
  charge: { status: string; amountCents: number; pixTxid: string | null; number: string },
): string | null {
  if (!settings?.pixKey || !settings.pixName || !settings.pixCity) return null;
  if (charge.status !== "pendente" && charge.status !== "vencida") return null;
  return pixCopiaECola({
    key: settings.pixKey,
    name: settings.pixName,
    city: settings.pixCity,
    amountCents: charge.amountCents,
    txid: charge.pixTxid ?? charge.number,
  });
}
