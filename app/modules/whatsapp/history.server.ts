import { and, asc, desc, eq, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { charges, mailMessages, messageStatusEvents } from "~/db/schema";

// What the team reads of WhatsApp messages: one message's status history (the mail log's page)
// and a client's messages with their statuses (the client page). Decision 044.

export const DELIVERY_STATUS_LABELS: Record<string, string> = {
  sent: "Enviado",
  delivered: "Entregue",
  read: "Lido",
  failed: "Falhou",
};

/** Each status the provider reported for the message, in the order it happened. */
export async function statusHistory(messageId: string, db: DbOrTx = getDb()) {
  const rows = await db
    .select({
      status: messageStatusEvents.status,
      occurredAt: messageStatusEvents.occurredAt,
      errorCode: messageStatusEvents.errorCode,
      errorTitle: messageStatusEvents.errorTitle,
    })
    .from(messageStatusEvents)
    .where(eq(messageStatusEvents.messageId, messageId))
    .orderBy(asc(messageStatusEvents.occurredAt), asc(messageStatusEvents.id));
  return rows.map((r) => ({ ...r, label: DELIVERY_STATUS_LABELS[r.status] ?? r.status }));
}

/** The client's latest WhatsApp messages (the log rows about the client or its charges). */
export async function clientWhatsAppMessages(clientId: string, limit = 20, db: DbOrTx = getDb()) {
  return db
    .select({
      id: mailMessages.id,
      subject: mailMessages.subject,
      status: mailMessages.status,
      createdAt: mailMessages.createdAt,
    })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.channel, "whatsapp"),
        // About the client itself, or about one of its charges.
        or(
          and(eq(mailMessages.entityType, "client"), eq(mailMessages.entityId, clientId)),
          and(
            eq(mailMessages.entityType, "charge"),
            sql`${mailMessages.entityId} in (select ${charges.id}::text from ${charges} where ${charges.clientId} = ${clientId})`,
          ),
        ),
      ),
    )
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit);
}
