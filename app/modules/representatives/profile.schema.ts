import { digitsOnly, normalizePhone } from "~/lib/phone";
import { z } from "~/lib/zod";
import { PIX_KEY_TYPES, type PixKeyType } from "./profile.constants";

export const PROFILE_MESSAGES = {
  phone: "Telefone inválido. Use DDD + número, por exemplo (11) 98765-4321.",
  pixKeyType: "Selecione o tipo da chave PIX.",
  pixKeyRequired: "Informe a chave PIX.",
  pixKeyTypeRequired: "Selecione o tipo da chave PIX informada.",
  pixKey: {
    cpf: "Chave PIX inválida: CPF com dígitos verificadores incorretos.",
    cnpj: "Chave PIX inválida: CNPJ com dígitos verificadores incorretos.",
    email: "Chave PIX inválida: e-mail incorreto.",
    telefone: "Chave PIX inválida: telefone incorreto (DDD + número).",
    aleatoria: "Chave PIX inválida: a chave aleatória tem o formato 123e4567-e89b-12d3-a456-426614174000.",
  } satisfies Record<PixKeyType, string>,
  document: "CPF/CNPJ inválido (confira os dígitos verificadores).",
  tooLong: "Máximo de 100 caracteres.",
  saved: "Dados de pagamento salvos.",
} as const;

/** CPF check digits (11 digits, not all equal). */
export function isValidCpf(value: string): boolean {
  const d = digitsOnly(value);
  if (d.length !== 11 || /^(\d)\1+$/.test(d)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(d[9]) && check(10) === Number(d[10]);
}

/** CNPJ check digits (14 digits, not all equal). */
export function isValidCnpj(value: string): boolean {
  const d = digitsOnly(value);
  if (d.length !== 14 || /^(\d)\1+$/.test(d)) return false;
  const check = (len: number) => {
    const weights =
      len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(d[i]), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === Number(d[12]) && check(13) === Number(d[13]);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The PIX key as stored: CPF/CNPJ/phone as digits, e-mail lower-case, random key lower-case; null if invalid. */
export function normalizePixKey(type: PixKeyType, key: string): string | null {
  const k = key.trim();
  switch (type) {
    case "cpf":
      return isValidCpf(k) && /^[\d.\-\s]+$/.test(k) ? digitsOnly(k) : null;
    case "cnpj":
      return isValidCnpj(k) && /^[\d./\-\s]+$/.test(k) ? digitsOnly(k) : null;
    case "email":
      return EMAIL.test(k) && k.length <= 77 ? k.toLowerCase() : null;
    case "telefone":
      return normalizePhone(k);
    case "aleatoria":
      return UUID.test(k) ? k.toLowerCase() : null;
  }
}

const text = z
  .string({ error: PROFILE_MESSAGES.tooLong })
  .trim()
  .max(100, PROFILE_MESSAGES.tooLong)
  .optional()
  .transform((v) => v ?? "");

/** "Dados de pagamento" on /representante/conta. Every field optional; what is given is validated. */
export const RepresentativeProfileSchema = z
  .object({
    phone: text,
    pixKeyType: z
      .union([z.enum(PIX_KEY_TYPES, { error: PROFILE_MESSAGES.pixKeyType }), z.literal("")], {
        error: PROFILE_MESSAGES.pixKeyType,
      })
      .optional()
      .transform((v) => (v ? v : null)),
    pixKey: text,
    document: text,
  })
  .transform((v, ctx) => {
    let phone: string | null = null;
    if (v.phone) {
      phone = normalizePhone(v.phone);
      if (!phone) ctx.addIssue({ code: "custom", path: ["phone"], message: PROFILE_MESSAGES.phone });
    }
    let pixKey: string | null = null;
    if (v.pixKey && !v.pixKeyType) {
      ctx.addIssue({ code: "custom", path: ["pixKeyType"], message: PROFILE_MESSAGES.pixKeyTypeRequired });
    } else if (v.pixKeyType && !v.pixKey) {
      ctx.addIssue({ code: "custom", path: ["pixKey"], message: PROFILE_MESSAGES.pixKeyRequired });
    } else if (v.pixKeyType && v.pixKey) {
      pixKey = normalizePixKey(v.pixKeyType, v.pixKey);
      if (!pixKey)
        ctx.addIssue({ code: "custom", path: ["pixKey"], message: PROFILE_MESSAGES.pixKey[v.pixKeyType] });
    }
    let document: string | null = null;
    if (v.document) {
      const d = digitsOnly(v.document);
      const ok = /^[\d./\-\s]+$/.test(v.document) && (isValidCpf(d) || isValidCnpj(d));
      if (ok) document = d;
      else ctx.addIssue({ code: "custom", path: ["document"], message: PROFILE_MESSAGES.document });
    }
    return { phone, pixKeyType: pixKey ? v.pixKeyType : null, pixKey, document };
  });
export type RepresentativeProfile = z.output<typeof RepresentativeProfileSchema>;
