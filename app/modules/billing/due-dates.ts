import { addBusinessDays, isBusinessDay } from "~/lib/business-days";
import { addDays } from "~/lib/dates";

/**
 * The day a charge is really due (decision 033): its due date, or the next business day
 * when that is a Saturday, a Sunday or a Brazilian national holiday (decision 029's calendar).
 * Reminders and suspension count from it; the charge's stored due date is unchanged.
 */
export function effectiveDueDate(dueDate: string): string {
  let day = dueDate;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

export { daysBetween } from "~/lib/dates";

/**
 * A subscription's first charge is due `businessDays` business days after the day it is issued
 * (decision 040: "Prazo da primeira cobrança", at least 1, so never the day the e-mail arrives),
 * and never before its period starts (a subscription starting later is charged for its start).
 */
export function firstChargeDueDate(issuedOn: string, periodStart: string, businessDays: number): string {
  const due = addBusinessDays(issuedOn, Math.max(1, businessDays));
  return periodStart > due ? periodStart : due;
}

/** How far a due date on a day off can move (Carnaval is not national; 4 days covers any case). */
export const MAX_DUE_SHIFT_DAYS = 6;

/**
 * The past due dates that are not overdue on `today`: a due date of the last few days that fell on
 * a day off and whose next business day is today or later (a Saturday's charge on Sunday and
 * Monday). The overdue job leaves charges due on these days pendente.
 */
export function recentDaysNotYetDue(today: string): string[] {
  const days: string[] = [];
  for (let k = 1; k <= MAX_DUE_SHIFT_DAYS + 1; k += 1) {
    const day = addDays(today, -k);
    if (effectiveDueDate(day) >= today) days.push(day);
  }
  return days;
}
