// pt-BR formatting shared by server and browser. Dates are shown in America/Sao_Paulo.
export const TIME_ZONE = "America/Sao_Paulo";

// Pure: creating a formatter changes nothing, so a page that imports this module without
// calling it does not ship it.
const money = /* @__PURE__ */ new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 1990 → "R$ 19,90" (the space Intl emits is a no-break space). */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

const dateFmt = /* @__PURE__ */ new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const dateTimeFmt = /* @__PURE__ */ new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant (Date or ISO string) as dd/mm/aaaa in São Paulo. */
export function formatDate(value: Date | string): string {
  return dateFmt.format(typeof value === "string" ? new Date(value) : value);
}

/** An instant as dd/mm/aaaa hh:mm in São Paulo. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFmt.format(typeof value === "string" ? new Date(value) : value);
}

/** A calendar date "2026-01-31" as "31/01/2026" (no time zone shift). */
export function formatIsoDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

/**
 * Parses a money text typed in pt-BR or en style ("19,90", "19.90", "1.234,56", "R$ 10")
 * into integer cents. Returns null when it is not a non-negative amount with at most 2 decimals.
 */
export function parseMoneyToCents(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  let s = String(input)
    .trim()
    .replace(/^R\$\s*/i, "")
    .replace(/\s/g, "");
  if (!s) return null;
  if (s.includes(",")) {
    s = s.replace(/\./g, "").replace(",", ".");
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    s = s.replace(/\./g, "");
  }
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const [int, frac = ""] = s.split(".");
  const cents = Number(int) * 100 + Number(frac.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents <= 100_000_000_00 ? cents : null;
}

/** Cents as the value of a money input: 1990 → "19,90". */
export function centsToInput(cents: number): string {
  // As a person types it here ("238,90"); parseMoneyToCents reads it back.
  const abs = Math.abs(Math.trunc(cents));
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * How long something has waited, in whole hours, as a person says it: "1 hora", "25 horas" up to
 * two days, then "5 dias". Texts such as "Sem contato há …" use it instead of a fixed threshold.
 */
export function formatWaited(hours: number): string {
  const h = Math.max(0, Math.floor(hours));
  if (h < 48) return h === 1 ? "1 hora" : `${h} horas`;
  return `${Math.floor(h / 24)} dias`;
}

/** Whole hours from `from` to `to`. */
export function hoursBetween(from: Date, to: Date): number {
  return Math.floor((to.getTime() - from.getTime()) / 3_600_000);
}

/** "Preço" or "Outro: achou caro" — how a lost reason reads in the timeline and the audit log
 * (the funnel and the referral that follows a lead write it alike). */
export function lostReasonText(reason: string | null, note: string | null): string | null {
  if (!reason && !note) return null;
  return [reason, note].filter(Boolean).join(": ");
}
