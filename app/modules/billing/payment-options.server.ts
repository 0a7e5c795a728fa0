import type { DbOrTx } from "~/db/client.server";
import type { PaymentOptions } from "~/modules/notifications/mails/dunning-mails";
import type { Charge } from "./billing.server";
import { chargePixCode } from "./charge-pix-code";
import { getBillingSettings } from "./settings.server";

/**
 * How the client pays an open charge, in one place for every reminder and suspension e-mail
 * (issue 31): today the static PIX copia e cola of part 1. A payment provider's link (item 1)
 * goes in `link` here, and every e-mail shows it without being edited.
 */
export async function chargePaymentOptions(
  db: DbOrTx,
  charge: Pick<Charge, "status" | "amountCents" | "pixTxid" | "number">,
): Promise<PaymentOptions> {
  return { pixCode: chargePixCode(await getBillingSettings(db), charge), link: null };
}
