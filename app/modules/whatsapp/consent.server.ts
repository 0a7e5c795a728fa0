import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { clients, whatsappConsents } from "~/db/schema";
import { formatPhone } from "~/lib/phone";
import { whatsappNumber } from "~/lib/whatsapp";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { now } from "~/server/clock.server";
import {
  consentTextFor,
  WHATSAPP_STOP_WORDS,
  type WhatsAppConsentSource,
  type WhatsAppWithdrawalSource,
} from "./whatsapp.constants";

// The client's opt-in for WhatsApp (LGPD, and Meta's rule that the business holds the person's
// opt-in before it starts a conversation). A consent names the number, the exact text shown, who
// recorded it and where it came from; a withdrawal says when and how. One open consent per client,
// enforced by the database. The send path asks `openConsent` before every message.

export type Consent = typeof whatsappConsents.$inferSelect;

export type ConsentResult =
  { ok: true; consent: Consent } | { ok: false; reason: "telefone_invalido" | "cliente_inexistente" };

/** A number as a consent stores it: 55 + DDD + number, 12 or 13 digits; null when it is not one. */
export function consentPhone(input: string): string | null {
  const n = whatsappNumber(input);
  return n && /^55\d{10,11}$/.test(n) ? n : null;
}

/** The client's open consent, or null (then no WhatsApp message may be sent to them). */
export async function openConsent(db: DbOrTx, clientId: string): Promise<Consent | null> {
  const [row] = await db
    .select()
    .from(whatsappConsents)
    .where(and(eq(whatsappConsents.clientId, clientId), isNull(whatsappConsents.withdrawnAt)));
  return row ?? null;
}

/** Every consent the client gave and withdrew, newest first (the client page, the export). */
export async function consentHistory(clientId: string, db: DbOrTx = getDb()): Promise<Consent[]> {
  return db
    .select()
    .from(whatsappConsents)
    .where(eq(whatsappConsents.clientId, clientId))
    .orderBy(desc(whatsappConsents.givenAt), desc(whatsappConsents.id));
}

async function closeOpen(
  tx: DbOrTx,
  clientId: string,
  source: WhatsAppWithdrawalSource,
  by: string | null,
): Promise<Consent | null> {
  const [row] = await tx
    .update(whatsappConsents)
    .set({ withdrawnAt: now(), withdrawalSource: source, withdrawnById: by })
    .where(and(eq(whatsappConsents.clientId, clientId), isNull(whatsappConsents.withdrawnAt)))
    .returning();
  return row ?? null;
}

/**
 * Records the client's consent for `phone`, with the text they were shown. Source
 * `area_do_cliente`: the client's own click (actor = their login); `admin`: a consent given
 * elsewhere, which the admin describes in `sourceNote` (required, checked by the schema and the
 * database); `mensagem_recebida`: the person wrote to us. A consent already open for another
 * number is withdrawn as `substituido` in the same transaction.
 */
export async function recordConsent({
  clientId,
  phone,
  source,
  sourceNote = null,
  actor,
  db = getDb(),
}: {
  clientId: string;
  phone: string;
  source: WhatsAppConsentSource;
  sourceNote?: string | null;
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<ConsentResult> {
  const number = consentPhone(phone);
  if (!number) return { ok: false, reason: "telefone_invalido" };
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: clients.id, name: clients.businessName })
      .from(clients)
      .where(eq(clients.id, clientId))
      .for("update");
    if (!client) return { ok: false as const, reason: "cliente_inexistente" as const };
    const open = await openConsent(tx, clientId);
    if (open && open.phone === number) return { ok: true as const, consent: open };
    if (open) await closeOpen(tx, clientId, "substituido", actor?.id ?? null);
    const [consent] = await tx
      .insert(whatsappConsents)
      .values({
        clientId,
        phone: number,
        consentText: consentTextFor(formatPhone(number.slice(2))),
        source,
        sourceNote: sourceNote?.trim() || null,
        recordedById: actor?.id ?? null,
        givenAt: now(),
      })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "whatsapp.consentimento_registrado",
      entityType: "client",
      entityId: clientId,
      entityLabel: client.name,
      changes: { whatsappConsent: [open ? "substituído" : null, source] },
    });
    return { ok: true as const, consent };
  });
}

/** Withdraws the client's open consent; false when there was none. */
export async function withdrawConsent({
  clientId,
  source,
  actor,
  db = getDb(),
}: {
  clientId: string;
  source: Exclude<WhatsAppWithdrawalSource, "substituido">;
  actor: Actor | null;
  db?: DbOrTx;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const closed = await closeOpen(tx, clientId, source, actor?.id ?? null);
    if (!closed) return false;
    const [client] = await tx
      .select({ name: clients.businessName })
      .from(clients)
      .where(eq(clients.id, clientId));
    await recordAudit(tx, {
      actor,
      action: "whatsapp.consentimento_retirado",
      entityType: "client",
      entityId: clientId,
      entityLabel: client?.name ?? null,
      changes: { whatsappConsent: [closed.source, source] },
    });
    return true;
  });
}

/** "PARAR", "sair.", " Parar " → true: the whole message is one stop word, accents and case aside. */
export function isStopWord(text: string | null): boolean {
  if (!text) return false;
  const word = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}]/gu, "")
    .toUpperCase();
  return (WHATSAPP_STOP_WORDS as readonly string[]).includes(word);
}

/**
 * The forms a Brazilian mobile number takes: WhatsApp reports some older accounts' numbers
 * without the ninth digit (55 11 8765-4321 for 55 11 98765-4321), so both are the same person.
 */
export function phoneVariants(phone: string): string[] {
  const eight = /^55(\d{2})([6-9]\d{7})$/.exec(phone);
  if (eight) return [phone, `55${eight[1]}9${eight[2]}`];
  const nine = /^55(\d{2})9([6-9]\d{7})$/.exec(phone);
  if (nine) return [phone, `55${nine[1]}${nine[2]}`];
  return [phone];
}

/**
 * The person behind `phone` wrote a stop word: every open consent for that number is withdrawn
 * (one number can be two clients'). Returns how many.
 */
export async function withdrawByPhone(tx: DbOrTx, phone: string): Promise<number> {
  const rows = await tx
    .update(whatsappConsents)
    .set({ withdrawnAt: now(), withdrawalSource: "mensagem_recebida", withdrawnById: null })
    .where(and(inArray(whatsappConsents.phone, phoneVariants(phone)), isNull(whatsappConsents.withdrawnAt)))
    .returning({ clientId: whatsappConsents.clientId });
  for (const r of rows)
    await recordAudit(tx, {
      actor: null,
      action: "whatsapp.consentimento_retirado",
      entityType: "client",
      entityId: r.clientId,
      changes: { whatsappConsent: ["aberto", "mensagem_recebida"] },
    });
  return rows.length;
}

/** How many clients hold an open consent (Configurações → WhatsApp). */
export async function openConsentCount(db: DbOrTx = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(whatsappConsents)
    .where(isNull(whatsappConsents.withdrawnAt));
  return Number(row?.n ?? 0);
}
