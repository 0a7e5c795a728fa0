import { configuredProvider } from "~/server/payments/index.server";
import { listClientCharges } from "./charge-reads.server";
import { chargePaymentCode, chargePixCode, type PayableCharge } from "./charge-pix-code";
import { pixQrDataUrl } from "./pix-qr.server";
import { getBillingSettings, type BillingSettings } from "./settings.server";

export { chargePixCode };

/**
 * An open charge's copia e cola, its QR image (a PNG data URL, drawn on the server so the page
 * needs no QR code in the browser bundle) and the provider's payment page; null when there is
 * nothing to pay (see chargePaymentCode).
 */
export async function chargePix(
  settings: BillingSettings | null,
  charge: PayableCharge,
): Promise<{ pixCode: string | null; pixQr: string | null; payLink: string | null; payUpdating: boolean }> {
  const { pixCode, link, updating } = chargePaymentCode(settings, charge);
  return {
    pixCode,
    pixQr: pixCode ? await pixQrDataUrl(pixCode) : null,
    payLink: link,
    payUpdating: updating,
  };
}

/** Financeiro's rows with each open charge's PIX code, QR image, payment page and provider state. */
export function withChargePix<T extends PayableCharge & ProviderColumns>(
  settings: BillingSettings | null,
  rows: T[],
) {
  const configured = configuredProvider() !== null;
  return Promise.all(
    rows.map(async (r) => ({
      ...r,
      provider: providerState(r, configured),
      ...(await chargePix(settings, r)),
    })),
  );
}

/** The client page's "Cobranças": the client's charges with their lines and open ones' PIX code. */
export async function clientChargesView({ clientId }: { clientId: string }) {
  const [rows, settings] = await Promise.all([listClientCharges({ clientId }), getBillingSettings()]);
  const configured = configuredProvider() !== null;
  return Promise.all(
    rows.map(async (c) => ({
      id: c.id,
      number: c.number,
      status: c.status,
      amountCents: c.amountCents,
      // The lines add up to the subtotal; a discount ("Alterar valor") takes the total below it.
      subtotalCents: c.subtotalCents,
      discountCents: c.discountCents,
      dueDate: c.dueDate,
      periodStart: c.periodStart,
      periodEnd: c.periodEnd,
      paidOn: c.paidOn,
      paidAmountCents: c.paidAmountCents,
      paymentMethod: c.paymentMethod,
      cancelReason: c.cancelReason,
      lines: c.lines.map((l) => ({ kind: l.kind, description: l.description, amountCents: l.amountCents })),
      provider: providerState(c, configured),
      ...(await chargePix(settings, c)),
    })),
  );
}
export type ClientChargeView = Awaited<ReturnType<typeof clientChargesView>>[number];

/** What the back office shows of a charge at the provider: created, failing (and when it retries). */
export interface ChargeProviderState {
  /** A provider is configured: an open charge without a provider id is on its way there. */
  configured: boolean;
  providerId: string | null;
  /** The provider has not confirmed the charge's current amount yet ("Alterar valor"). */
  stale: boolean;
  error: string | null;
  /** ISO time of the job's next attempt; null after the last one failed. */
  nextAttemptAt: string | null;
}

interface ProviderColumns {
  providerId: string | null;
  providerAmountCents: number | null;
  amountCents: number;
  status: string;
  providerError: string | null;
  providerNextAttemptAt: Date | null;
}

function providerState(c: ProviderColumns, configured: boolean): ChargeProviderState {
  return {
    configured,
    providerId: c.providerId,
    stale:
      Boolean(c.providerId) &&
      (c.status === "pendente" || c.status === "vencida") &&
      c.providerAmountCents !== c.amountCents,
    error: c.providerError,
    nextAttemptAt: c.providerNextAttemptAt ? c.providerNextAttemptAt.toISOString() : null,
  };
}
