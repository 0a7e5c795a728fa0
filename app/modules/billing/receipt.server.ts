import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { chargeLines, charges, clients } from "~/db/schema";
import { formatCnpj, formatCpfCnpj } from "~/lib/br-documents";
import { isId } from "~/lib/ids";
import { getPrivacySettings } from "~/modules/legal/index.server";
import { SITE_NAME } from "~/lib/meta";
import { PAYMENT_METHOD_LABELS } from "./billing.schema";
import { companyAddressLine, companyData } from "./company.schema";
import { getBillingSettings } from "./settings.server";

/**
 * What the printable receipt of a paid charge shows, or null when the charge
 * is unknown or not paid: a pending, overdue or cancelled charge has no receipt to print.
 * `clientId` scopes it to one client (the /cliente area). The issuer is "Dados da empresa"
 * (Configurações → Financeiro: razão social, CNPJ, endereço); until it is set, the company named in
 * Configurações → Privacidade, else the site, without CNPJ or address (decision 042).
 */
export async function getChargeReceipt({ id, clientId }: { id: string; clientId?: string }) {
  if (!isId(id)) return null;
  const [row] = await getDb()
    .select({
      charge: charges,
      clientName: clients.name,
      businessName: clients.businessName,
      document: clients.document,
    })
    .from(charges)
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(eq(charges.id, id));
  const c = row?.charge;
  if (!row || !c || c.status !== "paga" || !c.paidOn || !c.paymentMethod) return null;
  // The restaurant's own area asks with its client id: another client's receipt is unknown.
  if (clientId !== undefined && c.clientId !== clientId) return null;
  const [lines, privacy, settings] = await Promise.all([
    getDb()
      .select({ description: chargeLines.description, amountCents: chargeLines.amountCents })
      .from(chargeLines)
      .where(eq(chargeLines.chargeId, id))
      .orderBy(chargeLines.position),
    getPrivacySettings(),
    getBillingSettings(),
  ]);
  const company = companyData(settings);
  return {
    issuer: company?.legalName ?? (privacy?.companyName?.trim() || SITE_NAME),
    issuerCnpj: company ? formatCnpj(company.cnpj) : null,
    issuerAddress: company ? companyAddressLine(company) : null,
    number: c.number,
    clientName: row.clientName,
    businessName: row.businessName,
    document: row.document ? formatCpfCnpj(row.document) : null,
    lines,
    subtotalCents: c.subtotalCents,
    discountCents: c.discountCents,
    paidAmountCents: c.paidAmountCents ?? c.amountCents,
    paidOn: c.paidOn,
    method: PAYMENT_METHOD_LABELS[c.paymentMethod],
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
    dueDate: c.dueDate,
  };
}
export type ChargeReceipt = NonNullable<Awaited<ReturnType<typeof getChargeReceipt>>>;
