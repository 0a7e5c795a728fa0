/**
 * Replacing one person's values inside text that may also name others (a mail subject, a webhook
 * body, an audit change), used only on rows already linked to that person by id, e-mail or
 * phone. A value is replaced where it stands as a whole word or more: "Ana Souza" is cut out
 * of "Ana Souza Filho" only in a row that is hers.
 */

export const REDACTED = "[anonimizado]";

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const SEP = "[\\s().\\-/]*";

export interface Redactor {
  /** Every occurrence of the person's values replaced by `[anonimizado]`. */
  text(s: string): string;
  /** JSON walked: a string that is wholly one of the values becomes `[anonimizado]`, others are
   * redacted inside; keys, numbers and booleans stay. */
  json(v: unknown): unknown;
  /** Whether `text` or `json` would change anything. */
  mentions(s: string): boolean;
}

export function makeRedactor({
  values,
  phones,
}: {
  /** Names, e-mails, free texts (a message, a note), PIX keys… */
  values: Iterable<string>;
  /** National digits: matched as typed, with separators or a +55. */
  phones: Iterable<string>;
}): Redactor {
  const words = [...new Set([...values].map((v) => v.trim()).filter((v) => v.length >= 3))].sort(
    (a, b) => b.length - a.length,
  );
  const phoneList = [...new Set(phones)].filter((p) => p.length >= 8);
  const patterns = [
    ...words.map((w) => `(?<![\\p{L}\\p{N}_.+-])${escape(w)}(?![\\p{L}\\p{N}_])`),
    ...phoneList.map((p) => `(?<!\\d)(?:\\+?55${SEP})?\\(?${p.split("").map(escape).join(SEP)}(?!\\d)`),
  ];
  const re = patterns.length ? new RegExp(patterns.join("|"), "giu") : null;
  const exact = new Set(words.map((w) => w.toLowerCase()));
  const digits = (s: string) => {
    const d = s.replace(/\D/g, "");
    return (d.length === 12 || d.length === 13) && d.startsWith("55") ? d.slice(2) : d;
  };
  const isPhone = (s: string) => /^[\d\s().+\-/]+$/.test(s) && phoneList.includes(digits(s));
  const text = (s: string) => (re ? s.replace(re, REDACTED) : s);
  const json = (v: unknown): unknown => {
    if (typeof v === "string") return exact.has(v.trim().toLowerCase()) || isPhone(v) ? REDACTED : text(v);
    if (Array.isArray(v)) return v.map(json);
    if (v && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, json(x)]));
    return v;
  };
  return {
    text,
    json,
    mentions: (s) => (re ? new RegExp(re.source, "iu").test(s) : false),
  };
}
