import { listClientCharges } from "./billing.server";
import { chargePixCode } from "./charge-pix-code";
import { pixQrDataUrl } from "./pix-qr.server";
import { getBillingSettings, type BillingSettings } from "./settings.server";

export { chargePixCode };

/**
 * An open charge's copia e cola and its QR image (a PNG data URL, drawn on the server so the page
 * needs no QR code in the browser bundle); both null when there is nothing to pay.
 */
export async function chargePix(
  settings: BillingSettings | null,
  charge: Parameters<typeof chargePixCode>[1],
): Promise<{ pixCode: string | null; pixQr: string | null }> {
  const pixCode = chargePixCode(settings, charge);
  return { pixCode, pixQr: pixCode ? await pixQrDataUrl(pixCode) : null };
}

/** Financeiro's rows with each open charge's PIX code and QR image. */
export function withChargePix<T extends Parameters<typeof chargePixCode>[1]>(
  settings: BillingSettings | null,
  rows: T[],
) {
  return Promise.all(rows.map(async (r) => ({ ...r, ...(await chargePix(settings, r)) })));
}

/** The client page's "Cobranças": the client's charges with their lines and open ones' PIX code. */
export async function clientChargesView({ clientId }: { clientId: string }) {
  const [rows, settings] = await Promise.all([listClientCharges({ clientId }), getBillingSettings()]);
  return Promise.all(
    rows.map(async (c) => ({
      id: c.id,
      number: c.number,
      status: c.status,
      amountCents: c.amountCents,
      dueDate: c.dueDate,
      periodStart: c.periodStart,
      periodEnd: c.periodEnd,
      paidOn: c.paidOn,
      paymentMethod: c.paymentMethod,
      cancelReason: c.cancelReason,
      lines: c.lines.map((l) => ({ kind: l.kind, description: l.description, amountCents: l.amountCents })),
      ...(await chargePix(settings, c)),
    })),
  );
}
export type ClientChargeView = Awaited<ReturnType<typeof clientChargesView>>[number];
