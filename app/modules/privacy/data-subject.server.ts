import { eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_COLUMNS } from "./account-columns.server";
import type { PgColumn } from "drizzle-orm/pg-core";
import { stringify } from "csv-stringify/sync";
import { getDb, type DbOrTx } from "~/db/client.server";
import {
  auditLog,
  clientNotes,
  clients,
  leadNotes,
  leads,
  mailMessages,
  referrals,
  representatives,
  session,
  subscriptions,
  user,
  webhookDeliveries,
} from "~/db/schema";
import { digitsOnly, normalizePhone } from "~/lib/phone";
import { recordAudit, type Actor } from "~/modules/audit/audit.server";
import { completeDeletionRequests } from "./self-service.server";

// Data subject requests (LGPD art. 18, issue 16): find everything held about one person by e-mail
// or phone, export it, anonymise it. Anonymising replaces the personal fields and keeps the rows,
// so counts, statuses, commissions and revenue stay as they were.

export interface SubjectQuery {
  email: string | null;
  /** The national number (10–11 digits); stored phones are compared by their digits. */
  phone: string | null;
}

/** A typed e-mail or phone → the query (null when it is neither). */
export function subjectQueryFrom(term: string): SubjectQuery | null {
  const t = term.trim();
  if (!t) return null;
  if (t.includes("@")) return { email: t.toLowerCase(), phone: null };
  const phone = normalizePhone(t) ?? (digitsOnly(t).length >= 8 ? digitsOnly(t) : null);
  return phone ? { email: null, phone } : null;
}

/** Stored phones, masked or digits-only, with or without +55, against the query's digits. */
function phoneMatches(col: PgColumn, phone: string): SQL {
  const digits = sql`regexp_replace(${col}, '[^0-9]', '', 'g')`;
  return sql`${digits} in (${phone}, ${`55${phone}`})`;
}
const emailMatches = (col: PgColumn, email: string): SQL => sql`lower(${col}) = ${email}`;

const anyOf = (parts: (SQL | undefined | false | null | "")[]): SQL | undefined => {
  const list = parts.filter((p): p is SQL => !!p);
  return list.length ? or(...list) : undefined;
};

type Row = Record<string, unknown>;
export interface SubjectData {
  leads: (typeof leads.$inferSelect)[];
  leadNotes: (typeof leadNotes.$inferSelect)[];
  clients: (typeof clients.$inferSelect)[];
  clientNotes: (typeof clientNotes.$inferSelect)[];
  subscriptions: (typeof subscriptions.$inferSelect)[];
  representatives: (typeof representatives.$inferSelect)[];
  users: Row[];
  referrals: (typeof referrals.$inferSelect)[];
  mailMessages: (typeof mailMessages.$inferSelect)[];
  webhookDeliveries: (typeof webhookDeliveries.$inferSelect)[];
  auditLog: (typeof auditLog.$inferSelect)[];
}

/** The person's own strings (≥ 5 characters), looked for in free text (mail, audit, webhooks). */
function identifyingTerms(
  q: SubjectQuery,
  d: Pick<SubjectData, "leads" | "clients" | "representatives" | "referrals">,
) {
  const terms = new Set<string>();
  const add = (v: string | null | undefined) => {
    const s = v?.trim();
    if (s && s.length >= 5) terms.add(s);
  };
  add(q.email);
  for (const l of d.leads) [l.name, l.email, l.phone, l.business].forEach(add);
  for (const c of d.clients) [c.name, c.email, c.phone, c.businessName].forEach(add);
  for (const r of d.representatives) [r.name, r.email, r.phone, r.pixKey, r.document].forEach(add);
  for (const r of d.referrals.filter((x) => q.phone && digitsOnly(x.contactPhone).endsWith(q.phone)))
    [r.contactName, r.contactPhone, r.businessName].forEach(add);
  return [...terms];
}

const textMentions = (col: SQL | PgColumn, terms: string[]) =>
  anyOf(terms.map((t) => ilike(col as PgColumn, `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));

/** Everything held about the person (their rows and every row that mentions them). */
export async function findSubjectData({
  query,
  db = getDb(),
}: {
  query: SubjectQuery;
  db?: DbOrTx;
}): Promise<SubjectData> {
  const { email, phone } = query;
  const leadRows = await db
    .select()
    .from(leads)
    .where(
      anyOf([email && emailMatches(leads.email, email), phone && phoneMatches(leads.phone, phone)]) ??
        sql`false`,
    );
  const clientRows = await db
    .select()
    .from(clients)
    .where(
      anyOf([email && emailMatches(clients.email, email), phone && phoneMatches(clients.phone, phone)]) ??
        sql`false`,
    );
  const repRows =
    email || phone
      ? await db
          .select()
          .from(representatives)
          .where(
            anyOf([
              email && emailMatches(representatives.email, email),
              phone && phoneMatches(representatives.phone, phone),
            ]) ?? sql`false`,
          )
      : [];
  const repIds = repRows.map((r) => r.id);
  const referralRows = await db
    .select()
    .from(referrals)
    .where(
      anyOf([
        phone && phoneMatches(referrals.contactPhone, phone),
        repIds.length ? inArray(referrals.representativeId, repIds) : null,
      ]) ?? sql`false`,
    );
  const leadIds = leadRows.map((l) => l.id);
  const clientIds = clientRows.map((c) => c.id);
  const userRows = repRows.length
    ? await db
        .select(ACCOUNT_COLUMNS)
        .from(user)
        .where(
          inArray(
            user.id,
            repRows.map((r) => r.authId),
          ),
        )
    : [];
  const ownReferralIds = referralRows
    .filter((r) => phone && digitsOnly(r.contactPhone).endsWith(phone))
    .map((r) => r.id);
  const entityIds = [...leadIds, ...clientIds, ...repIds, ...ownReferralIds, ...userRows.map((u) => u.id)];
  const terms = identifyingTerms(query, {
    leads: leadRows,
    clients: clientRows,
    representatives: repRows,
    referrals: referralRows,
  });

  const [noteRows, clientNoteRows, subscriptionRows, mailRows, webhookRows, auditRows] = await Promise.all([
    leadIds.length ? db.select().from(leadNotes).where(inArray(leadNotes.leadId, leadIds)) : [],
    clientIds.length ? db.select().from(clientNotes).where(inArray(clientNotes.clientId, clientIds)) : [],
    clientIds.length ? db.select().from(subscriptions).where(inArray(subscriptions.clientId, clientIds)) : [],
    db
      .select()
      .from(mailMessages)
      .where(
        anyOf([
          email && emailMatches(mailMessages.toAddress, email),
          entityIds.length ? inArray(mailMessages.entityId, entityIds) : null,
          textMentions(mailMessages.text, terms),
          textMentions(mailMessages.subject, terms),
        ]) ?? sql`false`,
      ),
    terms.length
      ? db.select().from(webhookDeliveries).where(textMentions(webhookDeliveries.body, terms)!)
      : [],
    db
      .select()
      .from(auditLog)
      .where(
        anyOf([
          entityIds.length ? inArray(auditLog.entityId, entityIds) : null,
          textMentions(sql`${auditLog.changes}::text`, terms),
          textMentions(auditLog.entityLabel, terms),
        ]) ?? sql`false`,
      ),
  ]);
  return {
    leads: leadRows,
    leadNotes: noteRows,
    clients: clientRows,
    clientNotes: clientNoteRows,
    subscriptions: subscriptionRows,
    representatives: repRows,
    users: userRows,
    referrals: referralRows,
    mailMessages: mailRows,
    webhookDeliveries: webhookRows,
    auditLog: auditRows,
  };
}

export function subjectIsEmpty(d: SubjectData): boolean {
  return Object.values(d).every((rows) => rows.length === 0);
}

/** The tables of the export, with their pt-BR names (the CSV's first column). */
export const SUBJECT_TABLES: Record<keyof SubjectData, string> = {
  leads: "Leads",
  leadNotes: "Anotações de leads",
  clients: "Clientes",
  clientNotes: "Anotações de clientes",
  subscriptions: "Assinaturas",
  representatives: "Representantes",
  users: "Usuários",
  referrals: "Indicações",
  mailMessages: "E-mails enviados",
  webhookDeliveries: "Webhooks",
  auditLog: "Auditoria",
};

const cell = (v: unknown): string =>
  v === null || v === undefined
    ? ""
    : v instanceof Date
      ? v.toISOString()
      : typeof v === "object"
        ? JSON.stringify(v)
        : String(v);

/** CSV (Excel pt-BR: BOM, `;`): one line per field, `tabela;id;campo;valor`. */
export function subjectCsv(d: SubjectData): string {
  const rows: string[][] = [];
  for (const key of Object.keys(SUBJECT_TABLES) as (keyof SubjectData)[]) {
    for (const row of d[key] as Row[]) {
      const id = cell(row.id);
      for (const [field, value] of Object.entries(row))
        rows.push([SUBJECT_TABLES[key], id, field, cell(value)]);
    }
  }
  return stringify(rows, {
    bom: true,
    delimiter: ";",
    header: true,
    columns: ["tabela", "id", "campo", "valor"],
  });
}

export const ANONYMISED = "Anonimizado";
const ANON_PHONE = "00000000000";
const REMOVED = "[removido por anonimização]";
const anonEmail = (id: string) => `anonimizado-${id.replace(/-/g, "").slice(0, 12)}@anonimizado.invalid`;
/** Audit fields whose values are personal, redacted whatever they contain. */
const PERSONAL_AUDIT_FIELDS =
  /^(name|email|phone|business|businessName|message|note|lostNote|contactName|contactPhone|toAddress)$/;

function redactValue(v: unknown, terms: string[]): unknown {
  if (typeof v === "string") {
    const low = v.toLowerCase();
    return terms.some((t) => low.includes(t.toLowerCase())) ? REDACTED : v;
  }
  if (Array.isArray(v)) return v.map((x) => redactValue(x, terms));
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redactValue(x, terms)]));
  return v;
}
const REDACTED = "[anonimizado]";

export interface AnonymiseResult {
  counts: Record<keyof SubjectData, number>;
}

/**
 * Replaces every personal field of the person's rows (and every mention of them in mail, webhook
 * bodies and the audit log's changed values), in one transaction, and records it in the audit log
 * without any personal data. Rows are kept: dashboards, commissions and revenue do not change.
 */
export async function anonymiseSubject({
  query,
  actor,
  reason = "Pedido do titular",
}: {
  query: SubjectQuery;
  actor: Actor | null;
  reason?: string;
}): Promise<AnonymiseResult> {
  return getDb().transaction(async (tx) => {
    const d = await findSubjectData({ query, db: tx });
    const counts = Object.fromEntries(
      (Object.keys(SUBJECT_TABLES) as (keyof SubjectData)[]).map((k) => [k, d[k].length]),
    ) as AnonymiseResult["counts"];
    // Nobody found: nothing to change and nothing to record.
    if (Object.values(counts).every((n) => n === 0)) return { counts };
    await anonymiseRows(tx, d, query);
    // A representative who asked for their account's deletion (/representante/conta): done.
    const requestsDone = await completeDeletionRequests(tx, {
      representativeIds: d.representatives.map((r) => r.id),
      actor,
    });
    await recordAudit(tx, {
      actor,
      action: "privacy.anonymised",
      entityType: "privacy",
      entityLabel: reason,
      changes: {
        ...Object.fromEntries(
          Object.entries(counts)
            .filter(([, n]) => n > 0)
            .map(([k, n]) => [SUBJECT_TABLES[k as keyof SubjectData], [n, "anonimizado"]]),
        ),
        ...(requestsDone ? { "Pedidos de exclusão": [requestsDone, "concluído"] } : {}),
      },
    });
    return { counts };
  });
}

/** Anonymises the given leads (retention job): the same replacements, no subject search. */
export async function anonymiseLeadRows(tx: DbOrTx, rows: (typeof leads.$inferSelect)[]): Promise<void> {
  if (!rows.length) return;
  const ids = rows.map((l) => l.id);
  const notes = await tx.select().from(leadNotes).where(inArray(leadNotes.leadId, ids));
  const terms = identifyingTerms(
    { email: null, phone: null },
    { leads: rows, clients: [], representatives: [], referrals: [] },
  );
  const [mail, hooks, audit] = await Promise.all([
    tx
      .select()
      .from(mailMessages)
      .where(
        anyOf([inArray(mailMessages.entityId, ids), textMentions(mailMessages.text, terms)]) ?? sql`false`,
      ),
    terms.length
      ? tx.select().from(webhookDeliveries).where(textMentions(webhookDeliveries.body, terms)!)
      : [],
    tx
      .select()
      .from(auditLog)
      .where(
        anyOf([inArray(auditLog.entityId, ids), textMentions(sql`${auditLog.changes}::text`, terms)]) ??
          sql`false`,
      ),
  ]);
  await anonymiseRows(
    tx,
    {
      leads: rows,
      leadNotes: notes,
      clients: [],
      clientNotes: [],
      subscriptions: [],
      representatives: [],
      users: [],
      referrals: [],
      mailMessages: mail,
      webhookDeliveries: hooks,
      auditLog: audit,
    },
    { email: null, phone: null },
  );
}

async function anonymiseRows(tx: DbOrTx, d: SubjectData, query: SubjectQuery) {
  const terms = identifyingTerms(query, d);
  const now = new Date();
  for (const l of d.leads) {
    await tx
      .update(leads)
      .set({
        name: ANONYMISED,
        email: anonEmail(l.id),
        phone: ANON_PHONE,
        business: ANONYMISED,
        message: null,
        lostNote: null,
        referrer: null,
        landingPage: null,
        gclid: null,
        fbclid: null,
        updatedAt: now,
      })
      .where(eq(leads.id, l.id));
  }
  if (d.leadNotes.length)
    await tx
      .update(leadNotes)
      .set({ note: REMOVED })
      .where(
        inArray(
          leadNotes.id,
          d.leadNotes.map((n) => n.id),
        ),
      );
  for (const c of d.clients) {
    await tx
      .update(clients)
      .set({
        name: ANONYMISED,
        email: anonEmail(c.id),
        phone: ANON_PHONE,
        businessName: ANONYMISED,
        updatedAt: now,
      })
      .where(eq(clients.id, c.id));
  }
  if (d.clientNotes.length)
    await tx
      .update(clientNotes)
      .set({ note: REMOVED })
      .where(
        inArray(
          clientNotes.id,
          d.clientNotes.map((n) => n.id),
        ),
      );
  for (const r of d.representatives) {
    await tx
      .update(representatives)
      // The payout details of issue 14 (phone, PIX key, CPF/CNPJ) are personal data too.
      .set({
        name: ANONYMISED,
        email: anonEmail(r.id),
        phone: null,
        pixKeyType: null,
        pixKey: null,
        document: null,
      })
      .where(eq(representatives.id, r.id));
  }
  for (const u of d.users) {
    const id = String(u.id);
    // The account cannot sign in any more: its e-mail is gone and its sessions are revoked.
    await tx
      .update(user)
      .set({ name: ANONYMISED, email: anonEmail(id), status: "deactivated", updatedAt: now })
      .where(eq(user.id, id));
    await tx.delete(session).where(eq(session.userId, id));
  }
  // Referrals the person is the contact of (not the ones a representative made about others).
  for (const r of d.referrals) {
    if (!query.phone || !digitsOnly(r.contactPhone).endsWith(query.phone)) continue;
    await tx
      .update(referrals)
      .set({ contactName: ANONYMISED, contactPhone: ANON_PHONE, businessName: ANONYMISED, updatedAt: now })
      .where(eq(referrals.id, r.id));
  }
  for (const m of d.mailMessages) {
    const own = query.email !== null && m.toAddress.toLowerCase() === query.email;
    await tx
      .update(mailMessages)
      .set({
        toAddress: own ? anonEmail(m.id) : m.toAddress,
        subject: String(redactValue(m.subject, terms)),
        html: REMOVED,
        text: REMOVED,
        redactedHtml: null,
        redactedText: null,
        lastError: null,
        updatedAt: now,
      })
      .where(eq(mailMessages.id, m.id));
  }
  if (d.webhookDeliveries.length)
    await tx
      .update(webhookDeliveries)
      .set({ body: JSON.stringify({ anonimizado: true }), lastError: null, updatedAt: now })
      .where(
        inArray(
          webhookDeliveries.id,
          d.webhookDeliveries.map((w) => w.id),
        ),
      );
  if (d.auditLog.length) {
    // The audit log is append-only; the anonymiser alone may redact it (see migration 0004).
    await tx.execute(sql`set local app.audit_redaction = 'on'`);
    const entityIds = new Set([...d.leads, ...d.clients, ...d.representatives].map((x) => x.id));
    for (const a of d.auditLog) {
      const ownEntity = a.entityId !== null && entityIds.has(a.entityId);
      const changes = a.changes
        ? Object.fromEntries(
            Object.entries(a.changes).map(([field, pair]) => [
              field,
              PERSONAL_AUDIT_FIELDS.test(field) && ownEntity
                ? (pair.map((v) => (v === null ? null : REDACTED)) as [unknown, unknown])
                : (redactValue(pair, terms) as [unknown, unknown]),
            ]),
          )
        : null;
      const label =
        a.entityLabel && (ownEntity || redactValue(a.entityLabel, terms) !== a.entityLabel)
          ? ANONYMISED
          : a.entityLabel;
      await tx.update(auditLog).set({ changes, entityLabel: label }).where(eq(auditLog.id, a.id));
    }
    await tx.execute(sql`set local app.audit_redaction = 'off'`);
  }
}
