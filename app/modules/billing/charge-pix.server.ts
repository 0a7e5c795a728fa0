import { listClientCharges } from "./billing.server";
import { pixCopiaECola } from "./pix-code";
import { getBillingSettings, type BillingSettings } from "./settings.server";

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

/** The client page's "Cobranças": the client's charges with their lines and open ones' PIX code. */
export async function clientChargesView({ clientId }: { clientId: string }) {
  const [rows, settings] = await Promise.all([listClientCharges({ clientId }), getBillingSettings()]);
  return rows.map((c) => ({
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
    pixCode: chargePixCode(settings, c),
  }));
}
export type ClientChargeView = Awaited<ReturnType<typeof clientChargesView>>[number];
