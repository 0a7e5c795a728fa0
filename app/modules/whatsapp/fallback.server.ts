import { and, eq, isNotNull, notInArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { mailMessages } from "~/db/schema";
import { now } from "~/server/clock.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { deliverMailJob } from "~/server/mail/mail.server";
import { countMessage } from "~/server/metrics/metrics.server";

// The e-mail fallback of a WhatsApp message (decision 044): when the client chose WhatsApp only,
// the moment's e-mail is written held (`reserva`, linked by fallback_mail_id) and goes out once if
// the WhatsApp message fails (status falhou, or the channel is off) or is not delivered in 24 hours.

/** How long a WhatsApp message may stay undelivered before its held e-mail goes. */
export const FALLBACK_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The fallback: the e-mail held beside WhatsApp message `whatsappId` is queued for delivery, once
 * (only a `reserva` row moves). Called when the message fails and by the 24-hour sweep.
 */
export async function releaseFallback(db: DbOrTx, whatsappId: string): Promise<boolean> {
  const [released] = await db
    .update(mailMessages)
    .set({ status: "pendente", updatedAt: now() })
    .where(
      and(
        eq(mailMessages.status, "reserva"),
        sql`${mailMessages.id} = (select m.fallback_mail_id from mail_messages m where m.id = ${whatsappId})`,
      ),
    )
    .returning({ id: mailMessages.id });
  if (!released) return false;
  await enqueue(db, deliverMailJob, { id: released.id });
  countMessage("email", "fallback");
  log.info({ messageId: whatsappId, mailId: released.id }, "whatsapp: fallback e-mail released");
  return true;
}

/** Releases the held e-mail of every WhatsApp message failed, or undelivered for 24 hours. */
export async function releaseDueFallbacks(db: DbOrTx = getDb()): Promise<number> {
  const cutoff = new Date(now().getTime() - FALLBACK_AFTER_MS);
  const due = await db
    .select({ id: mailMessages.id, status: mailMessages.status, createdAt: mailMessages.createdAt })
    .from(mailMessages)
    .innerJoin(
      sql`mail_messages held`,
      sql`held.id = ${mailMessages.fallbackMailId} and held.status = 'reserva'`,
    )
    .where(
      and(
        eq(mailMessages.channel, "whatsapp"),
        isNotNull(mailMessages.fallbackMailId),
        notInArray(mailMessages.status, ["entregue", "lido"]),
      ),
    );
  let released = 0;
  for (const m of due) {
    const failed = m.status === "falhou" || m.status === "sem_whatsapp";
    if (!failed && m.createdAt >= cutoff) continue;
    if (await releaseFallback(db, m.id)) released += 1;
  }
  return released;
}

/** Every hour: the held e-mails whose WhatsApp message did not arrive. */
export const whatsappFallbackJob = defineJob<object>({
  name: "whatsapp.fallback",
  schedule: { cron: "17 * * * *" },
  async handler() {
    await releaseDueFallbacks();
  },
});
