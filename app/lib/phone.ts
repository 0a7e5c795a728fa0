/** Keeps only digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * Brazilian phone mask while typing: "(99) 99999-9999" for 11 digits, "(99) 9999-9999" for 10,
 * partial masks on the way there. More than 11 digits are cut.
 */
export function maskPhone(value: string): string {
  const d = digitsOnly(value).slice(0, 11);
  if (d.length === 0) return "";
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
}

/**
 * The mask applied while a phone is typed. National numbers get maskPhone (cut at 11 digits, as the
 * spec's wizard does); the international form ("+55 11 97654-3210", or more than 11 digits starting
 * with 55) keeps its country code as "+55 (11) 97654-3210" instead of being cut to
 * "(55) 11976-5432", another person; a trunk 0 ("011 …") is left as typed for normalizePhone.
 */
export function maskPhoneInput(value: string): string {
  const d = digitsOnly(value);
  const plus = value.trimStart().startsWith("+");
  if (plus && d.length <= 2 && "55".startsWith(d)) return `+${d}`;
  if (d.startsWith("55") && (plus || d.length > 11) && d.length <= 13) return `+55 ${maskPhone(d.slice(2))}`;
  if (d.startsWith("0") && d.length <= 12) return value;
  return maskPhone(d);
}

/** SPEC §5: "(99) 99999-9999" / "(99) 9999-9999", or 10–11 plain digits. */
export function isValidBrazilianPhone(value: string): boolean {
  return /^\(\d{2}\) \d{4,5}-\d{4}$/.test(value.trim()) || /^\d{10,11}$/.test(value.trim());
}

// ANATEL's area codes (DDD). A number whose first two digits are not one of these cannot be
// dialled in Brazil, so it is refused rather than stored and sent to the wrong person.
const DDDS = new Set(
  (
    "11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 " +
    "51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 " +
    "91 92 93 94 95 96 97 98 99"
  ).split(" "),
);

/**
 * The one place a typed phone becomes the stored value: the national number as 10–11 digits
 * (DDD + line), or null when it is not a Brazilian number anyone could answer.
 *
 * Accepts any punctuation, a leading +55 / 55 when 12–13 digits remain (the international form
 * people paste from WhatsApp) and a trunk 0 before the DDD ("011 …"). Refuses unknown DDDs,
 * 11-digit numbers whose line does not start with 9 (only mobiles have 9 digits) and lines made of
 * one repeated digit ("(00) 00000-0000", "(11) 99999-9999").
 */
export function normalizePhone(input: string | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  let d = digitsOnly(String(input));
  if ((d.length === 12 || d.length === 13) && d.startsWith("55")) d = d.slice(2);
  else if ((d.length === 11 || d.length === 12) && d.startsWith("0")) d = d.slice(1);
  if (d.length !== 10 && d.length !== 11) return null;
  if (!DDDS.has(d.slice(0, 2))) return null;
  const line = d.slice(2);
  if (d.length === 11 && line[0] !== "9") return null;
  if (d.length === 10 && !/^[2-9]/.test(line)) return null;
  if (/^(\d)\1+$/.test(line)) return null;
  return d;
}

/** Stored digits (or anything typed) shown the Brazilian way: "(11) 97654-3210". */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const d = normalizePhone(value) ?? digitsOnly(value);
  return d.length === 10 || d.length === 11 ? maskPhone(d) : value;
}
