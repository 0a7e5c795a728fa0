import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, clients } from "~/db/schema";
import { isoToBrDate } from "~/lib/dates";
import { formatMoney } from "~/lib/format";
import { onEvent } from "~/modules/events/index.server";
import { queueWhatsApp, type QueueWhatsAppResult } from "./send.server";

// The moments that go out by WhatsApp, each a follower of the domain event that announces it
// (modules/events), never a call from the module that makes the change. Wired so far: the payment
// received. The others (new charge, reminder steps, suspension, menu published) follow the same
// shape once the client's channel preference (e-mail, WhatsApp or both) exists (decision 044).

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
