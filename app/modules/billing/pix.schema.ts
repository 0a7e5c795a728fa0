import { z } from "~/lib/zod";
import { INVALID_TEXT_MESSAGE } from "~/modules/clients/clients.schema";
import { PIX_CITY_MAX, PIX_NAME_MAX, pixText } from "./pix-code";
import { PIX_KEY_MESSAGES, parsePixKey } from "./pix-key";

// Shared by the Settings → Financeiro form (browser) and its action (server).

export const PIX_SETTINGS_MESSAGES = {
  nameRequired: "Informe o nome do beneficiário.",
  nameTooLong: `O nome do beneficiário deve ter no máximo ${PIX_NAME_MAX} caracteres.`,
  nameNoLetters: "O nome do beneficiário precisa ter letras ou números.",
  cityRequired: "Informe a cidade.",
  cityTooLong: `A cidade deve ter no máximo ${PIX_CITY_MAX} caracteres.`,
  cityNoLetters: "A cidade precisa ter letras ou números.",
} as const;

/** The key as typed → the key as the BR Code carries it (see parsePixKey), or its pt-BR refusal. */
export const pixKeyField = z
  .string({ error: PIX_KEY_MESSAGES.required })
  .max(200, PIX_KEY_MESSAGES.unknown)
  .transform((raw, ctx) => {
    const parsed = parsePixKey(raw);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }
    return parsed.key;
  });

/**
 * A BR Code text field: required, at most `max` characters as typed (accented letters count one
 * each, as they do once the code strips the accents), and something left after that stripping
 * (a name made only of emoji would print an empty field). Stored as typed, so no NUL byte.
 */
const codeText = (max: number, m: { required: string; tooLong: string; noLetters: string }) =>
  z
    .string({ error: m.required })
    // A bound the fuzzer and the form can see; the exact limit is counted after NFC below.
    .max(max * 4, m.tooLong)
    .trim()
    .min(1, m.required)
    .refine((v) => [...v.normalize("NFC")].length <= max, m.tooLong)
    .refine((v) => !v.includes("\u0000"), INVALID_TEXT_MESSAGE)
    .refine((v) => pixText(v, max) !== "", m.noLetters);

/** Settings → Financeiro: the company's PIX key and the beneficiary shown to the payer. */
export const pixSettingsSchema = z.object({
  pixKey: pixKeyField,
  pixName: codeText(PIX_NAME_MAX, {
    required: PIX_SETTINGS_MESSAGES.nameRequired,
    tooLong: PIX_SETTINGS_MESSAGES.nameTooLong,
    noLetters: PIX_SETTINGS_MESSAGES.nameNoLetters,
  }),
  pixCity: codeText(PIX_CITY_MAX, {
    required: PIX_SETTINGS_MESSAGES.cityRequired,
    tooLong: PIX_SETTINGS_MESSAGES.cityTooLong,
    noLetters: PIX_SETTINGS_MESSAGES.cityNoLetters,
  }),
});
export type PixSettingsInput = z.input<typeof pixSettingsSchema>;
export type PixSettings = z.output<typeof pixSettingsSchema>;
