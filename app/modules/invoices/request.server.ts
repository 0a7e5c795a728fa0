// What a paid charge's tax invoice asks the provider for (decision 045): the charge's facts, the
// note's body, and why a client cannot receive one yet.
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { chargeLines, charges, clients, plans, subscriptions } from "~/db/schema";
import { isAddressComplete } from "~/lib/br-address";
import { isoToBrDate, monthLabel } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import type { ProviderInvoiceInput } from "~/server/payments/provider";
import type { InvoiceSettings } from "./settings.server";

export const INVOICE_REASONS = {
  noDocument: "Cliente sem CPF/CNPJ: preencha o documento no cadastro do cliente e use “Emitir novamente”.",
  noAddress:
    "Cliente sem endereço completo (CEP, logradouro, número, bairro, cidade com código IBGE e UF): preencha-o no cadastro do cliente e use “Emitir novamente”.",
  noDocumentNorAddress:
    "Cliente sem CPF/CNPJ e sem endereço: preencha-os no cadastro do cliente e use “Emitir novamente”.",
  noProviderPayment: "A cobrança não foi paga pelo provedor de pagamento: registre a nota fiscal à mão.",
  refused: "A prefeitura recusou a nota fiscal.",
  cancellationDenied: "A prefeitura negou o cancelamento da nota fiscal.",
} as const;

/** Replaces the template's placeholders ({plano}, {periodo}, {cobranca}, {cliente}). */
export function serviceDescription(
  template: string,
  values: { plano: string; periodo: string; cobranca: string; cliente: string },
): string {
  return template
    .replaceAll("{plano}", values.plano)
    .replaceAll("{periodo}", values.periodo)
    .replaceAll("{cobranca}", values.cobranca)
    .replaceAll("{cliente}", values.cliente)
    .slice(0, 1000);
}

/** What the charge is for, as the note tells it: its lines, its period, its plan. */
export async function chargeFacts(tx: DbOrTx, chargeId: string) {
  const [row] = await tx
    .select({ charge: charges, client: clients, planName: plans.name })
    .from(charges)
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .leftJoin(subscriptions, eq(subscriptions.id, charges.subscriptionId))
    .leftJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(charges.id, chargeId))
    .for("update", { of: charges });
  if (!row) return null;
  const lines = await tx
    .select({
      kind: chargeLines.kind,
      description: chargeLines.description,
      amountCents: chargeLines.amountCents,
    })
    .from(chargeLines)
    .where(eq(chargeLines.chargeId, chargeId))
    .orderBy(asc(chargeLines.position));
  return { ...row, lines };
}
export type ChargeFacts = NonNullable<Awaited<ReturnType<typeof chargeFacts>>>;

/**
 * The note a charge gets. One note per charge: the subscription's service (LC 116 1.05) unless
 * every line is the activation fee (1.07); the lines are listed in the observations, and the value
 * is what the charge asked for after its discount (decision 045).
 */
export function invoiceRequest(
  settings: InvoiceSettings,
  facts: ChargeFacts,
  on: string,
): ProviderInvoiceInput {
  const { charge, client, lines } = facts;
  const activationOnly = lines.length > 0 && lines.every((l) => l.kind === "ativação");
  const periodo =
    charge.periodStart && charge.periodEnd
      ? `${isoToBrDate(charge.periodStart)} a ${isoToBrDate(charge.periodEnd)}`
      : monthLabel((charge.paidOn ?? on).slice(0, 7));
  const effectiveDate = settings.issueWhen === "vencimento" && charge.dueDate > on ? charge.dueDate : on;
  const ibsCbs =
    settings.ibsCbsCst && settings.ibsCbsClassification
      ? {
          cst: settings.ibsCbsCst,
          classification: settings.ibsCbsClassification,
          operationIndicator: settings.ibsCbsOperationIndicator,
          nbsCode: settings.nbsCode,
        }
      : null;
  return {
    externalReference: charge.id,
    providerPaymentId: charge.providerId ?? "",
    valueCents: charge.amountCents,
    serviceDescription: serviceDescription(settings.descriptionTemplate, {
      plano: facts.planName ?? lines.map((l) => l.description).join(", "),
      periodo,
      cobranca: charge.number,
      cliente: client.businessName || client.name,
    }),
    observations: [
      `Cobrança ${charge.number}.`,
      ...lines.map((l) => `${l.description}: ${formatMoney(l.amountCents)}.`),
      ...(charge.discountCents > 0 ? [`Desconto: ${formatMoney(charge.discountCents)}.`] : []),
    ].join(" "),
    effectiveDate,
    municipalServiceCode: activationOnly ? settings.activationServiceCode : settings.subscriptionServiceCode,
    municipalServiceName: activationOnly ? settings.activationServiceName : settings.subscriptionServiceName,
    taxes: {
      retainIss: settings.issWithheld,
      issBp: settings.issRateBp,
      pisBp: settings.pisRateBp,
      cofinsBp: settings.cofinsRateBp,
      csllBp: settings.csllRateBp,
      irBp: settings.irRateBp,
      inssBp: settings.inssRateBp,
    },
    ibsCbs,
  };
}

/** Why a client cannot receive a note yet (no CPF/CNPJ, no complete address), or null. */
export function missingFiscalData(client: typeof clients.$inferSelect): string | null {
  const address = isAddressComplete(client);
  if (!client.document) return address ? INVOICE_REASONS.noDocument : INVOICE_REASONS.noDocumentNorAddress;
  return address ? null : INVOICE_REASONS.noAddress;
}
