import { endCancelledSubscriptions } from "~/modules/clients/index.server";
import { defineJob } from "~/server/jobs/queue.server";
import { log } from "~/server/logging/logger.server";
import { issueRenewalCharges } from "./billing.server";
import { markOverdueCharges } from "./overdue.server";
import { CHARGE_MAIL_JOBS } from "./mails.server";
import { sendChargeReminders } from "./reminders.server";
import { suspendOverdueSubscriptions } from "./suspension.server";
import { divergenceMailJob } from "./divergence-mail.server";
import {
  refundAtProviderJob,
  resendChargeToProviderJob,
  sendChargeToProviderJob,
  syncAfterChangeJob,
} from "./provider-sync.server";
import { applyProviderEventJob, reconcileProviderJob } from "./webhook.server";

// Billing's daily jobs. pg-boss fires a cron slot once across instances, and each
// job's work is idempotent on its own (the overdue update finds nothing left; renewals are keyed
// by subscription and period), so a retry or a second run changes nothing.

/**
 * Just after midnight in São Paulo: yesterday's due dates become vencida, and subscriptions
 * cancelled at the end of their period end today.
 */
export const overdueChargesJob = defineJob<object>({
  name: "billing.mark-overdue",
  schedule: { cron: "5 0 * * *" },
  handler: async () => {
    const marked = await markOverdueCharges();
    const ended = await endCancelledSubscriptions();
    log.info({ marked, ended }, "billing: overdue charges marked, subscriptions ended");
  },
});

/** Early morning: the next period of every subscription ending within N days (a setting). */
export const renewalChargesJob = defineJob<object>({
  name: "billing.issue-renewals",
  schedule: { cron: "15 6 * * *" },
  expireInSeconds: 3600,
  handler: async () => {
    const issued = await issueRenewalCharges();
    log.info({ issued }, "billing: renewal charges issued");
  },
});

/**
 * Morning: the reminder schedule's step of the day for each open charge, once per
 * charge and step (the mail log's unique key), then the suspensions of the day. After the
 * overdue job, before the 08:00 digest that lists suspended subscriptions.
 */
export const dunningJob = defineJob<object>({
  name: "billing.dunning",
  schedule: { cron: "30 7 * * *" },
  expireInSeconds: 3600,
  handler: async () => {
    const reminders = await sendChargeReminders();
    const suspended = await suspendOverdueSubscriptions();
    log.info({ reminders, suspended }, "billing: reminders sent, subscriptions suspended");
  },
});

export const BILLING_JOBS = [
  overdueChargesJob,
  renewalChargesJob,
  dunningJob,
  ...CHARGE_MAIL_JOBS,
  applyProviderEventJob,
  reconcileProviderJob,
  sendChargeToProviderJob,
  resendChargeToProviderJob,
  syncAfterChangeJob,
  refundAtProviderJob,
  divergenceMailJob,
] as const;
