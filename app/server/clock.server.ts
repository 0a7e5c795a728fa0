import { todayInSaoPaulo } from "~/lib/dates";

/**
 * The one clock that billing (and the modules after it: onboarding, revenue) reads, so tests
 * move days without waiting (DESIGN §9, decision 021). Production reads the system time; a test
 * sets a fixed instant (`setClock`) or moves it (`advanceClock`) and puts it back (`resetClock`).
 * "Today" is always the calendar date in America/Sao_Paulo, whatever the server's time zone.
 */
type Source = () => Date;

const systemTime: Source = () => new Date();
let source: Source = systemTime;

/** The current instant. */
export function now(): Date {
  return source();
}

/** Today's date in São Paulo as "YYYY-MM-DD". */
export function today(): string {
  return todayInSaoPaulo(now());
}

/** Freezes the clock at `at` (a Date or an ISO instant such as "2026-03-10T02:59:00Z"). */
export function setClock(at: Date | string): void {
  const fixed = new Date(at);
  if (Number.isNaN(fixed.getTime())) throw new RangeError(`Instante inválido: ${String(at)}`);
  source = () => new Date(fixed);
}

/**
 * Runs the clock from `at` at the real pace (Stripe's test clocks): writes made one after another
 * get distinct instants, as they would have had on that day. The demo business uses it.
 */
export function runClockFrom(at: Date | string): void {
  const start = new Date(at).getTime();
  if (Number.isNaN(start)) throw new RangeError(`Instante inválido: ${String(at)}`);
  const realStart = Date.now();
  source = () => new Date(start + (Date.now() - realStart));
}

/** Moves the clock by `ms` milliseconds (or `days` whole days) from where it stands now. */
export function advanceClock({ ms = 0, days = 0 }: { ms?: number; days?: number }): void {
  const at = new Date(now().getTime() + ms + days * 86_400_000);
  setClock(at);
}

/** Back to the system time. */
export function resetClock(): void {
  source = systemTime;
}

/** True while a test holds the clock. */
export function clockIsSet(): boolean {
  return source !== systemTime;
}
