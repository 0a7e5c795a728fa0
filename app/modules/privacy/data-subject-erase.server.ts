import { createHash } from "node:crypto";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx } from "~/db/client.server";
import { auditLog, leads, mailMessages, user, webhookDeliveries } from "~/db/schema";
import { columnRule } from "~/db/personal-data";
import { recordAudit, type Actor } from "~/modules/audit/index.server";
import { getFunnelSettings } from "~/modules/leads/index.server";
import { now as clockNow } from "~/server/clock.server";
import {
  findLogRows,
  findSubject,
  whatsappToThem,
  subjectData,
  SUBJECT_TABLES,
  type LogRows,
  type Subject,
  type SubjectQuery,
} from "./data-subject-find.server";
import { makeRedactor, REDACTED, type Redactor } from "./redact";
import { completeDeletionRequests } from "./self-service.server";
import {
  DECLARATIONS,
  findPersonRows,
  isPlaceholderEmail,
  ownsValue,
  personEntityIds,
  type FindOptions,
  type FoundRows,
} from "./subject.server";

// Data subject requests (LGPD art. 18), the anonymising half: replaces the personal values of
// what data-subject-find.server.ts finds and keeps the rows, so counts, statuses, commissions and
// revenue stay as they were.

type Row = Record<string, unknown>;
type Lead = typeof leads.$inferSelect;

export const ANONYMISED = "Anonimizado";
const ANON_PHONE = "00000000000";
const REMOVED = "[removido por anonimização]";
const anonEmail = (id: string) => `anonimizado-${id.replace(/-/g, "").slice(0, 12)}@anonimizado.invalid`;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** What replaces a personal value, by its declared kind (null where the column allows it). */
function replacement(kind: string, column: PgColumn, row: Row): unknown {
  if (kind === "name") return ANONYMISED;
  if (kind === "email") return anonEmail(String(row.id));
  if (kind === "phone") return column.notNull ? ANON_PHONE : null;
  if (kind === "text") return column.notNull ? REMOVED : null;
  return null;
}

/** The person's own values, to be cut out of the log rows linked to them. */
function redactorFor(found: FoundRows): Redactor {
  const values = new Set<string>(found.person.emails);
  for (const [d, rows] of found.own)
    for (const row of rows)
      for (const key of Object.keys(d.personal)) {
        const kind = columnRule(d, key)!.kind;
        const v = row[key];
        if (
          typeof v === "string" &&
          kind !== "secret" &&
          kind !== "log" &&
          kind !== "phone" &&
          ownsValue(d, key, row, found.person)
        )
          if (!isPlaceholderEmail(v) && v !== ANONYMISED && v !== REMOVED) values.add(v);
      }
  return makeRedactor({ values, phones: found.person.phones });
}

export interface AnonymiseResult {
  counts: Record<string, number>;
}

async function anonymiseFound(tx: DbOrTx, subject: Subject): Promise<void> {
  const { found, logs } = subject;
  const redact = redactorFor(found);
  const now = clockNow();
  for (const [d, rows] of found.own) {
    const table = d.table as PgTable;
    const c = getTableColumns(table) as Record<string, PgColumn>;
    if (d.erase === "delete") {
      await tx.delete(table).where(
        inArray(
          c.id,
          rows.map((r) => r.id),
        ),
      );
      continue;
    }
    for (const row of rows) {
      const set: Row = {};
      for (const key of Object.keys(d.personal)) {
        const kind = columnRule(d, key)!.kind;
        if (kind === "log" || !ownsValue(d, key, row, found.person)) continue;
        set[key] = replacement(kind, c[key], row);
      }
      if (d.subject) Object.assign(set, d.alsoSet ?? {});
      if (!Object.keys(set).length) continue;
      if (c.updatedAt) set.updatedAt = now;
      await tx.update(table).set(set).where(eq(c.id, row.id));
    }
  }
  await scrubLogs(tx, found, logs, redact, now);
}

/** "Outro: Ana desistiu" → "Outro: [anonimizado]": the reason stays, the admin's note goes. */
async function lostReasonRedactor(tx: DbOrTx): Promise<(v: unknown) => unknown> {
  const reasons = (await getFunnelSettings(tx)).lostReasons;
  return (v) => {
    if (typeof v !== "string") return v === null ? null : REDACTED;
    if (reasons.includes(v)) return v;
    const reason = reasons.find((r) => v.startsWith(`${r}: `));
    return reason ? `${reason}: ${REDACTED}` : REDACTED;
  };
}

async function scrubLogs(tx: DbOrTx, found: FoundRows, logs: LogRows, redact: Redactor, now: Date) {
  const { person } = found;
  for (const m of logs.mail) {
    const toThem = person.emails.has(m.toAddress.toLowerCase());
    const toTheirWhatsApp = whatsappToThem(m, person.phones);
    const body = (s: string | null) => (s === null ? null : m.about ? REMOVED : redact.text(s));
    await tx
      .update(mailMessages)
      .set({
        toAddress: toThem ? anonEmail(m.id) : toTheirWhatsApp ? ANON_PHONE : m.toAddress,
        // A WhatsApp message's filled-in template repeats its text's values.
        template:
          m.template && (m.about || toTheirWhatsApp ? null : (redact.json(m.template) as typeof m.template)),
        subject: redact.text(m.subject),
        html: body(m.html)!,
        text: body(m.text)!,
        redactedHtml: m.about ? null : body(m.redactedHtml),
        redactedText: m.about ? null : body(m.redactedText),
        lastError: m.lastError && redact.text(m.lastError),
        // Keys written before they were hashed held the address (queueMail hashes them now).
        dedupeKey: m.dedupeKey && (m.dedupeKey.includes("@") ? sha256(m.dedupeKey) : m.dedupeKey),
        updatedAt: now,
      })
      .where(eq(mailMessages.id, m.id));
  }
  for (const w of logs.webhooks) {
    await tx
      .update(webhookDeliveries)
      .set({
        body: JSON.stringify(redact.json(JSON.parse(w.body))),
        lastError: w.lastError && redact.text(w.lastError),
        updatedAt: now,
      })
      .where(eq(webhookDeliveries.id, w.id));
  }
  if (logs.audit.length) {
    const entities = personEntityIds(found);
    const declFor = new Map(DECLARATIONS.filter((d) => d.auditEntity).map((d) => [d.auditEntity!, d]));
    const motivo = await lostReasonRedactor(tx);
    // The audit log is append-only; the anonymiser alone may redact it (see migration 0004).
    await tx.execute(sql`set local app.audit_redaction = 'on'`);
    for (const a of logs.audit) {
      const d = declFor.get(a.entityType);
      const theirs = !!d && !!a.entityId && !!entities.get(a.entityType)?.has(a.entityId);
      const fields = new Set([...(d ? Object.keys(d.personal) : []), ...(d?.auditFields ?? [])]);
      // Only the person's own entity's personal fields: another entity's history is not touched.
      const changes =
        theirs && a.changes
          ? (Object.fromEntries(
              Object.entries(a.changes).map(([field, pair]) => [
                field,
                !fields.has(field)
                  ? pair
                  : field === "motivoPerda"
                    ? pair.map(motivo)
                    : pair.map((v) => (v === null ? null : REDACTED)),
              ]),
            ) as Record<string, [unknown, unknown]>)
          : a.changes;
      const label =
        theirs && a.entityLabel ? (d?.subject ? ANONYMISED : redact.text(a.entityLabel)) : a.entityLabel;
      const actorName = a.actorId && person.ids.user.has(a.actorId) ? ANONYMISED : a.actorName;
      await tx.update(auditLog).set({ changes, entityLabel: label, actorName }).where(eq(auditLog.id, a.id));
    }
    await tx.execute(sql`set local app.audit_redaction = 'off'`);
  }
  for (const j of logs.jobs) {
    await tx.execute(
      sql`update ${sql.raw(`pgboss.${j.table}`)}
             set data = ${JSON.stringify(redact.json(j.data))}::jsonb,
                 output = ${j.output === null ? null : JSON.stringify(redact.json(j.output))}::jsonb
           where id = ${j.id}::uuid and name = ${j.name}`,
    );
  }
}

function countsOf(s: Subject): Record<string, number> {
  return Object.fromEntries(Object.entries(subjectData(s)).map(([k, rows]) => [k, rows.length]));
}

/** Anonymising a user deactivates them: never the last active admin, or nobody could sign in. */
export class LastAdminAnonymiseError extends Error {}

async function refuseLastAdmin(tx: DbOrTx, userIds: Set<string>) {
  if (userIds.size === 0) return;
  // Locked like deactivateUser does, so two requests at once cannot both remove an admin.
  const active = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, "admin"), eq(user.status, "active")))
    .orderBy(asc(user.id))
    .for("update");
  if (active.length > 0 && active.every((a) => userIds.has(a.id))) throw new LastAdminAnonymiseError();
}

/**
 * Replaces every personal value of the person's rows, and their values in the log rows linked to
 * them, in one transaction, and records it in the audit log without any personal data. Rows are
 * kept: dashboards, commissions and revenue do not change.
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
    const subject = await findSubject(tx, query);
    const counts = countsOf(subject);
    // Nobody found: nothing to change and nothing to record.
    if (Object.values(counts).every((n) => n === 0)) return { counts };
    await refuseLastAdmin(tx, subject.found.person.ids.user);
    await anonymiseFound(tx, subject);
    // A representative who asked for their account's deletion (/representante/conta): done.
    const requestsDone = await completeDeletionRequests(tx, {
      representativeIds: [...subject.found.person.ids.representative],
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
            .map(([k, n]) => [SUBJECT_TABLES[k], [n, "anonimizado"]]),
        ),
        ...(requestsDone ? { "Pedidos de exclusão": [requestsDone, "concluído"] } : {}),
      },
    });
    return { counts };
  });
}

/**
 * Anonymises the given leads (retention job): the same replacements, with their notes, their
 * referrals (by lead and by the leads' phone digits) and the log rows carrying their ids. It does
 * not reach the person's other, current records (a client with the same e-mail).
 */
export async function anonymiseLeadRows(tx: DbOrTx, rows: Lead[]): Promise<void> {
  if (!rows.length) return;
  const options: FindOptions = { searchRoots: ["referral"], expand: false };
  const found = await findPersonRows(
    tx,
    {
      ids: { lead: rows.map((l) => l.id) },
      emails: rows.map((l) => l.email),
      phones: rows.map((l) => l.phone),
    },
    options,
  );
  await anonymiseFound(tx, { found, logs: await findLogRows(tx, found, false) });
}
