import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { charges, clients } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { chargeReminderSubject } from "~/modules/notifications/index.server";
import { today as clockToday } from "~/server/clock.server";
import { notifyClient, reminderMoment } from "~/modules/whatsapp/index.server";
import { countDunningStep } from "~/server/metrics/metrics.server";
import { isPayable, PAYABLE_CHARGE_STATUSES } from "./billing.constants";
import { DEFAULT_REMINDER_OFFSETS, reminderLabel } from "./dunning.schema";
import { renderReminder } from "./dunning-mails.server";
import { daysBetween, effectiveDueDate, MAX_DUE_SHIFT_DAYS } from "./due-dates";
import { chargePaymentOptions } from "./payment-options.server";
import { getBillingSettings } from "./settings.server";

/**
 * The reminder schedule (decision 033). Each step is a number of days from the
 * charge's effective due date (the next business day when it falls due on a day off). The daily
 * job sends, for every open charge, the latest step whose day has come, if that day is at most
 * CATCH_UP_DAYS ago: a job that did not run for a day or two still sends the step, while a
 * charge issued long after its steps (or a newly added step) does not get "venceu há 3 dias"
 * weeks late. One message per charge and step: the mail log's unique dedupe key, taken under the
 * charge's row lock with its status checked again, so a retry, a second instance running at
 * the same time, or a payment recorded meanwhile never yields a second or a stale reminder.
 */

export const CATCH_UP_DAYS = 2;

export const reminderDedupeKey = (chargeId: string, offset: number) =>
  `cobranca.lembrete:${chargeId}:${offset}`;

/** The step to send today for a charge due on `dueDate`, or null. */
export function reminderStepFor(dueDate: string, offsets: readonly number[], today: string): number | null {
  const due = effectiveDueDate(dueDate);
  let step: number | null = null;
  for (const offset of offsets) {
    const day = addDays(due, offset);
    if (day <= today) step = step === null || offset > step ? offset : step;
  }
  if (step === null) return null;
  return daysBetween(addDays(due, step), today) <= CATCH_UP_DAYS ? step : null;
}

/** Queues one step's e-mail for a charge; false when already sent or the charge is no longer open. */
async function sendReminder(chargeId: string, offset: number, today: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        charge: charges,
        clientName: clients.name,
        businessName: clients.businessName,
        email: clients.email,
      })
      .from(charges)
      .innerJoin(clients, eq(clients.id, charges.clientId))
      .where(eq(charges.id, chargeId))
      .for("update", { of: charges });
    // Paid or cancelled since the list was read: no reminder.
    if (!row || !isPayable(row.charge.status)) return false;
    const c = row.charge;
    const due = effectiveDueDate(c.dueDate);
    const data = {
      clientName: row.clientName,
      businessName: row.businessName,
      number: c.number,
      amountCents: c.amountCents,
      dueDate: due,
      // Worded from today, not from the step: a step sent a day late (the job did not run) says
      // "venceu há 1 dia", never a stale "vence hoje". The dedupe key stays the step's.
      label: reminderLabel(daysBetween(due, today)),
      pay: await chargePaymentOptions(tx, c),
    };
    const body = await renderReminder(tx, row.email, data);
    const mail = {
      kind: "cobranca.lembrete",
      to: row.email,
      subject: chargeReminderSubject(data),
      ...body,
      dedupeKey: reminderDedupeKey(c.id, offset),
      entity: { type: "charge", id: c.id },
    };
    const facts = {
      chargeId: c.id,
      clientName: row.clientName,
      number: c.number,
      amountCents: c.amountCents,
    };
    const whatsapp = reminderMoment(
      { ...facts, dueDate: due, pixCode: data.pay.pixCode, link: data.pay.link },
      offset,
      daysBetween(due, today),
    );
    const { mailId } = await notifyClient(tx, c.clientId, mail, whatsapp);
    return mailId !== null;
  });
}

/** The daily job's work: each open charge's step for today, once. Returns how many were queued. */
export async function sendChargeReminders({
  today = clockToday(),
}: { today?: string } = {}): Promise<number> {
  const settings = await getBillingSettings();
  const offsets = settings?.reminderOffsets ?? [...DEFAULT_REMINDER_OFFSETS];
  if (!offsets.length) return 0;
  const min = Math.min(...offsets);
  const max = Math.max(...offsets);
  // A step's day is effective due + offset, and the effective due is 0–MAX_DUE_SHIFT_DAYS after the
  // stored one: only charges in this window can have a step today.
  const open = await getDb()
    .select({ id: charges.id, dueDate: charges.dueDate })
    .from(charges)
    .where(
      and(
        inArray(charges.status, [...PAYABLE_CHARGE_STATUSES]),
        sql`${charges.dueDate} <= ${addDays(today, -min)}::date`,
        sql`${charges.dueDate} >= ${addDays(today, -max - CATCH_UP_DAYS - MAX_DUE_SHIFT_DAYS)}::date`,
      ),
    )
    .orderBy(charges.dueDate, charges.id);
  let sent = 0;
  for (const c of open) {
    const step = reminderStepFor(c.dueDate, offsets, today);
    if (step !== null && (await sendReminder(c.id, step, today))) {
      sent += 1;
      countDunningStep(step);
    }
  }
  return sent;
}
