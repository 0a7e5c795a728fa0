import { isBusinessDay } from "~/lib/business-days";
import { addDays } from "~/lib/dates";

/**
 * The day a charge is really due (issue 31, decision 033): its due date, or the next business day
 * when that is a Saturday, a Sunday or a Brazilian national holiday (decision 029's calendar).
 * Reminders and suspension count from it; the charge's stored due date is unchanged.
 */
export function effectiveDueDate(dueDate: string): string {
  let day = dueDate;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** Whole days from `from` to `to` ("YYYY-MM-DD"), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}
