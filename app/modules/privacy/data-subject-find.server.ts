import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { getDb, queryRows, type DbOrTx } from "~/db/client.server";
import { auditLog, mailMessages, webhookDeliveries } from "~/db/schema";
import { columnRule, type PersonalDataDeclaration } from "~/db/personal-data";
import { digitsOnly, normalizePhone } from "~/lib/phone";
import { neutraliseFormula } from "~/server/http/csv.server";
import { stringify } from "csv-stringify/sync";
import {
  DECLARATIONS,
  findPersonRows,
  isLog,
  personEntityIds,
  usablePhone,
  type FoundRows,
} from "./subject.server";

// Data subject requests (LGPD art. 18), the finding half: everything held about one person by
// e-mail or phone, and its export. The rows are chosen by the person's ids, exact e-mails and
// phone digits only (subject.server.ts), every table through the personal-data declarations next
// to its schema. Anonymising (data-subject-erase.server.ts) changes exactly what this finds.

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

type Row = Record<string, unknown>;
type Decl = PersonalDataDeclaration;

/** The export's tables (key → pt-BR name, the CSV's first column), from the declarations. */
export const SUBJECT_TABLES: Record<string, string> = Object.fromEntries(
  DECLARATIONS.flatMap((d) => (d.exportAs ? [[d.exportAs.key, d.exportAs.label]] : [])),
);
export type SubjectData = Record<string, Row[]>;

export interface LogRows {
  mail: (typeof mailMessages.$inferSelect & { about: boolean })[];
  webhooks: (typeof webhookDeliveries.$inferSelect)[];
  audit: (typeof auditLog.$inferSelect)[];
  jobs: { table: "job" | "archive"; id: string; name: string; data: unknown; output: unknown }[];
}
export interface Subject {
  found: FoundRows;
  logs: LogRows;
}

const mentionsAny = (col: SQL | PgColumn, needles: string[]): SQL | null =>
  needles.length ? or(...needles.map((n) => sql`strpos(lower(${col}), ${n.toLowerCase()}) > 0`))! : null;
const anyOf = (parts: (SQL | null | undefined)[]): SQL => {
  const l = parts.filter((p): p is SQL => !!p);
  return l.length ? or(...l)! : sql`false`;
};

/** A WhatsApp message sent to one of the person's numbers (national digits). */
export const whatsappToThem = (m: { channel: string; toAddress: string }, phones: Set<string>) =>
  m.channel === "whatsapp" && phones.has(usablePhone(m.toAddress) ?? "");

/** The e-mail as a whole address in a text (not "diana@x.dev" for "ana@x.dev"). */
const hasEmail = (text: string, emails: Set<string>) =>
  [...emails].some((e) =>
    new RegExp(`(?<![\\w.+-])${e.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`, "i").test(text),
  );

/**
 * The log rows linked to the person: mail about them (its entity) or to them, and mail, webhook
 * bodies and pg-boss jobs that carry one of their ids or their exact e-mail or phone; audit
 * entries of their entities or made by them. With `byContact` off (retention), ids only.
 */
export async function findLogRows(db: DbOrTx, found: FoundRows, byContact: boolean): Promise<LogRows> {
  const { person } = found;
  const entityIds = personEntityIds(found);
  const ids = [...entityIds.values()].flatMap((s) => [...s]);
  const emails = byContact ? [...person.emails] : [];
  const phones = byContact ? [...person.phones] : [];
  const mailRows = (
    await db
      .select()
      .from(mailMessages)
      .where(
        anyOf([
          ids.length ? inArray(mailMessages.entityId, ids) : null,
          emails.length ? inArray(sql`lower(${mailMessages.toAddress})`, emails) : null,
          // A WhatsApp message's address is the number, 55 + national digits (decision 044).
          phones.length
            ? and(
                eq(mailMessages.channel, "whatsapp"),
                inArray(
                  mailMessages.toAddress,
                  phones.flatMap((p) => [p, `55${p}`]),
                ),
              )
            : null,
          mentionsAny(mailMessages.text, [...ids, ...emails]),
          // A digest links each lead and client by id (its HTML), naming several people.
          mentionsAny(mailMessages.html, ids),
        ]),
      )
  )
    .map((m) => {
      const aboutId = ids.some((id) => m.entityId === id || m.text.includes(id) || m.html.includes(id));
      const aboutEmail = hasEmail(m.text, person.emails) && byContact;
      const to =
        byContact && (person.emails.has(m.toAddress.toLowerCase()) || whatsappToThem(m, person.phones));
      return aboutId || aboutEmail || to ? { ...m, about: aboutId || aboutEmail } : null;
    })
    .filter((m) => m !== null);
  const hookCandidates = await db
    .select()
    .from(webhookDeliveries)
    .where(anyOf([mentionsAny(webhookDeliveries.body, [...ids, ...emails, ...phones])]));
  const webhooks = hookCandidates.filter((w) => {
    if (ids.some((id) => w.body.includes(id))) return true;
    // By contact: a JSON value that IS their e-mail or phone, not one that contains it.
    const values: string[] = [];
    JSON.stringify(JSON.parse(w.body), (_k, v) => (typeof v === "string" && values.push(v), v));
    return (
      byContact &&
      values.some((v) => person.emails.has(v.toLowerCase()) || person.phones.has(usablePhone(v) ?? ""))
    );
  });
  const userIds = [...person.ids.user];
  const audit = await db
    .select()
    .from(auditLog)
    .where(
      anyOf([
        ...[...entityIds].map(([type, set]) =>
          set.size ? and(eq(auditLog.entityType, type), inArray(auditLog.entityId, [...set])) : null,
        ),
        userIds.length ? inArray(auditLog.actorId, userIds) : null,
      ]),
    );
  // pg-boss keeps job data and results 14 days, then archives them: the jobs about the person
  // (their ids, their mail and deliveries) or carrying their address.
  const jobNeedles = [...ids, ...mailRows.map((m) => m.id), ...webhooks.map((w) => w.id), ...emails];
  const jobs: LogRows["jobs"] = [];
  for (const table of ["job", "archive"] as const) {
    const [exists] = await queryRows<{ t: string | null }>(
      db,
      sql`select to_regclass(${`pgboss.${table}`})::text as t`,
    );
    if (!exists?.t || !jobNeedles.length) continue;
    const text = sql`(coalesce(data::text, '') || ' ' || coalesce(output::text, ''))`;
    const rows = await queryRows<{ id: string; name: string; data: unknown; output: unknown }>(
      db,
      sql`select id::text as id, name, data, output from ${sql.raw(`pgboss.${table}`)} where ${mentionsAny(text, jobNeedles)}`,
    );
    jobs.push(...rows.map((r) => ({ ...r, table })));
  }
  return { mail: mailRows, webhooks, audit, jobs };
}

export async function findSubject(db: DbOrTx, query: SubjectQuery): Promise<Subject> {
  const found = await findPersonRows(db, {
    emails: query.email ? [query.email] : [],
    phones: query.phone ? [query.phone] : [],
  });
  return { found, logs: await findLogRows(db, found, true) };
}

/** Columns never handed over (credentials, tokens). */
const exportable = (d: Decl, row: Row): Row =>
  Object.fromEntries(Object.entries(row).filter(([k]) => columnRule(d, k)?.kind !== "secret"));

export function subjectData({ found, logs }: Subject): SubjectData {
  const data: SubjectData = Object.fromEntries(Object.keys(SUBJECT_TABLES).map((k) => [k, []]));
  for (const d of DECLARATIONS) {
    if (!d.exportAs || isLog(d)) continue;
    data[d.exportAs.key] = [...(found.own.get(d) ?? []), ...(found.related.get(d) ?? [])].map((r) =>
      exportable(d, r),
    );
  }
  data.mailMessages = logs.mail.map(({ about: _about, ...m }) => m);
  data.webhookDeliveries = logs.webhooks;
  data.auditLog = logs.audit;
  return data;
}

/** Everything held about the person (their rows and the log rows linked to them). */
export async function findSubjectData({
  query,
  db = getDb(),
}: {
  query: SubjectQuery;
  db?: DbOrTx;
}): Promise<SubjectData> {
  return subjectData(await findSubject(db, query));
}

export function subjectIsEmpty(d: SubjectData): boolean {
  return Object.values(d).every((rows) => rows.length === 0);
}

const cell = (v: unknown): string =>
  neutraliseFormula(
    v === null || v === undefined
      ? ""
      : v instanceof Date
        ? v.toISOString()
        : typeof v === "object"
          ? JSON.stringify(v)
          : String(v),
  );

/** CSV (Excel pt-BR: BOM, `;`): one line per field, `tabela;id;campo;valor`, no live formulas. */
export function subjectCsv(d: SubjectData): string {
  const rows: string[][] = [];
  for (const key of Object.keys(SUBJECT_TABLES)) {
    for (const row of d[key] ?? []) {
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
