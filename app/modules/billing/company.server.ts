import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { billingSettings, heldReceiptMails } from "~/db/schema";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { now } from "~/server/clock.server";
import { companyData, type CompanyData, type CompanyInput } from "./company.schema";
import { queueChargePaidMail } from "./mails.server";
import { getBillingSettings } from "./settings.server";

/**
 * "Dados da empresa" (Configurações → Financeiro, decision 042): the issuer of every receipt.
 * Receipt e-mails wait for it (held_receipt_mails); saving it releases them.
 */

export async function getCompanyData(): Promise<CompanyData | null> {
  return companyData(await getBillingSettings());
}

/** How many receipt e-mails wait for the company data (the dashboard's warning says it). */
export async function countHeldReceiptMails(): Promise<number> {
  return (await getDb().select({ chargeId: heldReceiptMails.chargeId }).from(heldReceiptMails)).length;
}

/** Saves the company data, audited, then sends the receipts that waited for it. */
export async function saveCompanyData({
  input,
  actor = null,
}: {
  input: CompanyInput;
  actor?: Actor | null;
}): Promise<{ released: number }> {
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(billingSettings).where(eq(billingSettings.id, 1)).for("update");
    const values = { ...input, updatedAt: now() };
    await tx
      .insert(billingSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: billingSettings.id, set: values });
    await recordAudit(tx, {
      actor,
      action: "settings.company_updated",
      entityType: "settings",
      entityLabel: "Dados da empresa",
      changes: diffFields(before ?? null, input),
    });
  });
  return { released: await releaseHeldReceiptMails() };
}

/**
 * Queues each held receipt e-mail, now with the issuer, and forgets it, one charge per
 * transaction: the mail's dedupe key makes a second release (two admins saving at once) a no-op.
 * A charge no longer paid (reversed meanwhile) is forgotten without an e-mail.
 */
export async function releaseHeldReceiptMails(): Promise<number> {
  const held = await getDb().select({ chargeId: heldReceiptMails.chargeId }).from(heldReceiptMails);
  let queued = 0;
  for (const { chargeId } of held)
    await getDb().transaction(async (tx) => {
      const [claimed] = await tx
        .delete(heldReceiptMails)
        .where(eq(heldReceiptMails.chargeId, chargeId))
        .returning({ chargeId: heldReceiptMails.chargeId });
      if (claimed && (await queueChargePaidMail(tx, chargeId))) queued += 1;
    });
  return queued;
}

/** The dashboard's warning: null once "Dados da empresa" is set, else how many receipts wait. */
export async function companyDataWarning(): Promise<{ heldReceipts: number } | null> {
  if (await getCompanyData()) return null;
  return { heldReceipts: await countHeldReceiptMails() };
}
