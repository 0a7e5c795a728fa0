import type { DbOrTx } from "~/db/client.server";
import type { PaymentOptions } from "~/modules/notifications/index.server";
import { chargePaymentCode, type PayableCharge } from "./charge-pix-code";
import { getBillingSettings } from "./settings.server";

/**
 * How the client pays an open charge, in one place for every reminder and suspension
 * e-mail: the provider's link and dynamic PIX once the provider has the charge, else the
 * company's static PIX copia e cola.
 */
export async function chargePaymentOptions(db: DbOrTx, charge: PayableCharge): Promise<PaymentOptions> {
  return chargePaymentCode(await getBillingSettings(db), charge);
}
