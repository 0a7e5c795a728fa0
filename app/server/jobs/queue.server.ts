import { createHash } from "node:crypto";
import PgBoss from "pg-boss";
import type { Database, DbOrTx } from "~/db/client.server";
import { baseLogger, getLogger, runWithRequestContext } from "~/server/logging/logger.server";
import { sql, type SQL } from "drizzle-orm";
import { drizzleExecutor, pgliteExecutor, toDrizzleSql } from "./adapters.server";
import { requestsBusy, yieldToRequests } from "./foreground.server";

/**
 * The background job queue: pg-boss 10 on the application's own database (PostgreSQL, or the
 * embedded PGlite through an adapter). Jobs are rows, so they survive restarts and `kill -9`;
 * pg-boss claims them with `FOR UPDATE SKIP LOCKED`, so with several instances on one
 * PostgreSQL each job runs once; cron schedules fire once per minute slot across instances.
 * See docs/decisions/ (job queue) and docs/architecture.md.
 */

export interface JobContext {
  id: string;
  /** Retries already made (0 on the first attempt). */
  retryCount: number;
  retryLimit: number;
  /** True when a failure now is final (no retry follows): the job ends `failed`. */
  isLastAttempt: boolean;
}

export interface JobDefinition<T = unknown> {
  /** Queue name, e.g. "mail.deliver". */
  name: string;
  handler: (data: T, job: JobContext) => Promise<void>;
  /** Events (see `publish`) that enqueue this job with the event's payload. */
  on?: readonly string[];
  retryLimit?: number;
  /** Seconds before the first retry; doubled on each retry when `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job still active after this long is failed (and retried): a crashed worker's job. */
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
  /** Jobs fetched per poll and run concurrently by this instance. */
  batchSize?: number;
  /** Cron schedule (5 fields), in `tz` (default America/Sao_Paulo). */
  schedule?: { cron: string; tz?: string; data?: T };
}

export function defineJob<T>(def: JobDefinition<T>): JobDefinition<T> {
  return def;
}

/** Any job, whatever its data (the registry's element type). */
export type AnyJob = Omit<JobDefinition<never>, "schedule"> & {
  schedule?: { cron: string; tz?: string; data?: unknown };
};

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

interface State {
  boss: PgBoss;
  jobs: Map<string, AnyJob>;
  workers: Map<string, string>;
  worker: boolean;
  nudges: Map<string, NodeJS.Timeout>;
  /** Set once stopJobs began: pg-boss is finishing the running handlers. */
  stopped?: Promise<void>;
}
let state: State | undefined;

function boss(): PgBoss {
  if (!state) throw new Error("Job queue not started: call startJobs() at boot");
  return state.boss;
}

function queueOptions(def: AnyJob): PgBoss.Queue {
  return {
    name: def.name,
    policy: "standard",
    retryLimit: def.retryLimit ?? 5,
    retryDelay: def.retryDelay ?? 30,
    retryBackoff: def.retryBackoff ?? true,
    expireInSeconds: def.expireInSeconds ?? 300,
  };
}

/**
 * Starts pg-boss on `database` (creating or migrating its `pgboss` schema), creates a queue per
 * job, registers schedules and, unless `worker` is false (WORKER=false: an HTTP-only instance),
 * works the queues and keeps the schedules running.
 */
export async function startJobs({
  database,
  databaseUrl,
  jobs,
  worker = true,
  tuning = {},
}: {
  database: Database;
  /** pg-boss timing overrides (tests): e.g. cronMonitorIntervalSeconds. */
  tuning?: Pick<PgBoss.ConstructorOptions, "cronMonitorIntervalSeconds" | "cronWorkerIntervalSeconds">;
  databaseUrl?: string;
  jobs: readonly AnyJob[];
  worker?: boolean;
}): Promise<void> {
  if (state) await stopJobs();
  const common = { schema: "pgboss", supervise: worker, schedule: worker, migrate: true, ...tuning };
  const instance =
    database.kind === "pglite"
      ? new PgBoss({ ...common, db: pgliteExecutor(database.pglite!) })
      : new PgBoss({ ...common, connectionString: databaseUrl, max: 4, application_name: "cardapio-jobs" });
  instance.on("error", (err) => baseLogger().error({ err }, "job queue error"));
  await instance.start();
  const registry = new Map<string, AnyJob>();
  for (const def of [eventsJob as AnyJob, ...jobs]) registry.set(def.name, def);
  state = { boss: instance, jobs: registry, workers: new Map(), worker, nudges: new Map() };
  for (const def of registry.values()) {
    const options = queueOptions(def);
    const existing = await instance.getQueue(def.name);
    if (existing) await instance.updateQueue(def.name, options);
    else await instance.createQueue(def.name, options);
  }
  for (const def of registry.values()) {
    if (def.schedule) {
      const { cron, tz = "America/Sao_Paulo", data } = def.schedule;
      await instance.schedule(def.name, cron, (data ?? {}) as object, { tz });
    }
  }
  if (!worker) return;
  for (const def of registry.values()) {
    const id = await instance.work<never>(
      def.name,
      {
        batchSize: def.batchSize ?? 1,
        pollingIntervalSeconds: def.pollingIntervalSeconds ?? 2,
        includeMetadata: true,
      },
      // Requests first: the batch waits for a gap in the traffic (foreground.server.ts).
      async (batch) => {
        await yieldToRequests();
        await runBatch(def, batch);
      },
    );
    state.workers.set(def.name, id);
  }
}

/** Stops the workers (letting running jobs finish for up to 10 s) and the queue. */
export async function stopJobs(): Promise<void> {
  const current = state;
  if (!current) return;
  // The queue stays usable until pg-boss has stopped: handlers still running at SIGTERM finish,
  // and what they enqueue, complete or fail is recorded. Dropping it first made such a handler
  // fail on its last enqueue while pg-boss marked its job completed: the follow-up was lost.
  current.stopped ??= (async () => {
    for (const t of current.nudges.values()) clearTimeout(t);
    await current.boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => {});
    if (state === current) state = undefined;
  })();
  await current.stopped;
}

export function jobsStarted(): boolean {
  return state !== undefined;
}

/**
 * Runs a batch: each job on its own, so one failure fails (and retries) only that job; pg-boss
 * completes the rest when the batch returns.
 */
async function runBatch(def: AnyJob, batch: PgBoss.JobWithMetadata<never>[]) {
  const done =
    def.name === EVENTS_QUEUE
      ? await fanOutBatch(batch as unknown as PgBoss.JobWithMetadata<EventJob>[])
      : await Promise.all(batch.map((job) => runOne(def, job)));
  // One completion for the batch (failed jobs are no longer active and are left alone).
  const ids = batch.filter((_, i) => done[i]).map((job) => job.id);
  if (ids.length) await state?.boss.complete(def.name, ids).catch(() => {});
  // A full batch means more may be waiting: fetch again at once instead of sleeping a poll,
  // unless requests are being answered (they go first; the next poll comes anyway).
  const workerId = state?.workers.get(def.name);
  if (workerId && batch.length >= (def.batchSize ?? 1) && !requestsBusy()) state?.boss.notifyWorker(workerId);
}

/** Runs one job; false when it failed (and was recorded as failed, to be retried). */
async function runOne(def: AnyJob, job: PgBoss.JobWithMetadata<never>): Promise<boolean> {
  const ctx: JobContext = {
    id: job.id,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    isLastAttempt: job.retryCount >= job.retryLimit,
  };
  try {
    // What the job logs carries its id (reqId "job:<queue>:<id>"), as a request's lines do.
    await runWithRequestContext(`job:${def.name}:${job.id}`, () => def.handler(job.data, ctx));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    getLogger().warn(
      { job: def.name, jobId: job.id, attempt: job.retryCount + 1, err: message },
      "job failed",
    );
    await state?.boss.fail(def.name, job.id, { message }).catch(() => {});
    return false;
  }
  return true;
}

export interface EnqueueOptions {
  /** A fixed id makes the enqueue idempotent: a second one with the same id is ignored. */
  id?: string;
  startAfter?: Date | number;
}

/**
 * Enqueues `job` with `data` through `db`, normally the open transaction of the change that
 * causes it: if that transaction rolls back, the job never existed.
 */
export async function enqueue<T>(
  db: DbOrTx,
  job: JobDefinition<T> | string,
  data: T,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const name = typeof job === "string" ? job : job.name;
  const id = await boss().send(name, data as object, {
    ...(options.id ? { id: options.id } : {}),
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter as Date } : {}),
    db: drizzleExecutor(db),
  });
  nudge(name);
  return id;
}

/**
 * Wakes this instance's worker for `name` shortly after an enqueue instead of waiting for its
 * next poll. The enqueueing transaction commits a moment later, so the worker is woken twice:
 * soon, and once more in case the first fetch ran before the commit.
 */
function nudge(name: string) {
  const s = state;
  const workerId = s?.workers.get(name);
  if (!s || s.stopped || !workerId || s.nudges.has(name)) return;
  const first = setTimeout(() => {
    s.boss.notifyWorker(workerId);
    const second = setTimeout(() => {
      s.nudges.delete(name);
      s.boss.notifyWorker(workerId);
    }, 150);
    s.nudges.set(name, second);
  }, 15);
  s.nudges.set(name, first);
}

/** Publishes an event: every job whose `on` lists it runs once with an `EventEnvelope`. */
export async function publish(db: DbOrTx, event: string, payload: unknown): Promise<void> {
  await enqueue<EventJob>(db, EVENTS_QUEUE, { event, payload, occurredAt: new Date().toISOString() });
}

/**
 * Publishes one occurrence of `event` per payload in one statement (pg-boss `insert`) through
 * `db`, the transaction of the change: what a batch of changes publishes (the contact form's
 * group commit). Same guarantee as `publish`: nothing exists if that transaction rolls back.
 */
export async function publishMany(db: DbOrTx, event: string, payloads: unknown[]): Promise<void> {
  if (payloads.length === 0) return;
  await boss().insert(eventJobs(event, payloads), { db: drizzleExecutor(db) });
  nudge(EVENTS_QUEUE);
}

function eventJobs(event: string, payloads: unknown[]) {
  const occurredAt = new Date().toISOString();
  return payloads.map((payload) => ({
    name: EVENTS_QUEUE,
    data: { event, payload, occurredAt } satisfies EventJob,
  }));
}

/**
 * `change` (an INSERT/UPDATE/DELETE) and publishMany of its events in ONE statement: the change
 * runs as a data-modifying CTE of pg-boss's own job insert, so both commit or neither does, as in
 * a transaction, without the transaction's BEGIN and COMMIT round trips (the contact form's group
 * commit: 4 round trips per batch → 1). pg-boss's statement is taken from `insert` itself (an
 * executor that keeps the text instead of running it); if it is not a `WITH` query (another
 * pg-boss version), the two run in a transaction instead, with the same result.
 */
export async function publishManyWith(db: DbOrTx, change: SQL, event: string, payloads: unknown[]) {
  if (payloads.length === 0) return void (await db.execute(change));
  let captured: { text: string; values: unknown[] } | undefined;
  await boss().insert(eventJobs(event, payloads), {
    db: {
      async executeSql(text: string, values: unknown[] = []) {
        captured = { text, values };
        return { rows: [] };
      },
    },
  });
  const head = captured && /^\s*with\s/i.exec(captured.text);
  if (!captured || !head) {
    await db.transaction(async (tx) => {
      await tx.execute(change);
      await publishMany(tx, event, payloads);
    });
    return;
  }
  const jobs = toDrizzleSql(captured.text.slice(head[0].length), captured.values);
  await db.execute(sql`with published_change as (${change}), ${jobs}`);
  nudge(EVENTS_QUEUE);
}

/** A stable UUID from text: the fan-out's job ids, so a retried fan-out adds no duplicates. */
export function stableId(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The fan-out of a batch of events: one job per subscriber per event, all in ONE insert (a
 * burst of leads is fanned out in a few statements, not three per lead). Ids are stable per
 * event and subscriber and the insert skips existing ids, so a retried batch adds nothing twice.
 * If the insert fails, every event of the batch is failed and retried.
 */
async function fanOutBatch(batch: { id: string; data: EventJob }[]): Promise<boolean[]> {
  const s = state;
  if (!s) return batch.map(() => false);
  const jobs: { id: string; name: string; data: EventEnvelope }[] = [];
  for (const job of batch) {
    const { event, payload, occurredAt } = job.data;
    const envelope: EventEnvelope = { event, payload, eventId: job.id, occurredAt };
    for (const def of s.jobs.values()) {
      if (def.on?.includes(event))
        jobs.push({ id: stableId(`${job.id}:${def.name}`), name: def.name, data: envelope });
    }
  }
  try {
    if (jobs.length > 0) await s.boss.insert(jobs);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    getLogger().warn({ job: EVENTS_QUEUE, count: batch.length, err: message }, "event fan-out failed");
    for (const job of batch) await s.boss.fail(EVENTS_QUEUE, job.id, { message }).catch(() => {});
    return batch.map(() => false);
  }
  for (const name of new Set(jobs.map((j) => j.name))) nudge(name);
  return batch.map(() => true);
}

const eventsJob = defineJob<EventJob>({
  name: EVENTS_QUEUE,
  pollingIntervalSeconds: 1,
  batchSize: 50,
  retryDelay: 5,
  // Batches of this queue go to fanOutBatch (runBatch); a lone job is a batch of one.
  async handler(data, job) {
    const [ok] = await fanOutBatch([{ id: job.id, data }]);
    if (!ok) throw new Error("event fan-out failed");
  },
});

/**
 * Runs every job that is due now, until none is left (tests and scripts; the server's workers
 * do this continuously). Failures are recorded exactly as the workers record them.
 */
export async function drainJobs({ maxRounds = 50 }: { maxRounds?: number } = {}): Promise<number> {
  const s = state;
  if (!s) throw new Error("Job queue not started");
  let ran = 0;
  for (let round = 0; round < maxRounds; round++) {
    let found = 0;
    for (const def of s.jobs.values()) {
      const batch = await s.boss.fetch<never>(def.name, { batchSize: 50, includeMetadata: true });
      if (!batch?.length) continue;
      found += batch.length;
      await runBatch(def, batch);
    }
    ran += found;
    if (found === 0) return ran;
  }
  return ran;
}

/** A job as the queue holds it (or archived), for tests and the back office. */
export async function getJob(name: string, id: string) {
  return boss().getJobById(name, id, { includeArchive: true });
}

export type QueueName = string;
export function queueBoss(): PgBoss {
  return boss();
}
