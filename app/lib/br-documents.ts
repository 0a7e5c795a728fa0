/**
 * CPF and CNPJ: check digits, masks and one parser for a field that takes either.
 *
 * Pure and client-safe (forms validate as the admin types; actions validate again on the server).
 *
 * The CNPJ includes the alphanumeric form that Receita Federal issues from July 2026 (Instrução
 * Normativa RFB nº 2.229/2024, Nota Técnica COCAD/SUARA/RFB nº 49/2024; SERPRO's "Cálculo dos
 * dígitos verificadores do CNPJ alfanumérico"): 12 characters from 0–9 and A–Z, then 2 numeric
 * check digits. Each character counts as its ASCII code minus 48 (so "0"–"9" keep their values
 * and A = 17 … Z = 42) and the check digits follow the old modulo-11 rule with weights 2..9 from
 * the right, so every numeric CNPJ already issued stays valid. Official example:
 * 12.ABC.345/01DE-35.
 */

export const DOCUMENT_MESSAGES = {
  required: "Informe o CPF ou CNPJ.",
  cpfInvalid: "CPF inválido.",
  cnpjInvalid: "CNPJ inválido.",
  length: "CPF ou CNPJ inválido: use 11 dígitos (CPF) ou 14 caracteres (CNPJ).",
} as const;

/**
 * The document's characters as stored: the separators people type or paste (".", "-", "/" and
 * spaces) removed, letters uppercased. Any other character is kept, so that the validators refuse
 * "123.456.789-09x" instead of silently reading another number out of it.
 */
export function onlyDocumentChars(raw: string): string {
  return raw.replace(/[\s./-]/g, "").toUpperCase();
}

/** Modulo 11 as CPF and CNPJ use it: remainders 0 and 1 give 0, the others 11 − remainder. */
function mod11Digit(values: number[], weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * weights[i];
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Same character repeated ("111.111.111-11", "00.000.000/0000-00"): passes the digits, never issued. */
const repeated = (s: string) => /^(.)\1*$/.test(s);

/** The two check digits of a CPF's first 9 digits, e.g. "25" for 529982247. */
export function cpfCheckDigits(base9: string): string {
  const base = onlyDocumentChars(base9);
  if (!/^\d{9}$/.test(base)) throw new Error("A base do CPF tem 9 dígitos.");
  const d = [...base].map(Number);
  const first = mod11Digit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = mod11Digit([...d, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first}${second}`;
}

export function isValidCpf(raw: string): boolean {
  const cpf = onlyDocumentChars(raw);
  if (!/^\d{11}$/.test(cpf) || repeated(cpf)) return false;
  return cpfCheckDigits(cpf.slice(0, 9)) === cpf.slice(9);
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CNPJ's first 12 characters (numeric or alphanumeric), e.g. "35". */
export function cnpjCheckDigits(base12: string): string {
  const base = onlyDocumentChars(base12);
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new Error("A base do CNPJ tem 12 caracteres de 0–9 e A–Z.");
  const values = [...base].map((c) => c.charCodeAt(0) - 48);
  const first = mod11Digit(values, CNPJ_WEIGHTS_1);
  const second = mod11Digit([...values, first], CNPJ_WEIGHTS_2);
  return `${first}${second}`;
}

/** Numeric (11.222.333/0001-81) and alphanumeric (12.ABC.345/01DE-35) CNPJs; lowercase is accepted. */
export function isValidCnpj(raw: string): boolean {
  const cnpj = onlyDocumentChars(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || repeated(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

/** "12345678909" → "123.456.789-09"; anything that is not 11 digits comes back as typed. */
export function formatCpf(raw: string): string {
  const cpf = onlyDocumentChars(raw);
  if (!/^\d{11}$/.test(cpf)) return raw;
  return `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
}

/** "12abc34501de35" → "12.ABC.345/01DE-35"; anything that is not 14 characters comes back as typed. */
export function formatCnpj(raw: string): string {
  const cnpj = onlyDocumentChars(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return raw;
  return `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
}

/** A stored CPF or CNPJ (normalised value) with its mask, for display. */
export function formatCpfCnpj(value: string): string {
  const v = onlyDocumentChars(value);
  return v.length === 11 ? formatCpf(v) : v.length === 14 ? formatCnpj(v) : value;
}

export type ParsedCpfCnpj =
  { ok: true; kind: "cpf" | "cnpj"; value: string } | { ok: false; message: string };

/**
 * One field that takes a CPF or a CNPJ, typed with or without the mask. The length decides which
 * (11 characters: CPF, 14: CNPJ); `value` is what gets stored: uppercase, no punctuation.
 */
export function parseCpfCnpj(raw: string): ParsedCpfCnpj {
  const value = onlyDocumentChars(raw);
  if (value === "") return { ok: false, message: DOCUMENT_MESSAGES.required };
  if (value.length === 11) {
    return isValidCpf(value)
      ? { ok: true, kind: "cpf", value }
      : { ok: false, message: DOCUMENT_MESSAGES.cpfInvalid };
  }
  if (value.length === 14) {
    return isValidCnpj(value)
      ? { ok: true, kind: "cnpj", value }
      : { ok: false, message: DOCUMENT_MESSAGES.cnpjInvalid };
  }
  return { ok: false, message: DOCUMENT_MESSAGES.length };
}
