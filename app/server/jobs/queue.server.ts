import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { getDb, queryRows, type Database, type DbOrTx } from "~/db/client.server";
import { now } from "~/server/clock.server";
import { baseLogger, getLogger, runWithRequestContext } from "~/server/logging/logger.server";
import { recordJobLag, recordJobRun } from "~/server/metrics/metrics.server";
import { drizzleExecutor, pgliteExecutor } from "./adapters.server";

/**
 * The background job queue: pg-boss 10 on the application's own database (PostgreSQL, or the
 * embedded PGlite through an adapter). Jobs are rows, so they survive restarts and `kill -9`;
 * pg-boss claims them with `FOR UPDATE SKIP LOCKED`, so with several instances on one
 * PostgreSQL each job runs once; cron schedules fire once per minute slot across instances.
 * Domain events and their fan-out to subscribers are built on it in events-queue.server.ts.
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
  /**
   * Runs a whole fetched batch instead of `handler` per job (one statement for many jobs); if it
   * throws, every job of the batch is failed and retried.
   */
  batchHandler?: (jobs: { id: string; data: T }[]) => Promise<void>;
  /** Events (see `publish` in events-queue.server.ts) that enqueue this job with the event's payload. */
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

interface State {
  boss: PgBoss;
  jobs: Map<string, AnyJob>;
  workers: Map<string, string>;
  worker: boolean;
  nudges: Map<string, NodeJS.Timeout>;
  /** Set once stopJobs began: pg-boss is finishing the running handlers. */
  stopped?: Promise<void>;
  heartbeat?: NodeJS.Timeout;
}
let state: State | undefined;

/**
 * The worker's heartbeat: when this instance's worker last showed it is alive (readiness, metrics).
 * It beats when the queue starts, after every batch it runs, and every HEARTBEAT_MS with a query
 * on the queue's own connections; it stops when the queue stops, loses its database or the
 * process is stuck. `expected` is false on an HTTP-only instance (WORKER=false).
 */
const heartbeat: { expected: boolean; at: Date | null } = { expected: false, at: null };
export const HEARTBEAT_MS = 15_000;

export function workerHeartbeat(): { expected: boolean; at: Date | null } {
  return { ...heartbeat };
}

function beat() {
  heartbeat.at = now();
}

function started(): State {
  if (!state) throw new Error("Job queue not started: call startJobs() at boot");
  return state;
}

function boss(): PgBoss {
  return started().boss;
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
  heartbeat.expected = worker;
  heartbeat.at = null;
  const common = { schema: "pgboss", supervise: worker, schedule: worker, migrate: true, ...tuning };
  const instance =
    database.kind === "pglite"
      ? new PgBoss({ ...common, db: pgliteExecutor(database.pglite!) })
      : new PgBoss({ ...common, connectionString: databaseUrl, max: 4, application_name: "cardapio-jobs" });
  instance.on("error", (err) => baseLogger().error({ err }, "job queue error"));
  await instance.start();
  const registry = new Map<string, AnyJob>();
  for (const def of jobs) registry.set(def.name, def);
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
      (batch) => runBatch(def, batch),
    );
    state.workers.set(def.name, id);
  }
  beat();
  const current = state;
  current.heartbeat = setInterval(() => {
    if (current.stopped) return;
    instance
      .getDb()
      .executeSql("select 1", [])
      .then(() => {
        if (!current.stopped) beat();
      })
      .catch((err: unknown) => baseLogger().warn({ err: errorMessage(err) }, "job worker heartbeat failed"));
  }, HEARTBEAT_MS);
  current.heartbeat.unref();
}

const background = new Set<Promise<unknown>>();

/**
 * Runs `work` without making the caller wait, for the few writes that must not add time to an
 * answer (the reset e-mail: an existing address must not answer slower than an unknown one).
 * Errors are logged; `drainJobs` and `stopJobs` wait for what is still running.
 */
export function inBackground(work: Promise<unknown>, what: string): void {
  const tracked = work
    .catch((err: unknown) => getLogger().error({ err }, `${what} failed`))
    .finally(() => background.delete(tracked));
  background.add(tracked);
}

/** Waits for the work started with `inBackground` (e.g. a mail an auth hook queued) to finish. */
export async function backgroundSettled(): Promise<void> {
  while (background.size) await Promise.all([...background]);
}

/**
 * Stops the workers and the queue. Running jobs get `timeoutMs` to finish; pg-boss then fails
 * those still running, which hands them back to the queue (retried later, here or on another
 * instance; handlers are idempotent). Nothing new is fetched meanwhile.
 */
export async function stopJobs({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
  const current = state;
  if (!current) return;
  if (current.heartbeat) clearInterval(current.heartbeat);
  heartbeat.at = null;
  // The queue stays usable until pg-boss has stopped: handlers still running at SIGTERM finish,
  // and what they enqueue, complete or fail is recorded. Dropping it first made such a handler
  // fail on its last enqueue while pg-boss marked its job completed: the follow-up was lost.
  current.stopped ??= (async () => {
    for (const t of current.nudges.values()) clearTimeout(t);
    await backgroundSettled();
    await current.boss.stop({ graceful: true, wait: true, timeout: timeoutMs }).catch(() => {});
    if (state === current) state = undefined;
  })();
  await current.stopped;
}

/**
 * Stops fetching new jobs (SIGTERM), leaving the queue usable: requests still in flight may
 * enqueue, and the jobs already running go on until stopJobs.
 */
export async function pauseWorkers(): Promise<void> {
  const current = state;
  if (!current) return;
  for (const name of current.workers.keys()) await current.boss.offWork(name).catch(() => {});
}

let running = 0;

/** Jobs whose handler is running in this process now. */
export function jobsRunning(): number {
  return running;
}

export function jobsStarted(): boolean {
  return state !== undefined;
}

/**
 * Runs a batch: each job on its own, so one failure fails (and retries) only that job, or all
 * together through the job's `batchHandler`; pg-boss completes the rest when the batch returns.
 */
async function runBatch(def: AnyJob, batch: PgBoss.JobWithMetadata<never>[]) {
  for (const job of batch) recordJobLag(def.name, job.startAfter, job.startedOn);
  running += batch.length;
  let done: boolean[];
  try {
    done = def.batchHandler
      ? await runAll(def, def.batchHandler, batch)
      : await Promise.all(batch.map((job) => runOne(def, job)));
  } finally {
    running -= batch.length;
  }
  if (state && !state.stopped) beat();
  // One completion for the batch (failed jobs are no longer active and are left alone).
  const ids = batch.filter((_, i) => done[i]).map((job) => job.id);
  if (ids.length) await state?.boss.complete(def.name, ids).catch(() => {});
  // A full batch means more may be waiting: fetch again at once instead of sleeping a poll.
  const workerId = state?.workers.get(def.name);
  if (workerId && batch.length >= (def.batchSize ?? 1)) state?.boss.notifyWorker(workerId);
}

/** Runs a batch through `batchHandler`: all succeed, or all are failed (to be retried). */
async function runAll(
  def: AnyJob,
  batchHandler: NonNullable<AnyJob["batchHandler"]>,
  batch: PgBoss.JobWithMetadata<never>[],
): Promise<boolean[]> {
  try {
    await runWithRequestContext(`job:${def.name}:batch`, () =>
      batchHandler(batch.map((job) => ({ id: job.id, data: job.data }))),
    );
    recordJobRun(def.name, "completed", batch.length);
    return batch.map(() => true);
  } catch (err) {
    const message = errorMessage(err);
    getLogger().warn({ job: def.name, count: batch.length, err: message }, "job batch failed");
    for (const job of batch) {
      recordJobRun(def.name, job.retryCount >= job.retryLimit ? "failed" : "retry");
      await state?.boss.fail(def.name, job.id, { message }).catch(() => {});
    }
    return batch.map(() => false);
  }
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
    const message = errorMessage(err);
    getLogger().warn(
      { job: def.name, jobId: job.id, attempt: job.retryCount + 1, err: message },
      "job failed",
    );
    recordJobRun(def.name, ctx.isLastAttempt ? "failed" : "retry");
    await state?.boss.fail(def.name, job.id, { message }).catch(() => {});
    return false;
  }
  recordJobRun(def.name, "completed");
  return true;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
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
 * Enqueues one `job` per item of `data` in ONE statement, through `db` (the open transaction of
 * the change, as enqueue): a batch job's events cost one insert, not one per row.
 */
export async function enqueueMany<T>(db: DbOrTx, job: JobDefinition<T> | string, data: T[]): Promise<void> {
  if (data.length === 0) return;
  const name = typeof job === "string" ? job : job.name;
  await boss().insert(
    data.map((d) => ({ name, data: d as object })),
    { db: drizzleExecutor(db) },
  );
  nudge(name);
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

/**
 * Inserts `jobs` in one statement (pg-boss `insert`, on its own connection, not in a
 * transaction); a job whose id already exists is skipped. Wakes this instance's workers for them.
 */
export async function insertJobs(jobs: { id?: string; name: string; data: object }[]): Promise<void> {
  if (jobs.length === 0) return;
  await boss().insert(jobs);
  for (const name of new Set(jobs.map((j) => j.name))) nudge(name);
}

/** The names of the started jobs whose `on` lists `event`: its subscribers. */
export function subscribersOf(event: string): string[] {
  return [...started().jobs.values()].filter((def) => def.on?.includes(event)).map((def) => def.name);
}

/**
 * Runs every job that is due now, until none is left (tests and scripts; the server's workers
 * do this continuously). Failures are recorded exactly as the workers record them. `only` limits
 * it to some queues (a test that exercises money need not render the e-mails it causes).
 */
export async function drainJobs({
  maxRounds = 50,
  only,
}: { maxRounds?: number; only?: readonly string[] } = {}): Promise<number> {
  const s = state;
  if (!s) throw new Error("Job queue not started");
  await backgroundSettled();
  const defs = [...s.jobs.values()].filter((def) => !only || only.includes(def.name));
  let ran = 0;
  for (let round = 0; round < maxRounds; round++) {
    let found = 0;
    for (const def of defs) {
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

/**
 * Per queue of this instance's job table: jobs due and waiting for a worker, and how long the
 * oldest of them has waited (seconds, 0 when none). For the metrics; read on the app's pool.
 */
export async function jobsWaiting(): Promise<{ queue: string; waiting: number; oldestSeconds: number }[]> {
  const names = [...started().jobs.keys()];
  const rows = await queryRows<{ queue: string; waiting: number; oldest: number | string }>(
    getDb(),
    sql`select name as queue, count(*)::int as waiting,
          extract(epoch from now() - min(start_after))::float8 as oldest
        from pgboss.job
        where state in ('created', 'retry') and start_after <= now()
        group by name`,
  );
  const byName = new Map(rows.map((r) => [r.queue, r]));
  return names.map((queue) => {
    const row = byName.get(queue);
    return {
      queue,
      waiting: Number(row?.waiting ?? 0),
      oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)),
    };
  });
}

/** A job as the queue holds it (or archived), for tests and the back office. */
export async function getJob(name: string, id: string) {
  return boss().getJobById(name, id, { includeArchive: true });
}

export type QueueName = string;
export function queueBoss(): PgBoss {
  return boss();
}
