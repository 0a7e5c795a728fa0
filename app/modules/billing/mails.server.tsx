import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { chargeLines, charges, clients, heldReceiptMails, invoices } from "~/db/schema";
import { formatCnpj, formatCpfCnpj } from "~/lib/br-documents";
import { now } from "~/server/clock.server";
import { companyAddressLine, companyData } from "./company.schema";
import { isId } from "~/lib/ids";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { onEvent } from "~/modules/events/index.server";
import {
  clientMailBrand,
  ChargeIssuedMail,
  chargeIssuedSubject,
  ChargePaidMail,
  chargePaidSubject,
  PIX_QR_CID,
} from "~/modules/notifications/index.server";
import { queueMail } from "~/server/mail/mail.server";
import { newChargeMoment, notifyClient } from "~/modules/whatsapp/index.server";
import { configuredProvider } from "~/server/payments/index.server";
import { renderMail } from "~/server/mail/render.server";
import type { BillingResult } from "./billing.server";
import { BILLING_MESSAGES } from "./billing.messages";
import { PAYMENT_METHOD_LABELS } from "./billing.schema";
import { chargePaymentCode } from "./charge-pix-code";
import { pixQrPng } from "./pix-qr.server";
import { getBillingSettings } from "./settings.server";

/**
 * The client's e-mails about a charge: "Nova cobrança" (with the PIX copia e
 * cola and its QR as an inline CID image) and "Pagamento recebido" (the receipt).
 *
 * They subscribe to `charge.created` / `charge.paid`, which the change publishes in its own
 * transaction: a rolled-back issue or payment sends nothing, and the renewal job, which issues
 * thousands of charges in a run, does not render thousands of e-mails inside its transactions.
 * Each message's dedupe key is the charge's id (not the event's): a retried job, or the same
 * event published twice (a payment the provider reports again), records one message per charge.
 */

export const CHARGE_MAIL_KINDS = { issued: "cobranca.nova", paid: "cobranca.recibo" } as const;
const dedupeKey = (kind: keyof typeof CHARGE_MAIL_KINDS, chargeId: string) =>
  `${CHARGE_MAIL_KINDS[kind]}:${chargeId}`;

async function chargeWithClient(db: DbOrTx, chargeId: string) {
  const [row] = await db
    .select({
      charge: charges,
      clientName: clients.name,
      businessName: clients.businessName,
      email: clients.email,
      document: clients.document,
    })
    .from(charges)
    .innerJoin(clients, eq(clients.id, charges.clientId))
    .where(eq(charges.id, chargeId));
  if (!row) return null;
  const lines = await db
    .select({ description: chargeLines.description, amountCents: chargeLines.amountCents })
    .from(chargeLines)
    .where(eq(chargeLines.chargeId, chargeId))
    .orderBy(chargeLines.position);
  const c = row.charge;
  return {
    charge: c,
    to: row.email,
    document: row.document,
    data: {
      clientName: row.clientName,
      businessName: row.businessName,
      number: c.number,
      amountCents: c.amountCents,
      discountCents: c.discountCents,
      dueDate: c.dueDate,
      periodStart: c.periodStart,
      periodEnd: c.periodEnd,
      lines,
    },
  };
}

const isOpen = (status: string) => status === "pendente" || status === "vencida";

/**
 * Records "Nova cobrança" for an open charge through `db`; null when the charge is unknown, no
 * longer open (paid or cancelled before the job ran: a PIX code for it must not go out) or
 * already mailed under `key`. The moment's own message (not a resend) also goes by WhatsApp, on
 * the channels the client wants (notifyClient).
 */
async function queueChargeIssuedMail(
  db: DbOrTx,
  chargeId: string,
  key: string,
  { resend = false }: { resend?: boolean } = {},
): Promise<string | null> {
  const found = await chargeWithClient(db, chargeId);
  if (!found || !isOpen(found.charge.status)) return null;
  const { pixCode, link } = chargePaymentCode(await getBillingSettings(db), found.charge);
  const data = { ...found.data, pixCode, payLink: link };
  const brand = await clientMailBrand(found.to, db);
  const body = await renderMail(<ChargeIssuedMail brand={brand} data={data} />);
  // The QR's PNG is stored with the message (a few KB) rather than drawn again at delivery:
  // the delivered image then always matches the code in the text, even if the charge's amount
  // is changed afterwards, and the mail layer stays generic (it knows nothing of charges).
  const attachments = pixCode
    ? [
        {
          cid: PIX_QR_CID,
          filename: `pix-${found.charge.number}.png`,
          contentType: "image/png",
          contentBase64: (await pixQrPng(pixCode)).toString("base64"),
        },
      ]
    : undefined;
  const mail = {
    kind: CHARGE_MAIL_KINDS.issued,
    to: found.to,
    replyTo: brand.supportEmail,
    subject: chargeIssuedSubject(data),
    ...body,
    attachments,
    dedupeKey: key,
    entity: { type: "charge", id: chargeId },
  };
  if (resend) return queueMail(db, mail);
  const whatsapp = newChargeMoment({
    chargeId,
    clientName: found.data.clientName,
    number: found.charge.number,
    amountCents: found.charge.amountCents,
    dueDate: found.charge.dueDate,
    pixCode,
    link,
  });
  return (await notifyClient(db, found.charge.clientId, mail, whatsapp)).mailId;
}

/**
 * The charge's tax invoice when already authorised (a held receipt released later, a quick
 * city): the receipt carries its link, and the invoices module sends no "Sua nota fiscal".
 * Read from the table, not the invoices module, which subscribes to billing's events.
 */
async function authorisedInvoice(db: DbOrTx, chargeId: string) {
  const [note] = await db
    .select({ number: invoices.number, pdfUrl: invoices.pdfUrl })
    .from(invoices)
    .where(and(eq(invoices.chargeId, chargeId), eq(invoices.status, "emitida")));
  return note?.pdfUrl ? { number: note.number, pdfUrl: note.pdfUrl } : null;
}

/**
 * Records "Pagamento recebido" (the receipt) for a paid charge, once per charge; null otherwise.
 * Without "Dados da empresa" the receipt would name no CNPJ: it is held (held_receipt_mails) and
 * sent when the data is saved (releaseHeldReceiptMails, decision 042).
 */
export async function queueChargePaidMail(db: DbOrTx, chargeId: string): Promise<string | null> {
  const found = await chargeWithClient(db, chargeId);
  const c = found?.charge;
  if (!found || !c || c.status !== "paga" || !c.paidOn || !c.paymentMethod) return null;
  const issuer = companyData(await getBillingSettings(db));
  if (!issuer) {
    await db.insert(heldReceiptMails).values({ chargeId, heldAt: now() }).onConflictDoNothing();
    return null;
  }
  const data = {
    ...found.data,
    issuer: {
      legalName: issuer.legalName,
      cnpj: formatCnpj(issuer.cnpj),
      address: companyAddressLine(issuer),
    },
    clientDocument: found.document ? formatCpfCnpj(found.document) : null,
    paidOn: c.paidOn,
    paidAmountCents: c.paidAmountCents ?? c.amountCents,
    methodLabel: PAYMENT_METHOD_LABELS[c.paymentMethod],
    invoice: await authorisedInvoice(db, chargeId),
  };
  const brand = await clientMailBrand(found.to, db);
  const body = await renderMail(<ChargePaidMail brand={brand} data={data} />);
  return queueMail(db, {
    kind: CHARGE_MAIL_KINDS.paid,
    to: found.to,
    replyTo: brand.supportEmail,
    subject: chargePaidSubject(data),
    ...body,
    dedupeKey: dedupeKey("paid", chargeId),
    entity: { type: "charge", id: chargeId },
  });
}

export const chargeIssuedMailJob = onEvent(["charge.created"], {
  name: "mail.charge-issued",
  pollingIntervalSeconds: 1,
  async handler({ payload }) {
    // With a provider, the e-mail waits for it: it must carry the provider's link and dynamic
    // PIX, so the provider job queues it once the charge exists there (or definitely failed).
    if (configuredProvider()) return;
    await queueChargeIssuedMail(getDb(), payload.chargeId, dedupeKey("issued", payload.chargeId));
  },
});

/**
 * "Nova cobrança" once the provider job is done with the charge, through `db` (the transaction
 * that records the outcome on the charge); once per charge (same key).
 */
export function queueIssuedMailAfterProvider(db: DbOrTx, chargeId: string): Promise<string | null> {
  return queueChargeIssuedMail(db, chargeId, dedupeKey("issued", chargeId));
}

export const chargePaidMailJob = onEvent(["charge.paid"], {
  name: "mail.charge-paid",
  pollingIntervalSeconds: 1,
  async handler({ payload }) {
    await queueChargePaidMail(getDb(), payload.chargeId);
  },
});

export const CHARGE_MAIL_JOBS = [chargeIssuedMailJob, chargePaidMailJob] as const;

/**
 * "Reenviar por e-mail": the open charge's "Nova cobrança" again, on purpose, so under a new
 * key (the once-per-charge key guards against retries, not against the admin). One transaction
 * with its audit entry; refused for an unknown or closed charge.
 */
export async function resendChargeMail({
  chargeId,
  actor = null,
}: {
  chargeId: string;
  actor?: Actor | null;
}): Promise<BillingResult<{ mailId: string }>> {
  if (!isId(chargeId)) return { ok: false, message: BILLING_MESSAGES.notFound };
  return getDb().transaction(async (tx) => {
    const [charge] = await tx
      .select({ id: charges.id, number: charges.number, status: charges.status, clientName: clients.name })
      .from(charges)
      .innerJoin(clients, eq(clients.id, charges.clientId))
      .where(eq(charges.id, chargeId))
      .for("update", { of: charges });
    if (!charge) return { ok: false, message: BILLING_MESSAGES.notFound };
    if (!isOpen(charge.status)) return { ok: false, message: BILLING_MESSAGES.onlyOpenCanBeResent };
    const mailId = await queueChargeIssuedMail(
      tx,
      chargeId,
      `${dedupeKey("issued", chargeId)}:reenvio:${randomUUID()}`,
      { resend: true },
    );
    if (!mailId) return { ok: false, message: BILLING_MESSAGES.onlyOpenCanBeResent };
    await recordAudit(tx, {
      actor,
      action: "charge.resent",
      entityType: "charge",
      entityId: chargeId,
      entityLabel: `${charge.number} · ${charge.clientName}`,
      changes: { email: [null, "Nova cobrança reenviada"] },
    });
    return { ok: true, value: { mailId } };
  });
}
