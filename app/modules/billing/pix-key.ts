import { formatCnpj, formatCpf, isValidCnpj, isValidCpf, onlyDocumentChars } from "~/lib/br-documents";
import { digitsOnly, formatPhone, normalizePhone } from "~/lib/phone";

/**
 * The company's PIX key, typed by an admin in Settings → Financeiro, validated by type and
 * written the way the DICT (the Central Bank's key directory) stores it, which is also how it goes
 * into the BR Code (Manual de Padrões para Iniciação do Pix, "Formatação das chaves"):
 * CPF/CNPJ without punctuation, e-mail in lowercase, phone as +55DDDNUMBER, random key (EVP)
 * as a lowercase UUID. Client-safe: no server imports.
 */

export const PIX_KEY_TYPES = ["cpf", "cnpj", "email", "telefone", "aleatoria"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

export const pixLabels: Record<PixKeyType, string> = {
  cpf: "CPF",
  cnpj: "CNPJ",
  email: "E-mail",
  telefone: "Telefone",
  aleatoria: "Chave aleatória",
};

export const PIX_KEY_MESSAGES = {
  required: "Informe a chave PIX.",
  cpf: "CPF inválido.",
  cnpj: "CNPJ inválido.",
  email: "E-mail inválido.",
  phone: "Telefone deve estar no formato +55 com DDD.",
  mobile: "A chave PIX de telefone é um celular: +55, DDD e 9 dígitos começando por 9.",
  random: "Chave aleatória inválida: use os 36 caracteres, como 123e4567-e89b-12d3-a456-426614174000.",
  unknown: "Chave PIX inválida: use CPF, CNPJ, e-mail, telefone (+55) ou chave aleatória.",
} as const;

export type ParsedPixKey = { ok: true; type: PixKeyType; key: string } | { ok: false; message: string };

/** DICT: an e-mail key has at most 77 characters. */
const EMAIL_MAX = 77;
// The DICT's own pattern for e-mail keys (local part of RFC 5322 "atext" and dots, a domain of
// labels), with at least one dot in the domain since a key must be deliverable.
const EMAIL =
  /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const fail = (message: string): ParsedPixKey => ({ ok: false, message });

/** A Brazilian mobile number's 11 national digits (DDD + 9XXXXXXXX), or null. */
function mobileDigits(national: string): string | null {
  const n = normalizePhone(national);
  return n !== null && n === national && n.length === 11 ? n : null;
}

function parsePhone(digits: string): ParsedPixKey {
  if (!digits.startsWith("55") || (digits.length !== 12 && digits.length !== 13))
    return fail(PIX_KEY_MESSAGES.phone);
  const national = digits.slice(2);
  if (normalizePhone(national) !== national) return fail(PIX_KEY_MESSAGES.phone);
  const mobile = mobileDigits(national);
  return mobile ? { ok: true, type: "telefone", key: `+55${mobile}` } : fail(PIX_KEY_MESSAGES.mobile);
}

/**
 * Reads a PIX key of any type. The shape decides the type, as in the banks' apps: "@" is an
 * e-mail, a leading "+" (or a "(DD)" area code) a phone, 36 hexadecimal characters with hyphens
 * a random key, 11 digits a CPF and 14 characters a CNPJ (alphanumeric ones included).
 *
 * Eleven bare digits are a CPF even when they could also be a mobile number: the DICT tells them
 * apart only by the phone's "+55", so a phone typed without it is refused with a message that
 * asks for it (when it is not also a valid CPF). Parsing a parsed key gives the same key.
 */
export function parsePixKey(raw: string): ParsedPixKey {
  const input = raw.trim();
  if (input === "") return fail(PIX_KEY_MESSAGES.required);

  if (input.includes("@")) {
    const email = input.toLowerCase();
    return email.length <= EMAIL_MAX && EMAIL.test(email)
      ? { ok: true, type: "email", key: email }
      : fail(PIX_KEY_MESSAGES.email);
  }

  const compact = input.replace(/\s/g, "").toLowerCase();
  if (EVP.test(compact)) return { ok: true, type: "aleatoria", key: compact };
  if (/^[0-9a-f]{32}$/.test(compact)) {
    // The same UUID without its hyphens (some apps copy it that way).
    const c = compact;
    return {
      ok: true,
      type: "aleatoria",
      key: `${c.slice(0, 8)}-${c.slice(8, 12)}-${c.slice(12, 16)}-${c.slice(16, 20)}-${c.slice(20)}`,
    };
  }
  // Hexadecimal groups joined by hyphens but not the 8-4-4-4-12 of a UUID: a random key cut or
  // mistyped while copying.
  if (/^[0-9a-f]+(-[0-9a-f]+){2,}$/.test(compact) && compact.length >= 20)
    return fail(PIX_KEY_MESSAGES.random);

  if (input.startsWith("+")) {
    if (!/^\+[\d\s().-]+$/.test(input)) return fail(PIX_KEY_MESSAGES.phone);
    return parsePhone(digitsOnly(input));
  }
  // "(11) 98765-4321", "11 98765-4321", "55 11 98765-4321": phone shapes no CPF or CNPJ has.
  const phoneDigits = digitsOnly(input);
  if (
    /^[\d\s().-]+$/.test(input) &&
    (/[()]/.test(input) || /^\d{2}\s/.test(input)) &&
    phoneDigits.length >= 10 &&
    phoneDigits.length <= 13
  ) {
    return parsePhone(phoneDigits.length <= 11 ? `55${phoneDigits}` : phoneDigits);
  }

  const doc = onlyDocumentChars(input);
  if (/^\d{11}$/.test(doc)) {
    if (isValidCpf(doc)) return { ok: true, type: "cpf", key: doc };
    // Not a CPF, but a mobile number without its country code: ask for the +55.
    if (/^\d+$/.test(input) && mobileDigits(doc)) return fail(PIX_KEY_MESSAGES.phone);
    return fail(PIX_KEY_MESSAGES.cpf);
  }
  if (/^[0-9A-Z]{12}\d{2}$/.test(doc)) {
    return isValidCnpj(doc) ? { ok: true, type: "cnpj", key: doc } : fail(PIX_KEY_MESSAGES.cnpj);
  }
  if (/^\d{12,13}$/.test(doc) && doc.startsWith("55")) return parsePhone(doc);
  return fail(PIX_KEY_MESSAGES.unknown);
}

/** A stored key shown to people: CPF and CNPJ with their masks, the phone as "+55 (11) 98765-4321". */
export function formatPixKey(type: PixKeyType, key: string): string {
  switch (type) {
    case "cpf":
      return formatCpf(key);
    case "cnpj":
      return formatCnpj(key);
    case "telefone":
      return key.startsWith("+55") ? `+55 ${formatPhone(key.slice(3))}` : key;
    default:
      return key;
  }
}
