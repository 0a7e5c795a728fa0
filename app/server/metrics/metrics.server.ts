import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { getDatabase } from "~/db/client.server";
import { requestsInFlight } from "~/server/http/drain.server";
import { log } from "~/server/logging/logger.server";

/**
 * This instance's Prometheus metrics (docs/deploy.md "Metrics"), every family in this one file.
 * Labels never carry personal data: a route's pattern (never the URL), a queue's name, an
 * outcome, a status code. Counters count what happened in this process (sum them across
 * instances); the `cardapio_jobs_*`, `cardapio_charges_*` gauges are read from the database at
 * each scrape and are the same on every instance (take their max).
 */
export const registry = new Registry();
const registers = [registry];

// HTTP (recorded by http-metrics.server.ts when metrics are on). These two families are on every
// request's path, where prom-client's Counter and Histogram cost about 1 µs per request (label
// hashing and validation, twice): a cached public page is answered in a few tens of µs. So each
// (method, route, status) keeps plain numbers here, and the registry (prom-client's formatting)
// reads them at scrape time through the two metric objects below.
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
interface HttpSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative; summed when read). */
  buckets: number[];
}
const httpSeries = new Map<string, HttpSeries>();

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

/** A family read from `samples()` at scrape time, formatted by the registry like its own. */
function registerFamily(name: string, help: string, type: "counter" | "histogram", samples: () => Sample[]) {
  const read = async () => ({ name, help, type, aggregator: "sum" as const, values: samples() });
  registry.registerMetric({
    name,
    help,
    type,
    aggregator: "sum",
    get: read,
    getForPromString: read,
    reset: () => httpSeries.clear(),
  } as unknown as Parameters<Registry["registerMetric"]>[0]);
}

registerFamily(
  "cardapio_http_requests_total",
  "HTTP requests answered, by method, route pattern and status code.",
  "counter",
  () => [...httpSeries.values()].map((s) => ({ labels: s.labels, value: s.count })),
);
registerFamily(
  "cardapio_http_request_duration_seconds",
  "Time to answer an HTTP request (until the last byte was handed to the socket), by method, route pattern and status code.",
  "histogram",
  () =>
    [...httpSeries.values()].flatMap((s) => {
      const name = "cardapio_http_request_duration_seconds";
      let cumulative = 0;
      const samples: Sample[] = HTTP_BUCKETS.map((le, i) => {
        cumulative += s.buckets[i];
        return { metricName: `${name}_bucket`, labels: { le, ...s.labels }, value: cumulative };
      });
      samples.push(
        { metricName: `${name}_bucket`, labels: { le: "+Inf", ...s.labels }, value: s.count },
        { metricName: `${name}_sum`, labels: s.labels, value: s.sum },
        { metricName: `${name}_count`, labels: s.labels, value: s.count },
      );
      return samples;
    }),
);
new Gauge({
  name: "cardapio_http_requests_in_flight",
  help: "HTTP requests being answered now on the app's port (a scrape there included).",
  registers,
  collect() {
    this.set(requestsInFlight());
  },
});

// Jobs.
const jobRuns = new Counter({
  name: "cardapio_job_runs_total",
  help: "Jobs run by this instance's worker, by queue and outcome: completed, retry (failed, will be retried) or failed (failed for good).",
  labelNames: ["queue", "outcome"] as const,
  registers,
});
const jobLag = new Histogram({
  name: "cardapio_job_lag_seconds",
  help: "Time from when a job was due until a worker started it, by queue.",
  labelNames: ["queue"] as const,
  buckets: [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
  registers,
});
const jobsWaiting = new Gauge({
  name: "cardapio_jobs_waiting",
  help: "Jobs due and waiting for a worker, by queue (database-wide).",
  labelNames: ["queue"] as const,
  registers,
});
const jobsOldestWaiting = new Gauge({
  name: "cardapio_jobs_oldest_waiting_seconds",
  help: "How long the oldest due job has waited for a worker, by queue (database-wide; 0 when none waits).",
  labelNames: ["queue"] as const,
  registers,
});

// Webhooks, messages, money.
const webhooksReceived = new Counter({
  name: "cardapio_webhooks_received_total",
  help: "Webhooks received from a payment provider, by provider and outcome: accepted, duplicate, refused (bad token), invalid (unreadable body).",
  labelNames: ["provider", "outcome"] as const,
  registers,
});
const webhookDeliveries = new Counter({
  name: "cardapio_webhook_deliveries_total",
  help: "Outgoing webhook delivery attempts, by outcome: delivered, retry (will be retried) or failed (for good).",
  labelNames: ["outcome"] as const,
  registers,
});
const messages = new Counter({
  name: "cardapio_messages_total",
  help: "Messages handed to their channel, by channel (email, whatsapp) and outcome: sent, retry, failed (for good), no_smtp or not_configured (kept in the message log).",
  labelNames: ["channel", "outcome"] as const,
  registers,
});
const dunningSteps = new Counter({
  name: "cardapio_dunning_steps_sent_total",
  help: "Charge reminders queued by the dunning job, by step (days from the due date).",
  labelNames: ["step"] as const,
  registers,
});
const chargesIssuedToday = new Gauge({
  name: "cardapio_charges_issued_today",
  help: "Charges issued today (America/Sao_Paulo), database-wide.",
  registers,
});
const chargesPaidToday = new Gauge({
  name: "cardapio_charges_paid_today",
  help: "Charges paid today (America/Sao_Paulo), database-wide.",
  registers,
});
const chargesOverdue = new Gauge({
  name: "cardapio_charges_overdue",
  help: "Charges overdue as of today (status vencida), database-wide.",
  registers,
});
const chargesOverdueUnmarked = new Gauge({
  name: "cardapio_charges_overdue_unmarked",
  help: "Charges past their due date that the overdue job has not marked vencida yet (should be 0 after 00:05 São Paulo).",
  registers,
});

// The database.
const databaseUp = new Gauge({
  name: "cardapio_database_up",
  help: "1 when the database answered this scrape's queries, 0 when it did not.",
  registers,
});
new Gauge({
  name: "cardapio_db_pool_connections_in_use",
  help: "PostgreSQL pool connections lent out now (0 on the embedded database).",
  registers,
  collect() {
    const pool = currentPool();
    this.set(pool ? pool.totalCount - pool.idleCount : 0);
  },
});
new Gauge({
  name: "cardapio_db_pool_waiting",
  help: "Queries waiting for a PostgreSQL pool connection now (0 on the embedded database).",
  registers,
  collect() {
    this.set(currentPool()?.waitingCount ?? 0);
  },
});

function currentPool() {
  try {
    return getDatabase().pool;
  } catch {
    return undefined;
  }
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One answered request: its method, route pattern, status and seconds. */
export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const m = METHODS.has(method) ? method : "other";
  const key = `${m} ${status} ${route}`;
  let series = httpSeries.get(key);
  if (!series) {
    series = {
      labels: { method: m, route, status: String(status) },
      count: 0,
      sum: 0,
      buckets: HTTP_BUCKETS.map(() => 0),
    };
    httpSeries.set(key, series);
  }
  series.count += 1;
  series.sum += seconds;
  for (let i = 0; i < HTTP_BUCKETS.length; i++) {
    if (seconds <= HTTP_BUCKETS[i]) {
      series.buckets[i] += 1;
      break;
    }
  }
}

export type JobOutcome = "completed" | "retry" | "failed";

export function recordJobRun(queue: string, outcome: JobOutcome, count = 1): void {
  jobRuns.inc({ queue, outcome }, count);
}

/** A job started: how long after it was due (both instants from the database's clock). */
export function recordJobLag(queue: string, dueAt: Date | undefined, startedAt: Date | undefined): void {
  if (!(dueAt instanceof Date) || !(startedAt instanceof Date)) return;
  jobLag.observe({ queue }, Math.max(0, (startedAt.getTime() - dueAt.getTime()) / 1000));
}

export type WebhookInOutcome = "accepted" | "duplicate" | "refused" | "invalid";
export function countWebhookReceived(provider: string, outcome: WebhookInOutcome): void {
  webhooksReceived.inc({ provider, outcome });
}

export type WebhookOutOutcome = "delivered" | "retry" | "failed";
export function countWebhookDelivery(outcome: WebhookOutOutcome): void {
  webhookDeliveries.inc({ outcome });
}

export type MessageOutcome = "sent" | "retry" | "failed" | "no_smtp" | "not_configured" | "fallback";
/** A message handed to its channel ("email"; other channels add their own name). */
export function countMessage(channel: string, outcome: MessageOutcome): void {
  messages.inc({ channel, outcome });
}

export function countDunningStep(step: number): void {
  dunningSteps.inc({ step: String(step) });
}

export interface ChargeFigures {
  issuedToday: number;
  paidToday: number;
  overdue: number;
  overdueUnmarked: number;
}

export interface JobsWaitingRow {
  queue: string;
  waiting: number;
  oldestSeconds: number;
}

/** What the database says at scrape time (read by the caller of startMetrics, see app/metrics.server.ts). */
export interface DatabaseFigures {
  jobs: JobsWaitingRow[];
  charges: ChargeFigures;
}

const CHARGE_GAUGES = [chargesIssuedToday, chargesPaidToday, chargesOverdue, chargesOverdueUnmarked];

function setDatabaseFigures(figures: DatabaseFigures) {
  jobsWaiting.reset();
  jobsOldestWaiting.reset();
  for (const row of figures.jobs) {
    jobsWaiting.set({ queue: row.queue }, row.waiting);
    jobsOldestWaiting.set({ queue: row.queue }, row.oldestSeconds);
  }
  chargesIssuedToday.set(figures.charges.issuedToday);
  chargesPaidToday.set(figures.charges.paidToday);
  chargesOverdue.set(figures.charges.overdue);
  chargesOverdueUnmarked.set(figures.charges.overdueUnmarked);
}

/** A scrape waits at most this long for the database; then it answers without those figures. */
const DATABASE_READ_TIMEOUT_MS = 2_000;

interface MetricsConfig {
  readFigures: () => Promise<DatabaseFigures>;
  heartbeat?: () => Date | null;
  now: () => Date;
}
let config: MetricsConfig | undefined;
let defaultsStarted = false;
let reading: Promise<void> | undefined;

/**
 * Turns the scrape-time figures on: `readFigures` reads the database's figures at each scrape;
 * `heartbeat`, on a worker instance, adds `cardapio_worker_heartbeat_age_seconds` (absent on an
 * HTTP-only instance, so "no worker anywhere" is an absent series). Also starts Node's default
 * metrics (event-loop lag, memory, CPU, GC), once.
 */
export function startMetrics(options: MetricsConfig): void {
  if (!defaultsStarted) collectDefaultMetrics({ register: registry });
  defaultsStarted = true;
  config = options;
  registry.removeSingleMetric("cardapio_worker_heartbeat_age_seconds");
  if (options.heartbeat) {
    const read = options.heartbeat;
    new Gauge({
      name: "cardapio_worker_heartbeat_age_seconds",
      help: "Seconds since this instance's job worker last beat its heart (beats every 15 s; /readyz fails past 60).",
      registers,
      collect() {
        const at = read();
        // Not beating (stopped): infinitely old, so an alert on the age fires.
        this.set(
          at ? Math.max(0, (options.now().getTime() - at.getTime()) / 1000) : Number.POSITIVE_INFINITY,
        );
      },
    });
  }
}

async function refreshDatabaseFigures(): Promise<void> {
  if (!config) return;
  const { readFigures } = config;
  let timer: NodeJS.Timeout | undefined;
  try {
    const figures = await Promise.race([
      readFigures(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("database did not answer in time")),
          DATABASE_READ_TIMEOUT_MS,
        );
      }),
    ]);
    setDatabaseFigures(figures);
    databaseUp.set(1);
  } catch (err) {
    // Nothing stale is reported: the database's figures disappear until it answers again.
    jobsWaiting.reset();
    jobsOldestWaiting.reset();
    for (const gauge of CHARGE_GAUGES) gauge.remove({});
    databaseUp.set(0);
    log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      "metrics: database figures unavailable",
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The Prometheus text of this instance's metrics; concurrent scrapes share one database read. */
export async function renderMetrics(): Promise<string> {
  reading ??= refreshDatabaseFigures().finally(() => {
    reading = undefined;
  });
  await reading;
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
