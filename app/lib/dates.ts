import { TIME_ZONE } from "./format";

const isoDay = /* @__PURE__ */ new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's calendar date in São Paulo as "YYYY-MM-DD", whatever the server's time zone. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  return isoDay.format(now);
}

function parseIso(iso: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new RangeError(`Data inválida: ${iso}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function toIso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

export function isValidIsoDate(iso: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || y < 1900 || y > 9999) return false;
  return d <= daysInMonth(y, mo);
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * Adds calendar months, clamping to the last day of the target month:
 * 2026-01-31 + 1 month → 2026-02-28 (not 2026-03-03 as naive Date arithmetic gives).
 */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parseIso(iso);
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = (total % 12) + 1;
  return toIso(ny, nm, Math.min(d, daysInMonth(ny, nm)));
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = parseIso(iso);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return toIso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** Whole days from `from` to `to` (both "YYYY-MM-DD"); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parseIso(from);
  const [y2, m2, d2] = parseIso(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** "2026-01-31" → "31/01/2026" (how a date is shown and typed in admin forms); "" for anything else. */
export function isoToBrDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

/**
 * A typed date as "YYYY-MM-DD", or null: "dd/mm/aaaa" (the form's format in every browser
 * locale), also "d/m/aaaa", and ISO itself (what an older form or an API client sends).
 */
export function parseBrDate(input: string): string | null {
  const v = input.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  const iso = br ? toIso(Number(br[3]), Number(br[2]), Number(br[1])) : v;
  return isValidIsoDate(iso) ? iso : null;
}

/** Mask while typing a date: digits become "dd/mm/aaaa"; a pasted ISO date is turned around. */
export function maskBrDate(value: string): string {
  if (/^\s*\d{4}-\d{2}-\d{2}\s*$/.test(value)) return isoToBrDate(value.trim());
  const d = value.replace(/\D/g, "").slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * A typed date and time as the "YYYY-MM-DDTHH:MM" of a wall clock, or null: "dd/mm/aaaa hh:mm"
 * (how admin forms ask for it in every browser locale), "dd/mm/aaaa" alone (09:00, the start of
 * a working day), and the datetime-local form itself ("2026-11-23T14:30", older forms and APIs).
 */
export function parseBrDateTime(input: string): string | null {
  const v = input.trim();
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(v);
  const br = /^(\d{1,2}\/\d{1,2}\/\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(v);
  const date = local ? (isValidIsoDate(local[1]) ? local[1] : null) : br ? parseBrDate(br[1]) : null;
  if (!date) return null;
  const [h, m] = local ? [local[2], local[3]] : br?.[2] ? [br[2], br[3]] : ["9", "00"];
  if (Number(h) > 23 || Number(m) > 59) return null;
  return `${date}T${h.padStart(2, "0")}:${m}`;
}

/** "2026-11-23T14:30" → "23/11/2026 14:30"; "" for anything else. */
export function localToBrDateTime(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(local);
  return m ? `${isoToBrDate(m[1])} ${m[2]}` : "";
}

/** Mask while typing a date and time: digits become "dd/mm/aaaa hh:mm". */
export function maskBrDateTime(value: string): string {
  if (/^\s*\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\s*$/.test(value)) return localToBrDateTime(value.trim());
  const d = value.replace(/\D/g, "").slice(0, 12);
  const date = maskBrDate(d.slice(0, 8));
  if (d.length <= 8) return date;
  const time = d.slice(8);
  return `${date} ${time.length <= 2 ? time : `${time.slice(0, 2)}:${time.slice(2)}`}`;
}

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** "2026-11" → "nov/2026" (Receita's months, a monthly charge's "Mensalidade dez/2026"). */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(0, 4)}`;
}
