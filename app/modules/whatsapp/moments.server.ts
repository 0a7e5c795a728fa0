import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, clients } from "~/db/schema";
import { isoToBrDate } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { onEvent } from "~/modules/events/index.server";
import type { WhatsAppMoment } from "./channels.server";
import { paymentLinkBase, queueWhatsApp, type QueueWhatsAppResult } from "./send.server";
import { paymentLinkSuffix } from "./templates";

// The moments that go out by WhatsApp. "Pagamento recebido" is a follower of its domain event;
// the others are built here and handed, with the moment's e-mail, to `notifyClient` by the job
// that sends that e-mail today (new charge, reminder steps, suspension, menu published), so both
// channels share the moment's transaction and the client's preference (decision 044). Each has
// its own key per moment and channel, apart from the e-mail's. No PIX code, no WhatsApp message
// about paying: the e-mail goes alone.

export interface ChargeFacts {
  chargeId: string;
  clientName: string;
  number: string;
  amountCents: number;
  /** The effective due date (ISO). */
  dueDate: string;
  pixCode: string | null;
  link: string | null;
}

/** "Nova cobrança": with the payment link button when the provider's link is under the base. */
export function newChargeMoment(
  c: ChargeFacts,
): WhatsAppMoment<"cobranca_nova"> | WhatsAppMoment<"cobranca_nova_link"> | null {
  if (!c.pixCode) return null;
  const values = {
    nome: c.clientName,
    cobranca: c.number,
    valor: formatMoney(c.amountCents),
    vencimento: isoToBrDate(c.dueDate),
    pix: c.pixCode,
  };
  const base = { dedupeKey: `charge:${c.chargeId}:nova`, entity: { type: "charge", id: c.chargeId } };
  const suffix = paymentLinkSuffix(c.link, paymentLinkBase());
  return suffix
    ? { ...base, template: "cobranca_nova_link", values: { ...values, link: suffix } }
    : { ...base, template: "cobranca_nova", values };
}

/**
 * A reminder step: worded from `daysFromDue` (today minus the due date, like the e-mail), keyed by
 * the step's offset.
 */
export function reminderMoment(
  c: ChargeFacts,
  offset: number,
  daysFromDue: number,
):
  | WhatsAppMoment<"cobranca_vence_em_breve">
  | WhatsAppMoment<"cobranca_vence_hoje">
  | WhatsAppMoment<"cobranca_vencida">
  | null {
  if (!c.pixCode) return null;
  const base = {
    dedupeKey: `charge:${c.chargeId}:lembrete:${offset}`,
    entity: { type: "charge", id: c.chargeId },
  };
  const common = {
    nome: c.clientName,
    cobranca: c.number,
    valor: formatMoney(c.amountCents),
    pix: c.pixCode,
  };
  const vencimento = isoToBrDate(c.dueDate);
  if (daysFromDue === 0) return { ...base, template: "cobranca_vence_hoje", values: common };
  return daysFromDue < 0
    ? { ...base, template: "cobranca_vence_em_breve", values: { ...common, vencimento } }
    : { ...base, template: "cobranca_vencida", values: { ...common, vencimento } };
}

/** "Assinatura suspensa", once per subscription and charge (like the e-mail). */
export function suspensionMoment(
  c: ChargeFacts & { subscriptionId: string; businessName: string; clientId: string },
): WhatsAppMoment<"assinatura_suspensa"> | null {
  if (!c.pixCode) return null;
  return {
    template: "assinatura_suspensa",
    values: {
      nome: c.clientName,
      negocio: c.businessName,
      cobranca: c.number,
      valor: formatMoney(c.amountCents),
      vencimento: isoToBrDate(c.dueDate),
      pix: c.pixCode,
    },
    dedupeKey: `assinatura:${c.subscriptionId}:${c.chargeId}:suspensa`,
    entity: { type: "client", id: c.clientId },
  };
}

/** "Cardápio no ar", once per onboarding. */
export function publishedMoment(p: {
  onboardingId: string;
  clientId: string;
  clientName: string;
  businessName: string;
  menuUrl: string;
}): WhatsAppMoment<"cardapio_publicado"> {
  return {
    template: "cardapio_publicado",
    values: { nome: p.clientName, negocio: p.businessName, link: p.menuUrl },
    dedupeKey: `onboarding:${p.onboardingId}:publicada`,
    entity: { type: "client", id: p.clientId },
  };
}

/** "Pagamento recebido" by WhatsApp, once per charge (its own key, apart from the e-mail's). */
export async function queuePaymentReceived(
  db: DbOrTx,
  chargeId: string,
): Promise<QueueWhatsAppResult | null> {
  const [row] = await db
    .select({
      number: charges.number,
      status: charges.status,
      paidOn: charges.paidOn,
      amountCents: charges.amountCents,
      paidAmountCents: charges.paidAmountCents,
      clientId: charges.clientId,
      name: clients.name,
    })
    .from(charges)
    .innerJoin(clients, eq(charges.clientId, clients.id))
    .where(eq(charges.id, chargeId));
  if (!row || row.status !== "paga" || !row.paidOn) return null;
  return queueWhatsApp(db, {
    clientId: row.clientId,
    template: "pagamento_recebido",
    values: {
      nome: row.name,
      valor: formatMoney(row.paidAmountCents ?? row.amountCents),
      cobranca: row.number,
      pago_em: isoToBrDate(row.paidOn),
      cobranca_id: chargeId,
    },
    dedupeKey: `charge:${chargeId}:pago`,
    entity: { type: "charge", id: chargeId },
  });
}

export const chargePaidWhatsAppJob = onEvent(["charge.paid"], {
  name: "whatsapp.charge-paid",
  pollingIntervalSeconds: 1,
  async handler({ payload }) {
    await queuePaymentReceived(getDb(), payload.chargeId);
  },
});
