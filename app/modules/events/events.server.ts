import type { DbOrTx } from "~/db/client.server";
import type { FunnelStage } from "~/db/schema/leads";
import type { PipelineCause, StoredReferralStatus } from "~/db/schema/partners";
import type { Actor } from "~/modules/audit/index.server";
import { publish, publishMany, type EventEnvelope } from "~/server/jobs/events-queue.server";
import { defineJob, type JobDefinition } from "~/server/jobs/queue.server";

/**
 * The domain events, in one place (DESIGN §8, §10). The one function that makes a change `emit`s
 * its event inside the transaction of the change, and whatever follows from it subscribes:
 * - in the same transaction (`subscriber`, registered in app/jobs.server.ts): the consequences
 *   that must hold with the change or not at all (a paid charge moves its referral, opens the
 *   onboarding, lifts a suspension);
 * - by a job (`onEvent`): e-mails, webhooks, calls to a provider, after the commit.
 * Adding a consequence is one subscriber and one line in its list; the function that makes the
 * change is not edited. Payloads carry ids, not personal data: subscribers read the current rows
 * (and the job table then holds nothing to anonymise).
 */
export interface DomainEvents {
  "lead.created": { leadId: string };
  "lead.status_changed": { leadId: string; from: FunnelStage; to: FunnelStage };
  // `cancelada` too: a lost lead cancels its referral automatically.
  // `cause`: an automatic move's, so the representative's e-mail says why.
  "referral.status_changed": {
    referralId: string;
    from: StoredReferralStatus;
    to: StoredReferralStatus;
    cause?: PipelineCause;
  };
  "client.created": { clientId: string; fromLeadId?: string };
  "representative.registered": { representativeId: string };
  "payout.recorded": { payoutId: string };
  "privacy.deletion_requested": { requestId: string };
  // A charge issued (first, renewal or one-off).
  "charge.created": { chargeId: string };
  "charge.paid": { chargeId: string; clientId: string };
  "charge.cancelled": { chargeId: string };
  // A discount (the amount lowered): the provider's payment follows.
  "charge.amount_changed": { chargeId: string };
  // Reported by the payment provider (or the daily overdue job, for vencida).
  "charge.overdue": { chargeId: string };
  // Money given back by the business (estornada, not chased) or taken back by a card network
  // (contestada, owed again): read back from the provider, never taken from a webhook's word.
  "charge.refunded": { chargeId: string };
  "charge.charged_back": { chargeId: string };
  // A charge no longer counts as paid or owed: refunded, charged back, deleted at the provider or
  // cancelled here. Whatever caused it, the same subscribers follow.
  "charge.reversed": { chargeId: string; clientId: string; kind: ChargeReversalKind };
  // Money that does not match its charge (Financeiro → Divergências): the admins are told.
  "charge.divergence": { divergenceId: string; chargeId: string };
  // Suspended for a charge overdue beyond the grace days; active again once settled.
  "subscription.suspended": { subscriptionId: string; chargeId: string };
  "subscription.reactivated": { subscriptionId: string; chargeId: string | null };
  // A lead became a client (the funnel, a referral's lead, a `?ref=` lead).
  "lead.converted": { leadId: string; clientId: string };
  // A subscription began: its first charge follows.
  "subscription.started": { subscriptionId: string; clientId: string };
  // A plan changed "Agora": the charge of a period not started yet follows the new price, and the
  // days left of the running one are charged or credited (its monthly value before and after).
  "subscription.plan_changed": {
    subscriptionId: string;
    clientId: string;
    planBeforeId: string;
    mrrBeforeCents: number;
    mrrAfterCents: number;
  };
  "onboarding.opened": { onboardingId: string; clientId: string };
  "onboarding.published": { onboardingId: string; clientId: string };
  // A paid charge's tax invoice (NFS-e, decision 045): authorised by the city, refused (or never
  // sent: the note says why), cancelled. Read back from the provider, never taken from a webhook.
  "invoice.issued": { invoiceId: string; chargeId: string };
  "invoice.failed": { invoiceId: string; chargeId: string };
  "invoice.cancelled": { invoiceId: string; chargeId: string };
}
export type DomainEventName = keyof DomainEvents;

/** What made a charge stop counting as paid or owed. */
export type ChargeReversalKind = "estorno" | "contestacao" | "remocao" | "cancelamento";

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
  "invoice.issued",
  "invoice.failed",
  "invoice.cancelled",
] as const satisfies readonly DomainEventName[];
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * What an in-transaction subscriber gets besides the payload: who made the change (their audit
 * entries name them) and the day it counts from. Never stored, so it may name a person.
 */
export interface EventContext {
  actor: Actor | null;
  today?: string;
}

/** A consequence that runs inside the transaction of the change (and fails it when it fails). */
export interface Subscriber<K extends DomainEventName = DomainEventName> {
  event: K;
  /** "<module>.<what it does>": how the subscriber lists and the logs name it. */
  name: string;
  run(tx: DbOrTx, payload: DomainEvents[K], ctx: EventContext): Promise<unknown>;
}

export function subscriber<K extends DomainEventName>(
  event: K,
  name: string,
  run: Subscriber<K>["run"],
): Subscriber<K> {
  return { event, name, run };
}

/** Any event's subscriber (a list of them mixes events). */
export type AnySubscriber = { [K in DomainEventName]: Subscriber<K> }[DomainEventName];

const registry = new Map<DomainEventName, AnySubscriber[]>();

/**
 * Registers the in-transaction subscribers (app/jobs.server.ts, with the jobs): in list order per
 * event, once each by name however often the list is registered.
 */
export function registerSubscribers(list: readonly AnySubscriber[]): void {
  for (const s of list) {
    const current = registry.get(s.event) ?? [];
    if (current.some((c) => c.name === s.name)) continue;
    registry.set(s.event, [...current, s]);
  }
}

/** The in-transaction subscribers of `event`, by name, in the order they run. */
export function transactionSubscribersOf(event: DomainEventName): string[] {
  return (registry.get(event) ?? []).map((s) => s.name);
}

async function runSubscribers<K extends DomainEventName>(
  tx: DbOrTx,
  name: K,
  payload: DomainEvents[K],
  ctx: EventContext,
) {
  for (const s of registry.get(name) ?? []) await (s as Subscriber<K>).run(tx, payload, ctx);
}

/**
 * Publishes `name` through `tx`: its in-transaction subscribers run now, its jobs after the
 * commit; nothing happens if that transaction rolls back.
 */
export async function emit<K extends DomainEventName>(
  tx: DbOrTx,
  name: K,
  payload: DomainEvents[K],
  ctx: EventContext = { actor: null },
) {
  await runSubscribers(tx, name, payload, ctx);
  await publish(tx, name, payload);
}

/** `emit` for many payloads of one event, published in one statement (the renewal job's batches). */
export async function emitMany<K extends DomainEventName>(
  tx: DbOrTx,
  name: K,
  payloads: DomainEvents[K][],
  ctx: EventContext = { actor: null },
) {
  for (const payload of payloads) await runSubscribers(tx, name, payload, ctx);
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
