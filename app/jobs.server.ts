import { BILLING_JOBS } from "~/modules/billing/jobs.server";
import { BILLING_SUBSCRIBERS } from "~/modules/billing/subscribers.server";
import { registerSubscribers, type AnySubscriber } from "~/modules/events/events.server";
import { ONBOARDING_SUBSCRIBERS } from "~/modules/onboarding/subscribers.server";
import { REFERRAL_SUBSCRIBERS } from "~/modules/referrals/subscribers.server";
import { INVOICE_JOBS } from "~/modules/invoices/jobs.server";
import { clientSignInLinkJob } from "~/modules/client-area/client-session.server";
import { ONBOARDING_JOBS } from "~/modules/onboarding/jobs.server";
import { privacyRetentionJob } from "~/modules/privacy/retention.server";
import { NOTIFICATION_JOBS } from "~/modules/mail-jobs/mail-jobs.server";
import { WEBHOOK_JOBS } from "~/modules/webhooks/webhooks.server";
import { WHATSAPP_JOBS } from "~/modules/whatsapp/jobs.server";
import { deliverMailJob } from "~/server/mail/mail.server";
import { pruneRateLimitsJob } from "~/server/rate-limit/rate-limit.server";
import { eventsJob } from "~/server/jobs/events-queue.server";
import type { AnyJob } from "~/server/jobs/queue.server";

/**
 * Every consequence that runs in the transaction of its change (modules/events), in one place: in
 * this order for each event. Registered here, beside the jobs, so whatever starts the jobs (the
 * server, a script, the tests' database) has them too.
 */
export const SUBSCRIBERS: readonly AnySubscriber[] = [
  ...REFERRAL_SUBSCRIBERS,
  ...ONBOARDING_SUBSCRIBERS,
  ...BILLING_SUBSCRIBERS,
];
registerSubscribers(SUBSCRIBERS);

/**
 * Every background job, in one place (like routes.ts for URLs): the queue creates a queue per
 * job, works it, and runs its schedule. A job that subscribes to domain events says so with
 * `on` (see modules/events); a scheduled one with `schedule`. `eventsJob` fans each published
 * event out to those subscribers.
 */
export const JOBS: readonly AnyJob[] = [
  eventsJob,
  deliverMailJob,
  pruneRateLimitsJob,
  ...NOTIFICATION_JOBS,
  ...WEBHOOK_JOBS,
  privacyRetentionJob,
  ...BILLING_JOBS,
  ...ONBOARDING_JOBS,
  ...INVOICE_JOBS,
  clientSignInLinkJob,
  ...WHATSAPP_JOBS,
];
