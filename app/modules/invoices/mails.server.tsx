import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { charges, clients, heldReceiptMails, invoices, mailMessages } from "~/db/schema";
import { onEvent } from "~/modules/events/index.server";
import { clientMailBrand, InvoiceIssuedMail, invoiceMailSubject } from "~/modules/notifications/index.server";
import { queueMail } from "~/server/mail/mail.server";
import { renderMail } from "~/server/mail/render.server";

export const INVOICE_MAIL_KIND = "cobranca.nota-fiscal";

const escapeHtml = (s: string) => s.replaceAll("&", "&amp;");

/**
 * "Sua nota fiscal": a note authorised after the charge's receipt ("Pagamento recebido") went out
 * without it, once per note (its dedupe key). Nothing when the receipt already carried the link
 * (the note was authorised first) or is held until "Dados da empresa" are saved (it will carry it).
 */
export async function queueInvoiceIssuedMail(invoiceId: string): Promise<string | null> {
  const db = getDb();
  const [row] = await db
    .select({
      status: invoices.status,
      number: invoices.number,
      pdfUrl: invoices.pdfUrl,
      chargeId: charges.id,
      chargeNumber: charges.number,
      to: clients.email,
      clientName: clients.name,
      businessName: clients.businessName,
    })
    .from(invoices)
    .innerJoin(charges, eq(charges.id, invoices.chargeId))
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(eq(invoices.id, invoiceId));
  if (!row || row.status !== "emitida" || !row.pdfUrl) return null;
  const [held] = await db
    .select({ chargeId: heldReceiptMails.chargeId })
    .from(heldReceiptMails)
    .where(eq(heldReceiptMails.chargeId, row.chargeId));
  if (held) return null;
  const receipts = await db
    .select({ html: mailMessages.html })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.kind, "cobranca.recibo"),
        eq(mailMessages.entityType, "charge"),
        eq(mailMessages.entityId, row.chargeId),
      ),
    );
  const pdf = row.pdfUrl;
  if (receipts.some((r) => r.html.includes(pdf) || r.html.includes(escapeHtml(pdf)))) return null;
  const data = {
    clientName: row.clientName,
    businessName: row.businessName,
    number: row.chargeNumber,
    invoice: { number: row.number, pdfUrl: pdf },
  };
  const brand = await clientMailBrand(row.to, db);
  const body = await renderMail(<InvoiceIssuedMail brand={brand} data={data} />);
  return queueMail(db, {
    kind: "cobranca.nota-fiscal",
    to: row.to,
    replyTo: brand.supportEmail,
    subject: invoiceMailSubject(data),
    ...body,
    dedupeKey: `${INVOICE_MAIL_KIND}:${invoiceId}`,
    entity: { type: "invoice", id: invoiceId },
  });
}

export const invoiceIssuedMailJob = onEvent(["invoice.issued"], {
  name: "mail.invoice-issued",
  pollingIntervalSeconds: 1,
  async handler({ payload }) {
    await queueInvoiceIssuedMail(payload.invoiceId);
  },
});
