import { v5 as uuidv5 } from "uuid";
import type { DbOrTx } from "~/db/client.server";
import { defineJob, enqueue, enqueueMany, insertJobs, subscribersOf } from "./queue.server";

/**
 * Events on the job queue (DESIGN §8): `publish` enqueues one job on the internal EVENTS_QUEUE in
 * the caller's transaction; its handler fans each event out to every job whose `on` lists it,
 * with an `EventEnvelope`. The domain's typed names and payloads are in modules/events.
 */

/** The internal queue behind `publish`: its handler fans an event out to its subscribers. */
export const EVENTS_QUEUE = "events";

interface EventJob {
  event: string;
  payload: unknown;
  occurredAt: string;
}

/** What a subscriber of an event receives. */
export interface EventEnvelope<E extends string = string, P = unknown> {
  event: E;
  payload: P;
  /** The id of this occurrence (stable across retries): dedupe keys, webhook ids. */
  eventId: string;
  occurredAt: string;
}

/** Publishes an event through `db` (the change's transaction): its subscribers run once each. */
export async function publish(db: DbOrTx, event: string, payload: unknown): Promise<void> {
  await enqueue<EventJob>(db, EVENTS_QUEUE, { event, payload, occurredAt: new Date().toISOString() });
}

/** Publishes the same event for several payloads in one insert (a batch job's changes). */
export async function publishMany(db: DbOrTx, event: string, payloads: unknown[]): Promise<void> {
  const occurredAt = new Date().toISOString();
  await enqueueMany<EventJob>(
    db,
    EVENTS_QUEUE,
    payloads.map((payload) => ({ event, payload, occurredAt })),
  );
}

/**
 * The namespace of the fan-out's name-based (v5) job ids. Any fixed UUID does: it only has to
 * stay the same, so that a retried fan-out computes the ids it inserted the first time.
 */
const FAN_OUT_NAMESPACE = "4d1c2a9e-7b53-4f0e-9a8d-3c6e1f2b5a70";

/** The id of the job that delivers event `eventId` to `subscriber`: the same on every retry. */
export function fanOutJobId(eventId: string, subscriber: string): string {
  return uuidv5(`${eventId}:${subscriber}`, FAN_OUT_NAMESPACE);
}

/**
 * The fan-out of a batch of events: one job per subscriber per event, all in ONE insert. Ids are
 * stable per event and subscriber and the insert skips existing ids, so a retried batch adds
 * nothing twice. If the insert fails, every event of the batch is failed and retried.
 */
async function fanOut(batch: { id: string; data: EventJob }[]): Promise<void> {
  const jobs = batch.flatMap(({ id, data: { event, payload, occurredAt } }) => {
    const envelope: EventEnvelope = { event, payload, eventId: id, occurredAt };
    return subscribersOf(event).map((name) => ({ id: fanOutJobId(id, name), name, data: envelope }));
  });
  await insertJobs(jobs);
}

/** The events queue's job: registered with the others (app/jobs.server.ts). */
export const eventsJob = defineJob<EventJob>({
  name: EVENTS_QUEUE,
  pollingIntervalSeconds: 1,
  batchSize: 50,
  retryDelay: 5,
  batchHandler: fanOut,
  handler: (data, job) => fanOut([{ id: job.id, data }]),
});
