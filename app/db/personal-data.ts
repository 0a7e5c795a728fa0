import { getTableColumns, is, type Table } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";

/**
 * Which columns hold personal data, declared next to each table's schema (decision 019).
 * The LGPD tools (app/modules/privacy) read these declarations: the subject search follows the
 * declared e-mail/phone columns and owner links, the anonymiser replaces each declared personal
 * column by its kind, and `personal-data.test.ts` fails when a text column of any table is in
 * neither `personal` nor `notPersonal`.
 */

/** The kinds of person a row can be, or belong to. */
export type SubjectKind = "lead" | "client" | "representative" | "user" | "referral";

/**
 * How a personal column is found and replaced:
 * - `email`: the search matches it exactly (lower-cased); replaced by a unique invalid address.
 * - `phone`: the search matches its digits (with or without 55); replaced by 00000000000 (or null).
 * - `name`: a person's or business's name; never searched (names are not unique); "Anonimizado".
 * - `text`: free text about the person (messages, notes); "[removido por anonimização]" (or null).
 * - `trace`: anything else that points at them (URLs, click ids, PIX key, CPF); set to null.
 * - `secret`: credentials and tokens; never exported; the row is deleted (`erase: "delete"`).
 * - `log`: a log that mentions people (mail, webhooks, audit): scrubbed by the privacy module, in
 *   the rows linked to the person only, by replacing that person's values.
 */
export type PersonalKind = "email" | "phone" | "name" | "text" | "trace" | "secret" | "log";

type ColumnKey<T extends Table> = Extract<keyof T["_"]["columns"], string>;
interface ColumnOwnedBy<K extends string> {
  kind: PersonalKind;
  /** The column holding the id of the person the value belongs to, and what they are. */
  owner: K;
  ownerKind: SubjectKind;
}

export interface PersonalDataDeclaration<T extends Table = Table> {
  table: T;
  /** The rows ARE people of this kind (their id is the person's id). */
  subject?: SubjectKind;
  /** Columns holding a person's id: a row linked through one is that person's (and, for a subject
   * table, the same person: a referral's lead, a representative's user). */
  owners?: Partial<Record<ColumnKey<T>, SubjectKind>>;
  /** Columns holding a person's id whose rows are exported with the person but are someone else's
   * (the referrals a representative made). Never anonymised through this link. */
  related?: Partial<Record<ColumnKey<T>, SubjectKind>>;
  /** Personal columns; `owner` names the id column that says whose value it is, when it is not
   * the row's (a note's author name belongs to the author, not to the lead). */
  personal: Partial<Record<ColumnKey<T>, PersonalKind | ColumnOwnedBy<ColumnKey<T>>>>;
  /** Text columns that hold no personal data (statuses, ids, hashes, settings). */
  notPersonal: ColumnKey<T>[];
  /** Audit-log `changes` fields of this entity that are personal besides its columns. */
  auditFields?: string[];
  /** The audit log's `entity_type` of these rows. */
  auditEntity?: string;
  /** Set on the person's own rows besides the replacements (a user is deactivated). */
  alsoSet?: Partial<Record<ColumnKey<T>, unknown>>;
  /** Anonymising deletes the person's rows (sessions, credentials, tokens). */
  erase?: "delete";
  /** The data-subject export's key and pt-BR name; none: not exported (credentials, counters). */
  exportAs?: { key: string; label: string };
}

const DECLARATION = Symbol.for("app.personalData");

/** Declares a table's personal columns (export it from the table's schema file). */
export function personalData<T extends Table>(
  d: PersonalDataDeclaration<T>,
): PersonalDataDeclaration<T> & { [DECLARATION]: true } {
  return Object.assign(d, { [DECLARATION]: true as const });
}

export function isPersonalDataDeclaration(v: unknown): v is PersonalDataDeclaration {
  return typeof v === "object" && v !== null && DECLARATION in v;
}

/** Every declaration and every table exported by a schema module (`import * as schema`). */
export function collectDeclarations(schema: Record<string, unknown>) {
  const declarations = Object.values(schema).filter(isPersonalDataDeclaration);
  const tables = Object.values(schema).filter((v): v is PgTable => is(v, PgTable));
  return { declarations, tables };
}

/** Columns whose values are text: text, varchar, char, arrays of them, json/jsonb. */
export function textColumnKeys(table: Table): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([, c]) => /^Pg(Text|Varchar|Char|Json|Jsonb|Array)$/.test(c.columnType))
    .filter(([, c]) => c.columnType !== "PgArray" || /text|varchar|char/i.test(c.getSQLType()))
    .map(([k]) => k);
}

/** A personal column's kind and the column naming its owner (null: the row's own owners). */
export function columnRule(
  d: PersonalDataDeclaration,
  key: string,
): { kind: PersonalKind; owner: string | null; ownerKind: SubjectKind | null } | null {
  const rule = (d.personal as Record<string, PersonalKind | ColumnOwnedBy<string>>)[key];
  if (!rule) return null;
  return typeof rule === "string" ? { kind: rule, owner: null, ownerKind: null } : rule;
}
