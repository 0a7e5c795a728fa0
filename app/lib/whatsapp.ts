import { digitsOnly, normalizePhone } from "./phone";

export const WHATSAPP_DEFAULT_MESSAGE =
  "Olá! Tenho interesse em contratar um cardápio digital para o meu negócio. Pode me ajudar?";

/**
 * SPEC §9: digits only; prefix 55 when absent and the number has at least 10 digits.
 * Returns null when there are no digits at all ('Número de telefone inválido').
 */
export function whatsappNumber(phone: string): string | null {
  // A number normalizePhone understands (stored digits, "+55 11 …", "(11) …") is national digits.
  const national = normalizePhone(phone);
  if (national) return `55${national}`;
  const d = digitsOnly(phone);
  if (!d) return null;
  // 10–11 digits is a national number (DDD + line): the country code is absent. Deciding by
  // length, not by a leading "55", keeps numbers from DDD 55 (RS) right.
  if (d.length === 10 || d.length === 11) return `55${d}`;
  return d;
}

export function whatsappLink(phone: string, message?: string): string | null {
  const n = whatsappNumber(phone);
  if (!n) return null;
  return `https://wa.me/${n}${message ? `?text=${encodeURIComponent(message)}` : ""}`;
}
