// Small helpers shared by the benches: percentiles, formatting, the machine line for RESULTS.md.
import os from "node:os";

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (samples: number[]) => percentile(samples, 50);

export function ms(n: number, digits = 1): string {
  return Number.isFinite(n) ? `${n.toFixed(digits)} ms` : "—";
}

export function ratio(ours: number, base: number, digits = 2): string {
  return Number.isFinite(ours) && Number.isFinite(base) && base > 0
    ? `${(ours / base).toFixed(digits)}×`
    : "—";
}

/** A plain-text table with right-aligned numbers, for the terminal and for RESULTS.md. */
export function table(head: string[], rows: (string | number)[][], leftColumns = 1): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  return [
    line(head),
    `|${widths.map((w, i) => "-".repeat(w + 1) + (i < leftColumns ? "-" : ":")).join("|")}|`,
    ...cells.slice(1).map(line),
  ].join("\n");
}

export function machine(): string {
  const cpus = os.cpus();
  const gb = (os.totalmem() / 1024 ** 3).toFixed(0);
  return `${cpus.length}× ${cpus[0]?.model.trim() ?? "CPU"}, ${gb} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

export function stamp(): string {
  return new Date().toISOString().replace("T", " ").slice(0, 16) + " UTC";
}

export const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));
