import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  MAIL_STATUSES,
  type MailStatus,
  type MessageChannel,
} from "../../modules/notifications/notifications.constants";
import { personalData } from "../personal-data";

// Fixed-window rate-limit counters, shared by every app instance on the same database.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

export { MAIL_STATUSES, type MailStatus, type MessageChannel };

/** A WhatsApp message's template as it is sent (decision 044): fixed when queued. */
export interface StoredTemplate {
  name: string;
  language: string;
  components: unknown[];
}

/** An inline image of a logged message: its Content-ID, file name, type and bytes (base64). */
export interface MailAttachment {
  cid: string;
  filename: string;
  contentType: string;
  contentBase64: string;
}

// The mail log: every message the product sends, sent or not (DESIGN §8). A row is written in
// the transaction of the change that causes it; a job delivers it. Without SMTP it stays here,
// readable in /admin/emails, with the status `sem_smtp`. It is the one message log of every
// channel (decision 044): a WhatsApp message is a row with channel 'whatsapp', its template in
// `template`, its text in `text`, the number in `to_address` and its status history in
// message_status_events.
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the message is, e.g. "lead.novo", "auth.redefinir-senha". */
    kind: text("kind").notNull(),
    channel: text("channel").$type<MessageChannel>().notNull().default("email"),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** What replaces html/text once delivered (messages carrying a secret link), else null. */
    redactedHtml: text("redacted_html"),
    redactedText: text("redacted_text"),
    status: text("status").$type<MailStatus>().notNull().default("pendente"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** One message per key: a retried job that queues it again adds nothing. */
    dedupeKey: text("dedupe_key").unique("mail_messages_dedupe_key_unique"),
    /** What the message is about (e.g. "lead" + id), for timelines. */
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    /**
     * Inline images referenced from the HTML as `cid:…` (the PIX QR of a charge): a
     * few KB of PNG next to bodies of tens of KB, kept so a retry or a resend delivers exactly
     * what was logged. Null for messages without any.
     */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    /** WhatsApp: the template sent (name, language, filled-in components). */
    template: jsonb("template").$type<StoredTemplate>(),
    /** WhatsApp: the provider's message id (wamid), which its status webhooks name. */
    providerMessageId: text("provider_message_id"),
    /**
     * WhatsApp: the e-mail of the same moment held as its fallback (status `reserva`), released
     * once if this message fails or is not delivered within 24 hours (decision 044).
     */
    fallbackMailId: uuid("fallback_mail_id"),
    /** The Reply-To of a message to a client ("E-mail de atendimento" when it was queued). */
    replyTo: text("reply_to"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "mail_messages_status_check",
      sql`${t.status} in ('pendente', 'enviado', 'falhou', 'sem_smtp', 'demonstracao', 'entregue', 'lido', 'sem_whatsapp', 'reserva')`,
    ),
    check("mail_messages_channel_check", sql`${t.channel} in ('email', 'whatsapp')`),
    uniqueIndex("mail_messages_provider_message_unique")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index("mail_messages_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("mail_messages_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("mail_messages_entity_idx").on(t.entityType, t.entityId),
    index("mail_messages_to_idx").on(sql`lower(${t.toAddress})`),
  ],
);

// Personal data (decision 019). Rate-limit keys hold a keyed hash of the e-mail or
// address, never the value (rate-limit.server.ts). The mail log is scrubbed of one person's
// values in the messages linked to them (their ids, their address).
export const rateLimitsPersonalData = personalData({
  table: rateLimits,
  personal: {},
  notPersonal: ["key"],
});
export const mailMessagesPersonalData = personalData({
  table: mailMessages,
  personal: {
    toAddress: "log",
    subject: "log",
    html: "log",
    text: "log",
    redactedHtml: "log",
    redactedText: "log",
    lastError: "log",
    dedupeKey: "log",
    template: "log",
  },
  // Attachments hold the charge's PIX QR: the company's key, an amount and a txid, no person.
  // replyTo: the company's own support mailbox.
  notPersonal: [
    "kind",
    "channel",
    "status",
    "entityType",
    "entityId",
    "attachments",
    "providerMessageId",
    "replyTo",
  ],
  exportAs: { key: "mailMessages", label: "E-mails enviados" },
});
