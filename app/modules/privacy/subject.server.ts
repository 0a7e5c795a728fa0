import { getTableColumns, getTableName, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "~/db/client.server";
import * as schema from "~/db/schema";
import {
  collectDeclarations,
  columnRule,
  type PersonalDataDeclaration,
  type SubjectKind,
} from "~/db/personal-data";
import { digitsOnly } from "~/lib/phone";

// Who a person is, and which rows are theirs (decision 019). A person is a set of ids
// (their leads, clients, representatives, users and referrals) plus their exact e-mails and phone
// digits; rows are selected by those only, never by a name. Driven by the declarations next to
// each table's schema (app/db/personal-data.ts).

export const DECLARATIONS = collectDeclarations(schema).declarations;
const SUBJECT_KINDS: SubjectKind[] = ["lead", "client", "representative", "user", "referral"];

type Row = Record<string, unknown>;
type Decl = PersonalDataDeclaration;

export interface Person {
  ids: Record<SubjectKind, Set<string>>;
  /** Lower-cased. */
  emails: Set<string>;
  /** National digits (10–11). */
  phones: Set<string>;
}

export interface FoundRows {
  person: Person;
  /** Per declaration: the person's rows (anonymised) and rows only exported with them. */
  own: Map<Decl, Row[]>;
  related: Map<Decl, Row[]>;
}

export const isPlaceholderEmail = (e: string) => e.toLowerCase().endsWith("@anonimizado.invalid");
const national = (v: string) => {
  const d = digitsOnly(v);
  return (d.length === 12 || d.length === 13) && d.startsWith("55") ? d.slice(2) : d;
};
/** A phone worth matching: 8+ digits, not the anonymiser's zeros. */
export const usablePhone = (v: unknown): string | null => {
  if (typeof v !== "string") return null;
  const d = national(v);
  return d.length >= 8 && !/^0+$/.test(d) ? d : null;
};

const cols = (d: Decl) => getTableColumns(d.table) as Record<string, PgColumn>;
const keysOfKind = (d: Decl, kind: string) =>
  Object.keys(d.personal).filter((k) => columnRule(d, k)?.kind === kind);
const list = (s: Set<string>) => [...s];

function emailIn(col: PgColumn, emails: Set<string>): SQL | null {
  if (!emails.size) return null;
  return sql`lower(${col}) in (${sql.join(
    list(emails).map((e) => sql`${e}`),
    sql`, `,
  )})`;
}
function phoneIn(col: PgColumn, phones: Set<string>): SQL | null {
  if (!phones.size) return null;
  const values = list(phones).flatMap((p) => [p, `55${p}`]);
  return sql`regexp_replace(${col}, '[^0-9]', '', 'g') in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}
const idsIn = (col: PgColumn, ids: Set<string>): SQL | null => (ids.size ? inArray(col, list(ids)) : null);
const anyOf = (parts: (SQL | null)[]): SQL | null => {
  const l = parts.filter((p): p is SQL => p !== null);
  return l.length ? or(...l)! : null;
};

export interface FindOptions {
  /** Subject tables searched by e-mail, phone and owner links; the others only by the seed ids. */
  searchRoots?: SubjectKind[];
  /** Learn more e-mails, phones and ids from the rows found (a data-subject request); off for
   * retention, where an expired lead must not reach the same person's current records. */
  expand?: boolean;
}

/** The person's rows in every declared table but the logs (see `findLogRows`). */
export async function findPersonRows(
  db: DbOrTx,
  seed: { emails?: string[]; phones?: string[]; ids?: Partial<Record<SubjectKind, string[]>> },
  { searchRoots = SUBJECT_KINDS, expand = true }: FindOptions = {},
): Promise<FoundRows> {
  const person: Person = {
    ids: Object.fromEntries(SUBJECT_KINDS.map((k) => [k, new Set(seed.ids?.[k] ?? [])])) as Person["ids"],
    emails: new Set((seed.emails ?? []).map((e) => e.toLowerCase()).filter((e) => !isPlaceholderEmail(e))),
    phones: new Set((seed.phones ?? []).map(usablePhone).filter((p): p is string => !!p)),
  };
  const own = new Map<Decl, Row[]>();
  const roots = DECLARATIONS.filter((d) => d.subject);
  // The subject tables, until nothing new is found (a lead's referral, a representative's user…).
  for (let round = 0; round < 8; round++) {
    let grew = false;
    for (const d of roots) {
      const c = cols(d);
      const kind = d.subject!;
      const search = searchRoots.includes(kind);
      const where = anyOf([
        idsIn(c.id, person.ids[kind]),
        ...(search
          ? [
              ...keysOfKind(d, "email").map((k) => emailIn(c[k], person.emails)),
              ...keysOfKind(d, "phone").map((k) => phoneIn(c[k], person.phones)),
              ...Object.entries(d.owners ?? {}).map(([k, owner]) => idsIn(c[k], person.ids[owner!])),
            ]
          : []),
      ]);
      if (!where) continue;
      const rows = (await db
        .select()
        .from(d.table as PgTable)
        .where(where)) as Row[];
      const known = new Set((own.get(d) ?? []).map((r) => r.id));
      for (const row of rows) {
        if (known.has(row.id)) continue;
        grew = true;
        own.set(d, [...(own.get(d) ?? []), row]);
        person.ids[kind].add(String(row.id));
        if (!expand) continue;
        for (const [k, owner] of Object.entries(d.owners ?? {}))
          if (typeof row[k] === "string") person.ids[owner!].add(row[k]);
        for (const k of keysOfKind(d, "email"))
          if (typeof row[k] === "string" && !isPlaceholderEmail(row[k]))
            person.emails.add(row[k].toLowerCase());
        for (const k of keysOfKind(d, "phone")) {
          const p = usablePhone(row[k]);
          if (p) person.phones.add(p);
        }
      }
    }
    if (!grew) break;
  }
  const related = new Map<Decl, Row[]>();
  for (const d of DECLARATIONS) {
    if (d.subject) {
      const c = cols(d);
      const where = anyOf(Object.entries(d.related ?? {}).map(([k, kind]) => idsIn(c[k], person.ids[kind!])));
      if (!where) continue;
      const mine = new Set((own.get(d) ?? []).map((r) => r.id));
      const rows = (
        (await db
          .select()
          .from(d.table as PgTable)
          .where(where)) as Row[]
      ).filter((r) => !mine.has(r.id));
      if (rows.length) related.set(d, rows);
      continue;
    }
    if (isLog(d)) continue;
    // Rows linked through an owner column, or holding a value owned by the person (an author).
    const c = cols(d);
    const links: [string, SubjectKind][] = [
      ...(Object.entries(d.owners ?? {}) as [string, SubjectKind][]),
      ...Object.keys(d.personal).flatMap((k): [string, SubjectKind][] => {
        const r = columnRule(d, k)!;
        return r.owner && r.ownerKind ? [[r.owner, r.ownerKind]] : [];
      }),
    ];
    const where = anyOf(links.map(([k, kind]) => idsIn(c[k], person.ids[kind])));
    if (!where) continue;
    const rows = (await db
      .select()
      .from(d.table as PgTable)
      .where(where)) as Row[];
    if (rows.length) own.set(d, rows);
  }
  return { person, own, related };
}

/** The logs (mail, webhooks, audit): scrubbed by the privacy module, not column by column. */
export const isLog = (d: Decl) => Object.keys(d.personal).some((k) => columnRule(d, k)?.kind === "log");

/** Is this value of `row` the person's (through the column's owner, or the row's)? */
export function ownsValue(d: Decl, key: string, row: Row, person: Person): boolean {
  const rule = columnRule(d, key);
  if (!rule) return false;
  if (rule.owner && rule.ownerKind) return person.ids[rule.ownerKind].has(String(row[rule.owner]));
  if (d.subject) return person.ids[d.subject].has(String(row.id));
  return Object.entries(d.owners ?? {}).some(([k, kind]) => person.ids[kind!].has(String(row[k])));
}

/** Every id the logs may name the person by: their subjects' and their owned rows' (payouts). */
export function personEntityIds(found: FoundRows): Map<string, Set<string>> {
  const byEntity = new Map<string, Set<string>>();
  for (const [d, rows] of found.own) {
    if (!d.auditEntity) continue;
    const set = byEntity.get(d.auditEntity) ?? new Set<string>();
    for (const r of rows) set.add(String(r.id));
    byEntity.set(d.auditEntity, set);
  }
  return byEntity;
}

export const tableName = (d: Decl) => getTableName(d.table);
