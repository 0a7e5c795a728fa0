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

/** SPEC §5: "(99) 99999-9999" / "(99) 9999-9999", or 10–11 plain digits. */
export function isValidBrazilianPhone(value: string): boolean {
  return /^\(\d{2}\) \d{4,5}-\d{4}$/.test(value.trim()) || /^\d{10,11}$/.test(value.trim());
}
