import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { mailMessages, type MailAttachment, type MailStatus } from "~/db/schema";
import { keysetPage, olderThan, type KeysetCursor } from "~/server/db-tools/keyset.server";
import { now } from "~/server/clock.server";
import { defineJob, enqueue } from "~/server/jobs/queue.server";
import { countMessage } from "~/server/metrics/metrics.server";
import { mailFrom, mailTransport } from "./transport.server";

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Once delivered, the body is replaced by this one (the message carried a secret link). */
  redacted?: { html: string; text: string };
  /** One message per key: queueing the same key again adds nothing (retried jobs). */
  dedupeKey?: string;
  entity?: { type: string; id: string };
  /** Inline images the HTML shows as `<img src="cid:…">` (mail clients block data: URIs). */
  attachments?: MailAttachment[];
  /**
   * Where the recipient's answer goes: the support address on every e-mail to a client
   * (ClientMailBrand.supportEmail); none on the others. Stored with the message, so a retry or
   * a resend carries the address it was written for.
   */
  replyTo?: string | null;
  /**
   * Written but not delivered (`reserva`): the e-mail kept as the fallback of a WhatsApp message,
   * queued for delivery only if that message fails (decision 044).
   */
  held?: boolean;
}

// Hashed: keys are made of event ids and addresses (or a reset token), which the log must not
// keep once a person is anonymised; equal keys still collide.
export const storedDedupeKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** Whether a message with this dedupe key is already in the log (a retried job's earlier run). */
export async function mailQueued(db: DbOrTx, dedupeKey: string): Promise<boolean> {
  const rows = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.dedupeKey, storedDedupeKey(dedupeKey)));
  return rows.length > 0;
}

/**
 * The demo business is made by the product's own code, which writes the e-mails its moments
 * cause; its people are fictional, so while it is built those messages are logged as
 * "demonstracao" and never delivered, even with SMTP configured.
 */
const buildingDemo = new AsyncLocalStorage<true>();

export function whileBuildingDemo<T>(body: () => Promise<T>): Promise<T> {
  return buildingDemo.run(true, body);
}

/**
 * Records a message in the mail log and enqueues its delivery, both through `db` (normally the
 * transaction of the change that causes it). Returns the message id, or null when a message
 * with the same dedupe key already exists.
 */
export async function queueMail(db: DbOrTx, mail: OutgoingMail): Promise<string | null> {
  const demo = buildingDemo.getStore() === true;
  const [row] = await db
    .insert(mailMessages)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      redactedHtml: mail.redacted?.html ?? null,
      redactedText: mail.redacted?.text ?? null,
      dedupeKey: mail.dedupeKey ? storedDedupeKey(mail.dedupeKey) : null,
      entityType: mail.entity?.type ?? null,
      entityId: mail.entity?.id ?? null,
      attachments: mail.attachments?.length ? mail.attachments : null,
      replyTo: mail.replyTo ?? null,
      ...(demo ? { status: "demonstracao" as const, createdAt: now(), updatedAt: now() } : {}),
      ...(!demo && mail.held ? { status: "reserva" as const, createdAt: now(), updatedAt: now() } : {}),
    })
    .onConflictDoNothing({ target: mailMessages.dedupeKey })
    .returning({ id: mailMessages.id });
  if (!row) return null;
  if (!demo && !mail.held) await enqueue(db, deliverMailJob, { id: row.id });
  return row.id;
}

/** SMTP reply codes 5xx are permanent (unknown recipient, refused sender): retrying won't help. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function errorText(err: unknown): string {
  const e = err as { response?: string; message?: string };
  return String(e.response ?? e.message ?? err).slice(0, 500);
}

/**
 * Delivers one logged message. Idempotent: a message already sent is never sent again, so a
 * retried or duplicated job cannot send twice. A temporary failure throws (the queue retries
 * with backoff); the last attempt, or a permanent refusal, marks it `falhou`.
 */
export const deliverMailJob = defineJob<{ id: string }>({
  name: "mail.deliver",
  retryLimit: 6,
  retryDelay: 20,
  retryBackoff: true,
  expireInSeconds: 120,
  pollingIntervalSeconds: 1,
  batchSize: 50,
  async handler({ id }, job) {
    const db = getDb();
    const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
    // A WhatsApp row of the same log is delivered by its own job (modules/whatsapp).
    if (!mail || mail.status === "enviado" || mail.status === "reserva" || mail.channel !== "email") return;
    const transport = mailTransport();
    if (!transport) {
      await db
        .update(mailMessages)
        .set({ status: "sem_smtp", updatedAt: new Date() })
        .where(eq(mailMessages.id, id));
      countMessage("email", "no_smtp");
      return;
    }
    try {
      await transport.sendMail({
        from: mailFrom(),
        to: mail.toAddress,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { "X-Mail-Id": mail.id },
        attachments: mail.attachments?.map((a) => ({
          cid: a.cid,
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, "base64"),
          contentDisposition: "inline" as const,
        })),
      });
    } catch (err) {
      const final = job.isLastAttempt || isPermanent(err);
      await db
        .update(mailMessages)
        .set({
          status: final ? "falhou" : "pendente",
          attempts: sql`${mailMessages.attempts} + 1`,
          lastError: errorText(err),
          updatedAt: new Date(),
        })
        .where(eq(mailMessages.id, id));
      countMessage("email", final ? "failed" : "retry");
      if (final) return;
      throw err;
    }
    await db
      .update(mailMessages)
      .set({
        status: "enviado",
        attempts: sql`${mailMessages.attempts} + 1`,
        lastError: null,
        sentAt: new Date(),
        updatedAt: new Date(),
        // A secret link (password reset, invitation) leaves the log once delivered.
        html: sql`coalesce(${mailMessages.redactedHtml}, ${mailMessages.html})`,
        text: sql`coalesce(${mailMessages.redactedText}, ${mailMessages.text})`,
        redactedHtml: null,
        redactedText: null,
      })
      .where(eq(mailMessages.id, id));
    countMessage("email", "sent");
  },
});

/**
 * Sends a logged message again (a failed one, or one kept without SMTP once SMTP is set).
 * Refused for a message already sent. Returns false when there is nothing to resend.
 */
export async function resendMail({
  id,
  onResend,
}: {
  id: string;
  /** Runs in the resend's transaction (the route records the audit entry there). */
  onResend?: (tx: DbOrTx, mail: { id: string; toAddress: string; subject: string }) => Promise<void>;
}): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(mailMessages)
      .set({ status: "pendente", lastError: null, updatedAt: new Date() })
      .where(
        and(
          eq(mailMessages.id, id),
          eq(mailMessages.channel, "email"),
          or(eq(mailMessages.status, "falhou"), eq(mailMessages.status, "sem_smtp")),
        ),
      )
      .returning({ id: mailMessages.id, toAddress: mailMessages.toAddress, subject: mailMessages.subject });
    if (!row) return false;
    await enqueue(tx, deliverMailJob, { id });
    await onResend?.(tx, row);
    return true;
  });
}

export type MailRow = typeof mailMessages.$inferSelect;

/** What a list of messages shows (never the bodies). */
const LIST_COLUMNS = {
  id: mailMessages.id,
  kind: mailMessages.kind,
  channel: mailMessages.channel,
  toAddress: mailMessages.toAddress,
  subject: mailMessages.subject,
  status: mailMessages.status,
  attempts: mailMessages.attempts,
  lastError: mailMessages.lastError,
  createdAt: mailMessages.createdAt,
  sentAt: mailMessages.sentAt,
};
export type MailListRow = Pick<
  MailRow,
  | "id"
  | "kind"
  | "channel"
  | "toAddress"
  | "subject"
  | "status"
  | "attempts"
  | "lastError"
  | "createdAt"
  | "sentAt"
>;

export const MAIL_PAGE_SIZE = 25;

/**
 * One page of the mail log, newest first, optionally by status. Keyset paging on
 * (created_at, id) over its index, so it stays fast however long the log grows.
 */
export async function listMail({
  status,
  before,
  limit = MAIL_PAGE_SIZE,
}: {
  status?: MailStatus;
  before?: KeysetCursor;
  limit?: number;
}): Promise<{ rows: MailListRow[]; next: KeysetCursor | null }> {
  const rows = await getDb()
    .select(LIST_COLUMNS)
    .from(mailMessages)
    .where(
      and(
        status ? eq(mailMessages.status, status) : undefined,
        olderThan(mailMessages, mailMessages.createdAt, mailMessages.id, before),
      ),
    )
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit + 1);
  return keysetPage(rows, limit);
}

/**
 * The HTML as the mail log's preview shows it: inline images (`cid:…`) become data: URIs of the
 * stored attachments, since a page cannot resolve a Content-ID. The sent message keeps its CIDs.
 */
export function previewHtml(mail: Pick<MailRow, "html" | "attachments">): string {
  let html = mail.html;
  for (const a of mail.attachments ?? []) {
    html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.contentBase64}`);
  }
  return html;
}

export async function getMail({ id }: { id: string }): Promise<MailRow | null> {
  const [row] = await getDb().select().from(mailMessages).where(eq(mailMessages.id, id));
  return row ?? null;
}

/** Messages about one thing (a lead's timeline), oldest first. */
export async function listMailAbout({ type, id }: { type: string; id: string }): Promise<MailListRow[]> {
  return getDb()
    .select(LIST_COLUMNS)
    .from(mailMessages)
    .where(and(eq(mailMessages.entityType, type), eq(mailMessages.entityId, id)))
    .orderBy(mailMessages.createdAt);
}
