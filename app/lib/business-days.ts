import Holidays from "date-holidays";
import { addDays } from "./dates";

/**
 * Business days in America/Sao_Paulo (decision 029): Monday to Friday, except the
 * Brazilian national holidays that date-holidays types "public" (Ano Novo, Sexta-Feira Santa,
 * Tiradentes, Dia do Trabalhador, Independência, Aparecida, Finados, Proclamação da República,
 * Consciência Negra, Natal). Carnaval and Corpus Christi ("bank"/"optional" there: pontos
 * facultativos) and state or city holidays are business days. Dates are "YYYY-MM-DD" calendar
 * days, already in São Paulo: no instant is converted here. Server-side only (the library is big).
 */

const calendar = new Holidays("BR");
const byYear = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let set = byYear.get(year);
  if (!set) {
    set = new Set(
      calendar
        .getHolidays(year)
        .filter((h) => h.type === "public")
        .map((h) => h.date.slice(0, 10)),
    );
    byYear.set(year, set);
  }
  return set;
}

/** Whether `iso` is a national public holiday in Brazil. */
export function isNationalHoliday(iso: string): boolean {
  return holidaysOf(Number(iso.slice(0, 4))).has(iso);
}

function weekday(iso: string): number {
  return new Date(`${iso}T12:00:00Z`).getUTCDay();
}

export function isBusinessDay(iso: string): boolean {
  const d = weekday(iso);
  return d !== 0 && d !== 6 && !isNationalHoliday(iso);
}

/** The date `n` business days after `iso` (n ≥ 0; n = 0 is `iso` itself, business day or not). */
export function addBusinessDays(iso: string, n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Dias úteis inválidos: ${n}`);
  let day = iso;
  for (let left = n; left > 0;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/**
 * Business days from `from` to `to`: those in (from, to], so `addBusinessDays(d, n)` is `n` days
 * after `d`, and the same day is 0. Negative (the days in (to, from]) when `to` is earlier.
 */
export function businessDaysBetween(from: string, to: string): number {
  if (to < from) return 0 - businessDaysBetween(to, from);
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isBusinessDay(day)) count += 1;
  return count;
}

/**
 * The first day from which at most 1 business day is left before `due` ("em risco"): the business
 * day before it, so a weekend in between is at risk too (due on Monday: at risk from Friday).
 */
export function atRiskFrom(due: string): string {
  let day = addDays(due, -1);
  while (businessDaysBetween(addDays(day, -1), due) <= 1) day = addDays(day, -1);
  return day;
}

/** The dates of an onboarding promise made on `openedOn` (decision 029). */
export function promiseDates(openedOn: string, days: { dueDays: number; targetDays: number }) {
  const dueDate = addBusinessDays(openedOn, days.dueDays);
  return { dueDate, targetDate: addBusinessDays(openedOn, days.targetDays), atRiskOn: atRiskFrom(dueDate) };
}
