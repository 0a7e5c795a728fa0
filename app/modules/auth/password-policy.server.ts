import { dictionary } from "@zxcvbn-ts/language-common";
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.schema";

/**
 * The one password rule of every place that sets a password on the server (registration, and
 * the reset, invitation and change-password pages): 6 to 128 characters (the spec's minimum and
 * message) and not one of the most common passwords (decision 010).
 *
 * The list is zxcvbn-ts's `passwords-common` (about 49 000 passwords from leaked-password
 * frequency lists, maintained with zxcvbn-ts), plus a few Brazilian favourites it lacks. It is
 * server-only: a `.server` module, so it never reaches the browser bundle.
 */

/** Common in Brazil and missing from the international list (compared in lower case). */
const PT_BR_COMMON = [
  "mudar123",
  "brasil123",
  "senha1234",
  "senha12345",
  "corinthians",
  "palmeiras",
  "gremio",
  "saopaulo",
  "vasco123",
  "cruzeiro",
  "botafogo",
  "flamengo123",
  "cardapio",
  "cardapio123",
];

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set([...dictionary["passwords-common"], ...PT_BR_COMMON].map((p) => p.toLowerCase()));
  return common;
}

/** True for a password on the common-password list (case does not matter). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/**
 * The pt-BR message for a password that may not be set, or null when it may. Use it wherever a
 * password is chosen (a form field error) before calling the function that stores it.
 */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return AUTH_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  if (isCommonPassword(password)) return AUTH_MESSAGES.passwordCommon;
  return null;
}
