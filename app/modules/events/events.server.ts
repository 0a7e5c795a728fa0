import type { DbOrTx } from "~/db/client.server";
import type { FunnelStage } from "~/db/schema/leads";
import type { StoredReferralStatus } from "~/db/schema/partners";
import { publish, publishMany, type EventEnvelope } from "~/server/jobs/events-queue.server";
import { defineJob, type JobDefinition } from "~/server/jobs/queue.server";

/**
 * The domain events, in one place (DESIGN §8). Domain functions `emit` them inside the
 * transaction of the change; e-mails and webhooks subscribe with `onEvent`, so a new
 * notification never edits the domain function again. Payloads carry ids, not personal data:
 * subscribers read the current rows (and the job table then holds nothing to anonymise).
 */
export interface DomainEvents {
  "lead.created": { leadId: string };
  "lead.status_changed": { leadId: string; from: FunnelStage; to: FunnelStage };
  // `cancelada` too: a lost lead cancels its referral automatically (issue 30).
  "referral.status_changed": { referralId: string; from: StoredReferralStatus; to: StoredReferralStatus };
  "client.created": { clientId: string; fromLeadId?: string };
  "representative.registered": { representativeId: string };
  "payout.recorded": { payoutId: string };
  "privacy.deletion_requested": { requestId: string };
  "charge.created": { chargeId: string };
  "charge.paid": { chargeId: string };
  "charge.cancelled": { chargeId: string };
  // A discount (the amount lowered): the provider's payment follows (issue 31).
  "charge.amount_changed": { chargeId: string };
  // Issue 31: reported by the payment provider (or the daily overdue job, for vencida).
  "charge.overdue": { chargeId: string };
  // Money given back by the business (estornada, not chased) or taken back by a card network
  // (contestada, owed again): read back from the provider, never taken from a webhook's word.
  "charge.refunded": { chargeId: string };
  "charge.charged_back": { chargeId: string };
  // Money that does not match its charge (Financeiro → Divergências): the admins are told.
  "charge.divergence": { divergenceId: string; chargeId: string };
  // Issue 31: suspended for a charge overdue beyond the grace days; active again once settled.
  "subscription.suspended": { subscriptionId: string; chargeId: string };
  "subscription.reactivated": { subscriptionId: string; chargeId: string | null };
  "onboarding.opened": { onboardingId: string; clientId: string };
  "onboarding.published": { onboardingId: string; clientId: string };
}
export type DomainEventName = keyof DomainEvents;

/** The events an admin can send to a webhook (settings → webhooks). */
export const WEBHOOK_EVENTS = [
  "lead.created",
  "lead.status_changed",
  "referral.status_changed",
  "client.created",
  "charge.created",
  "charge.paid",
  "charge.cancelled",
  "charge.overdue",
  "charge.refunded",
  "charge.charged_back",
  "subscription.suspended",
  "subscription.reactivated",
] as const satisfies readonly DomainEventName[];
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Publishes `name` through `tx`: nothing is sent if that transaction rolls back. */
export async function emit<K extends DomainEventName>(tx: DbOrTx, name: K, payload: DomainEvents[K]) {
  await publish(tx, name, payload);
}

/** `emit` for many payloads of one event in one statement (the renewal job's batches). */
export async function emitMany<K extends DomainEventName>(tx: DbOrTx, name: K, payloads: DomainEvents[K][]) {
  await publishMany(tx, name, payloads);
}

/** What a subscriber receives: the event's name and payload, its id and time. */
export type DomainEnvelope<K extends DomainEventName = DomainEventName> = {
  [E in K]: EventEnvelope<E, DomainEvents[E]>;
}[K];

/** A job that runs once per occurrence of any of `events`. */
export function onEvent<K extends DomainEventName>(
  events: readonly K[],
  def: Omit<JobDefinition<DomainEnvelope<K>>, "on">,
): JobDefinition<DomainEnvelope<K>> {
  return defineJob({ ...def, on: events });
}
