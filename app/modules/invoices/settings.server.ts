import { count, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { invoiceSettings, invoices } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { now } from "~/server/clock.server";
import { configuredProvider } from "~/server/payments/index.server";
import type { PaymentProvider } from "~/server/payments/provider";
import type { InvoiceSettingsInput } from "./invoices.schema";

export type InvoiceSettings = typeof invoiceSettings.$inferSelect;

/** Configurações → Financeiro → Nota fiscal (one row); null until an admin saves it. */
export async function getInvoiceSettings(db: DbOrTx = getDb()): Promise<InvoiceSettings | null> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  return row ?? null;
}

/** The form's values as the row stores them (rates already in basis points). */
function rowOf(input: InvoiceSettingsInput) {
  return {
    enabled: input.enabled,
    taxRegime: input.taxRegime,
    municipalRegistration: input.municipalRegistration,
    subscriptionServiceItem: input.subscriptionServiceItem,
    subscriptionServiceCode: input.subscriptionServiceCode,
    subscriptionServiceName: input.subscriptionServiceName,
    activationServiceItem: input.activationServiceItem,
    activationServiceCode: input.activationServiceCode,
    activationServiceName: input.activationServiceName,
    issRateBp: input.issRate,
    issWithheld: input.issWithheld,
    pisRateBp: input.pisRate,
    cofinsRateBp: input.cofinsRate,
    csllRateBp: input.csllRate,
    irRateBp: input.irRate,
    inssRateBp: input.inssRate,
    descriptionTemplate: input.descriptionTemplate,
    issueWhen: input.issueWhen,
    ibsCbsCst: input.ibsCbsCst,
    ibsCbsClassification: input.ibsCbsClassification,
    ibsCbsOperationIndicator: input.ibsCbsOperationIndicator,
    nbsCode: input.nbsCode,
  };
}

/** Saves the fiscal data, audited with what changed. */
export async function saveInvoiceSettings({
  input,
  actor = null,
}: {
  input: InvoiceSettingsInput;
  actor?: Actor | null;
}): Promise<void> {
  const values = rowOf(input);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1)).for("update");
    await tx
      .insert(invoiceSettings)
      .values({ id: 1, ...values, updatedAt: now() })
      .onConflictDoUpdate({ target: invoiceSettings.id, set: { ...values, updatedAt: now() } });
    await recordAudit(tx, {
      actor,
      action: "settings.invoice_updated",
      entityType: "settings",
      entityLabel: "Nota fiscal",
      changes: diffFields(before ?? null, values),
    });
  });
}

/** A provider that issues tax invoices, or null (none configured, or static PIX). */
export function invoiceProvider(provider: PaymentProvider | null = configuredProvider()) {
  return provider?.issueInvoice && provider.getInvoice && provider.cancelInvoice ? provider : null;
}

/**
 * What keeps notes from being issued by themselves, in the admin's words (the dashboard and the
 * settings page say it). Empty when every paid charge gets its note. Without a provider that
 * issues notes there is nothing to warn about here: notes are then not issued automatically.
 */
export async function invoiceIssuingProblems(provider = invoiceProvider()): Promise<string[]> {
  if (!provider) return [];
  const settings = await getInvoiceSettings();
  const problems: string[] = [];
  if (!settings)
    problems.push(
      "Notas fiscais não são emitidas: preencha os dados fiscais em Configurações → Financeiro → Nota fiscal.",
    );
  else if (!settings.enabled)
    problems.push(
      "A emissão automática de notas fiscais está desligada em Configurações → Financeiro → Nota fiscal.",
    );
  const [{ n }] = await getDb().select({ n: count() }).from(invoices).where(eq(invoices.status, "erro"));
  if (n > 0)
    problems.push(
      `${n} ${n === 1 ? "nota fiscal com erro" : "notas fiscais com erro"} em Financeiro → Notas fiscais.`,
    );
  return problems;
}
