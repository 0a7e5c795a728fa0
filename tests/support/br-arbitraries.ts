import fc from "fast-check";
import { cnpjCheckDigits, cpfCheckDigits } from "~/lib/br-documents";

// fast-check generators of valid Brazilian documents and PIX keys, in their stored forms.

/** One character repeated is never issued ("000.000.000-00"), whatever its check digits say. */
export const notRepeated = (s: string) => !/^(.)\1*$/.test(s);

export const digitString = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(""));

export const alphanumericString = (n: number) =>
  fc
    .array(fc.constantFrom(..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".split("")), {
      minLength: n,
      maxLength: n,
    })
    .map((a) => a.join(""));

/** 11 digits with valid check digits. */
export const validCpf = digitString(9)
  .filter(notRepeated)
  .map((base) => base + cpfCheckDigits(base));

/** 14 characters, the first 12 from 0–9/A–Z (numeric and alphanumeric CNPJs), valid check digits. */
export const validCnpj = alphanumericString(12)
  .filter(notRepeated)
  .map((base) => base + cnpjCheckDigits(base));

/** A PIX phone key: +55, a real DDD, a mobile line starting with 9. */
export const mobilePixKey = fc
  .tuple(fc.constantFrom("11", "21", "31", "41", "51", "61", "71", "81", "91"), digitString(8))
  .filter(([, line]) => notRepeated(`9${line}`))
  .map(([ddd, line]) => `+55${ddd}9${line}`);

/** A PIX e-mail key: lowercase, at most 77 characters (DICT). */
export const emailPixKey = fc
  .emailAddress()
  .map((e) => e.toLowerCase())
  .filter((e) => e.length <= 77 && /^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@/.test(e));

/** Any PIX key as parsePixKey returns it. */
export const pixKey = fc.oneof(validCpf, validCnpj, mobilePixKey, fc.uuid(), emailPixKey);
