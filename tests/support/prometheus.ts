import parsePrometheusTextFormat from "parse-prometheus-text-format";

/** A sample's value as the text format writes it ("+Inf" and "-Inf" included). */
function sampleValue(text: string | undefined): number {
  if (text === "+Inf") return Infinity;
  if (text === "-Inf") return -Infinity;
  return Number(text);
}

/**
 * /metrics as Prometheus reads it: parsed by a maintained text-format parser (never by regular
 * expressions here), indexed by family name. That parser keeps a histogram's buckets but not its
 * labels: read per-label figures from the matching counter (requests_total beside the duration).
 */
export function readMetrics(text: string) {
  const families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
  return {
    families,
    has: (name: string) => families.has(name),
    /** The sum of a counter's or gauge's samples whose labels include `labels` (undefined: none). */
    value(name: string, labels: Record<string, string> = {}): number | undefined {
      const matching = (families.get(name)?.metrics ?? []).filter((m) =>
        Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
      );
      if (!matching.length) return undefined;
      return matching.reduce((sum, m) => sum + sampleValue(m.value ?? m.count), 0);
    },
    /** Every label set of a family's samples. */
    labels: (name: string) => (families.get(name)?.metrics ?? []).map((m) => m.labels ?? {}),
  };
}

/** The families docs/deploy.md promises on /metrics (a worker instance's). */
export const PROMISED_FAMILIES = [
  "cardapio_http_requests_total",
  "cardapio_http_request_duration_seconds",
  "cardapio_http_requests_in_flight",
  "cardapio_job_runs_total",
  "cardapio_job_lag_seconds",
  "cardapio_jobs_waiting",
  "cardapio_jobs_oldest_waiting_seconds",
  "cardapio_worker_heartbeat_age_seconds",
  "cardapio_webhooks_received_total",
  "cardapio_webhook_deliveries_total",
  "cardapio_messages_total",
  "cardapio_charges_issued_today",
  "cardapio_charges_paid_today",
  "cardapio_charges_overdue",
  "cardapio_charges_overdue_unmarked",
  "cardapio_dunning_steps_sent_total",
  "cardapio_db_pool_connections_in_use",
  "cardapio_db_pool_waiting",
  "cardapio_database_up",
  "nodejs_eventloop_lag_seconds",
];
