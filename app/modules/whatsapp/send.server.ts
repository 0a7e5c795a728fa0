import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { leads, mailMessages, whatsappConsents } from "~/db/schema";
import { baseUrl } from "~/lib/env.server";
import { now } from "~/server/clock.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { storedDedupeKey } from "~/server/mail/mail.server";
import { configuredWhatsApp, MessagingError } from "~/server/messaging/index.server";
import type { TemplateComponent } from "~/server/messaging/channel";
import { countMessage } from "~/server/metrics/metrics.server";
import { openConsent } from "./consent.server";
import { releaseFallback } from "./fallback.server";
import { renderTemplate, TEMPLATES, type TemplateName, type TemplateValues } from "./templates";
import { WHATSAPP_STATUS_RANK } from "./whatsapp.constants";

// Sending a WhatsApp message: queued in the transaction of the moment that causes it, as a row
// of the one message log (mail_messages, channel 'whatsapp'), and delivered by a job with retry
// and backoff; never in a request. No open consent, no message: checked when queued and again
// just before the call. Decision 044.

/** Where the payment link button's registered URL ends; the rest of the link is its variable. */
export const DEFAULT_PAYMENT_LINK_BASE = "https://www.asaas.com/i/";

export function paymentLinkBase(env: NodeJS.ProcessEnv = process.env): string {
  return env.WHATSAPP_PAYMENT_LINK_BASE?.trim() || DEFAULT_PAYMENT_LINK_BASE;
}

export type QueueWhatsAppResult =
  { queued: true; id: string } | { queued: false; reason: "sem_consentimento" | "ja_registrada" };

/**
 * Records a WhatsApp template message to the client's consented number and enqueues its
 * delivery, both through `db` (normally the transaction of the change). `dedupeKey` names the
 * moment (e.g. `charge:<id>:lembrete:3`): the message log's unique key makes it one message per
 * moment and channel, whatever runs twice. Without an open consent nothing is written.
 */
export async function queueWhatsApp<N extends TemplateName>(
  db: DbOrTx,
  {
    clientId,
    template,
    values,
    dedupeKey,
    entity,
  }: {
    clientId: string;
    template: N;
    values: TemplateValues<N>;
    dedupeKey: string;
    entity?: { type: string; id: string };
  },
): Promise<QueueWhatsAppResult> {
  const consent = await openConsent(db, clientId);
  if (!consent) return { queued: false, reason: "sem_consentimento" };
  return queueWhatsAppTo(db, {
    to: consent.phone,
    template,
    values,
    dedupeKey,
    entity: entity ?? { type: "client", id: clientId },
  });
}

/**
 * The log row and its delivery for a number whose consent the caller holds: a client's (above),
 * a lead who ticked the contact form's box (entity `lead`), or the admin's own number for
 * "Enviar teste" (entity `teste`). The delivery job checks each kind again before sending.
 */
export async function queueWhatsAppTo<N extends TemplateName>(
  db: DbOrTx,
  {
    to,
    template,
    values,
    dedupeKey,
    entity,
  }: {
    to: string;
    template: N;
    values: TemplateValues<N>;
    dedupeKey: string;
    entity: { type: string; id: string };
  },
): Promise<QueueWhatsAppResult> {
  const rendered = renderTemplate(template, values, { site: baseUrl(), paymentLinkBase: paymentLinkBase() });
  const [row] = await db
    .insert(mailMessages)
    .values({
      channel: "whatsapp",
      kind: TEMPLATES[template].kind,
      toAddress: to,
      subject: TEMPLATES[template].label,
      html: "",
      text: rendered.text,
      template: { name: rendered.name, language: rendered.language, components: rendered.components },
      dedupeKey: storedDedupeKey(`whatsapp:${dedupeKey}`),
      entityType: entity.type,
      entityId: entity.id,
      createdAt: now(),
      updatedAt: now(),
    })
    .onConflictDoNothing({ target: mailMessages.dedupeKey })
    .returning({ id: mailMessages.id });
  if (!row) return { queued: false, reason: "ja_registrada" };
  await enqueue(db, deliverWhatsAppJob, { id: row.id });
  return { queued: true, id: row.id };
}

/**
 * Whether the message may still go: a test to the admin's own number always; a lead's while the
 * lead's consent stands; else while the number holds an open client consent (a PARAR may have
 * come after the queueing).
 */
async function stillConsented(
  db: DbOrTx,
  msg: { toAddress: string; entityType: string | null; entityId: string | null },
): Promise<boolean> {
  if (msg.entityType === "teste") return true;
  if (msg.entityType === "lead") {
    const [lead] = await db
      .select({ at: leads.whatsappConsentAt })
      .from(leads)
      .where(sql`${leads.id}::text = ${msg.entityId ?? ""}`);
    return Boolean(lead?.at);
  }
  const phone = msg.toAddress;
  const rows = await db
    .select({ id: whatsappConsents.id })
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.phone, phone), isNull(whatsappConsents.withdrawnAt)))
    .limit(1);
  return rows.length > 0;
}

/** The status rank of a row, in SQL: an update only ever moves a message forward. */
export const statusRankSql = sql`(case ${mailMessages.status}
  ${sql.join(
    Object.entries(WHATSAPP_STATUS_RANK).map(([s, r]) => sql`when ${s} then ${r}`),
    sql` `,
  )} else 0 end)`;

/**
 * Delivers one logged WhatsApp message. Idempotent: a message the provider accepted (it has a
 * provider id) or that left `pendente` is never sent again, so a retried or duplicated job
 * cannot send twice. A 5xx, a network failure or a rate limit (130429 and the like) throws and
 * the queue retries with backoff; the last attempt, or a refusal that will not change (a bad
 * number, a template not approved), marks it `falhou`. Nothing about the message (number,
 * text, parameters) goes to the log lines: ids, codes and statuses only.
 */
export const deliverWhatsAppJob = defineJob<{ id: string }>({
  name: "whatsapp.deliver",
  retryLimit: 6,
  retryDelay: 20,
  retryBackoff: true,
  expireInSeconds: 120,
  pollingIntervalSeconds: 1,
  batchSize: 20,
  async handler({ id }, job) {
    const db = getDb();
    const [msg] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (!msg || msg.channel !== "whatsapp" || msg.status !== "pendente" || msg.providerMessageId) return;
    const fail = async (lastError: string) => {
      await db
        .update(mailMessages)
        .set({ status: "falhou", lastError, updatedAt: now() })
        .where(and(eq(mailMessages.id, id), eq(mailMessages.status, "pendente")));
      countMessage("whatsapp", "failed");
      await releaseFallback(db, id);
    };
    if (!(await stillConsented(db, msg))) {
      await fail("Consentimento retirado antes do envio.");
      log.info({ messageId: id }, "whatsapp: not sent, consent withdrawn");
      return;
    }
    const channel = configuredWhatsApp();
    if (!channel) {
      await db
        .update(mailMessages)
        .set({ status: "sem_whatsapp", updatedAt: now() })
        .where(and(eq(mailMessages.id, id), eq(mailMessages.status, "pendente")));
      countMessage("whatsapp", "not_configured");
      await releaseFallback(db, id);
      return;
    }
    const template = msg.template;
    if (!template) return fail("Mensagem sem template.");
    let providerMessageId: string;
    try {
      ({ providerMessageId } = await channel.sendTemplate({
        to: msg.toAddress,
        name: template.name,
        language: template.language,
        components: template.components as TemplateComponent[],
      }));
    } catch (err) {
      const e =
        err instanceof MessagingError ? err : new MessagingError(String((err as Error).message), true);
      const final = job.isLastAttempt || !e.retryable;
      await db
        .update(mailMessages)
        .set({
          status: final ? "falhou" : "pendente",
          attempts: sql`${mailMessages.attempts} + 1`,
          lastError: e.message.slice(0, 500),
          updatedAt: now(),
        })
        .where(and(eq(mailMessages.id, id), eq(mailMessages.status, "pendente")));
      countMessage("whatsapp", final ? "failed" : "retry");
      log.warn({ messageId: id, code: e.code, status: e.status, final }, "whatsapp: send failed");
      if (final) {
        await releaseFallback(db, id);
        return;
      }
      throw new Error(`whatsapp: send failed (${e.code ?? e.status ?? "rede"})`);
    }
    // The provider id is stored whatever the status: a status webhook may already have come.
    await db
      .update(mailMessages)
      .set({
        providerMessageId,
        status: sql`case when ${statusRankSql} < ${WHATSAPP_STATUS_RANK.enviado} then 'enviado' else ${mailMessages.status} end`,
        attempts: sql`${mailMessages.attempts} + 1`,
        lastError: null,
        sentAt: now(),
        updatedAt: now(),
      })
      .where(eq(mailMessages.id, id));
    countMessage("whatsapp", "sent");
  },
});
