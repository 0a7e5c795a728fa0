import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { mailMessages, messageStatusEvents, whatsappEvents, whatsappTemplateStatuses } from "~/db/schema";
import { now } from "~/server/clock.server";
import { FORM_MAX_BYTES } from "~/server/http/body-limit.server";
import { readBounded } from "~/server/http/form.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import type { MessagingChannel, MessagingEvent } from "~/server/messaging/index.server";
import { countWebhookReceived, type WebhookInOutcome } from "~/server/metrics/metrics.server";
import { isStopWord, withdrawByPhone } from "./consent.server";
import { releaseFallback } from "./fallback.server";
import { statusRankSql } from "./send.server";
import { WHATSAPP_STATUS_RANK } from "./whatsapp.constants";

// The WhatsApp webhook, received the way the payment provider's is (billing/webhook.server.ts):
// checked, stored once per event id, answered at once, applied by a job. Meta signs the body
// (X-Hub-Signature-256), so the body is read (bounded) before the check, and nothing is stored
// from a request whose signature is wrong.

/** The same limit as the payment provider's webhook (a form's, 64 KB), chunked bodies included. */
const MAX_EVENT_BYTES = FORM_MAX_BYTES;

export type WhatsAppWebhookAnswer = {
  status: 200 | 400 | 401 | 413;
  body: { ok: boolean; message?: string };
};

/** GET: Meta's subscription check. The challenge as plain text, or 403. */
export function answerVerification(channel: MessagingChannel, url: URL): Response {
  const challenge = channel.verifyChallenge(url.searchParams);
  if (challenge === null) return new Response("", { status: 403 });
  return new Response(challenge, { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
}

/** What is kept of an event: what applying it needs, nothing that names a person. */
function stored(event: MessagingEvent): {
  kind: MessagingEvent["kind"];
  payload: object;
  phone: string | null;
} {
  switch (event.kind) {
    case "status":
      return {
        kind: "status",
        phone: null,
        payload: {
          providerMessageId: event.providerMessageId,
          status: event.status,
          at: event.at.toISOString(),
          errors: event.errors,
        },
      };
    case "inbound":
      return {
        kind: "inbound",
        phone: event.from,
        payload: {
          providerMessageId: event.providerMessageId,
          at: event.at.toISOString(),
          stop: isStopWord(event.text),
        },
      };
    case "template_status":
      return {
        kind: "template_status",
        phone: null,
        payload: {
          templateId: event.templateId,
          name: event.name,
          language: event.language,
          status: event.status,
          reason: event.reason,
          at: event.at.toISOString(),
        },
      };
  }
}

/**
 * Receives one POST: reads the body up to the limit (a chunked body has no length to check
 * first), checks the signature over those exact bytes (401, nothing stored), stores each event
 * once per id (a repeat is answered 200 and ignored) and leaves the work to a job.
 */
export async function receiveWhatsAppWebhook(
  channel: MessagingChannel,
  request: Request,
): Promise<WhatsAppWebhookAnswer> {
  const counted = (outcome: WebhookInOutcome, answer: WhatsAppWebhookAnswer) => {
    countWebhookReceived(channel.name, outcome);
    return answer;
  };
  let raw: Buffer;
  try {
    raw = await readBounded(request, { maxBytes: MAX_EVENT_BYTES, maxFields: Infinity });
  } catch (refusal) {
    const status = (refusal as { init?: { status?: number } }).init?.status === 413 ? 413 : 400;
    return counted("invalid", { status, body: { ok: false } });
  }
  if (!channel.verifyWebhook(request.headers, raw))
    return counted("refused", { status: 401, body: { ok: false } });
  let body: unknown;
  try {
    body = JSON.parse(raw.toString("utf8"));
  } catch {
    return counted("invalid", { status: 400, body: { ok: false, message: "JSON inválido." } });
  }
  const events = channel.parseWebhook(body);
  if (!events)
    return counted("invalid", { status: 400, body: { ok: false, message: "Evento desconhecido." } });
  const added = await getDb().transaction(async (tx) => {
    let n = 0;
    for (const event of events) {
      const { kind, payload, phone } = stored(event);
      const [row] = await tx
        .insert(whatsappEvents)
        .values({ eventId: event.eventId, kind, payload, phone, receivedAt: now() })
        .onConflictDoNothing()
        .returning({ id: whatsappEvents.id });
      // Enqueued with the row, in the same transaction: stored means it will be applied.
      if (row) {
        await enqueue(tx, applyWhatsAppEventJob, { id: row.id }, { id: row.id });
        n += 1;
      }
    }
    return n;
  });
  return counted(added > 0 || events.length === 0 ? "accepted" : "duplicate", {
    status: 200,
    body: { ok: true },
  });
}

const DELIVERY_TO_STATUS = {
  sent: "enviado",
  delivered: "entregue",
  read: "lido",
  failed: "falhou",
} as const;

/**
 * A status webhook can come before the job stored the provider's id of the message it names (the
 * webhook is fast, the job's last write a moment later): for this long an unknown id is retried.
 */
const UNKNOWN_MESSAGE_RETRY_MS = 10 * 60_000;

class MessageNotYetKnown extends Error {}

type StoredStatus = {
  providerMessageId: string;
  status: keyof typeof DELIVERY_TO_STATUS;
  at: string;
  errors: { code: number; title: string }[];
};

/**
 * A delivery status: recorded once in the message's history, and the message's status moved
 * only forward (a `read` never goes back to `delivered`, a late `sent` changes nothing).
 */
async function applyStatus(tx: DbOrTx, p: StoredStatus, receivedAt: Date): Promise<string> {
  const [msg] = await tx
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(eq(mailMessages.providerMessageId, p.providerMessageId), eq(mailMessages.channel, "whatsapp")),
    );
  if (!msg) {
    if (now().getTime() - receivedAt.getTime() < UNKNOWN_MESSAGE_RETRY_MS) throw new MessageNotYetKnown();
    return "mensagem desconhecida";
  }
  const error = p.errors[0];
  const [added] = await tx
    .insert(messageStatusEvents)
    .values({
      messageId: msg.id,
      status: p.status,
      occurredAt: new Date(p.at),
      errorCode: error?.code ?? null,
      errorTitle: error?.title ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: messageStatusEvents.id });
  if (!added) return "status repetido";
  const next = DELIVERY_TO_STATUS[p.status];
  const [moved] = await tx
    .update(mailMessages)
    .set({
      status: next,
      updatedAt: now(),
      ...(p.status === "failed" && error
        ? { lastError: `WhatsApp: erro ${error.code}${error.title ? ` (${error.title})` : ""}` }
        : {}),
    })
    .where(and(eq(mailMessages.id, msg.id), sql`${statusRankSql} < ${WHATSAPP_STATUS_RANK[next]}`))
    .returning({ id: mailMessages.id });
  if (moved && next === "falhou") await releaseFallback(tx, msg.id);
  return moved ? `status ${next}` : `status ${next} registrado no histórico (já estava adiante)`;
}

type StoredTemplateStatus = {
  templateId: string;
  name: string;
  language: string;
  status: string;
  reason: string | null;
  at: string;
};

/** A template's review status, unless a newer report is already stored. */
async function applyTemplateStatus(tx: DbOrTx, p: StoredTemplateStatus): Promise<string> {
  const reportedAt = new Date(p.at);
  const rows = await tx
    .insert(whatsappTemplateStatuses)
    .values({
      name: p.name,
      language: p.language,
      templateId: p.templateId,
      status: p.status,
      reason: p.reason,
      reportedAt,
    })
    .onConflictDoUpdate({
      target: [whatsappTemplateStatuses.name, whatsappTemplateStatuses.language],
      set: { templateId: p.templateId, status: p.status, reason: p.reason, reportedAt },
      setWhere: sql`${whatsappTemplateStatuses.reportedAt} <= ${reportedAt}`,
    })
    .returning({ name: whatsappTemplateStatuses.name });
  return rows.length ? `modelo ${p.status}` : "modelo: relato mais antigo ignorado";
}

/** Applies one stored event, once: a processed event is skipped. */
export async function applyWhatsAppEvent(rowId: string): Promise<string> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(whatsappEvents).where(eq(whatsappEvents.id, rowId)).for("update");
    if (!row) return "evento inexistente";
    if (row.processedAt) return row.outcome ?? "já processado";
    let outcome: string;
    if (row.kind === "status") outcome = await applyStatus(tx, row.payload as StoredStatus, row.receivedAt);
    else if (row.kind === "template_status")
      outcome = await applyTemplateStatus(tx, row.payload as StoredTemplateStatus);
    else if ((row.payload as { stop?: boolean }).stop && row.phone)
      outcome = `consentimento retirado (${await withdrawByPhone(tx, row.phone)})`;
    else outcome = "mensagem recebida";
    // The sender's number was needed only to apply the event: an applied event keeps none.
    await tx
      .update(whatsappEvents)
      .set({ processedAt: now(), outcome, phone: null })
      .where(eq(whatsappEvents.id, rowId));
    return outcome;
  });
}

export const applyWhatsAppEventJob = defineJob<{ id: string }>({
  name: "whatsapp.apply-event",
  retryLimit: 8,
  retryDelay: 15,
  retryBackoff: true,
  handler: async ({ id }) => {
    try {
      const outcome = await applyWhatsAppEvent(id);
      log.info({ id, outcome: outcome.split(" (")[0] }, "whatsapp: event applied");
    } catch (err) {
      if (err instanceof MessageNotYetKnown) throw new Error("whatsapp: status for a message not stored yet");
      throw err;
    }
  },
});

/** The templates' review status as last reported (Configurações → WhatsApp). */
export async function templateStatuses(db: DbOrTx = getDb()) {
  return db.select().from(whatsappTemplateStatuses);
}
