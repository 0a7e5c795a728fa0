import { z } from "~/lib/zod";
import { normalizePhone } from "~/lib/phone";
import { CONTACT_LIMITS as L } from "./contact.options";

export const CONTACT_MESSAGES = {
  name: "Informe seu nome completo.",
  business: "Informe o nome do seu negócio.",
  phone: "Informe seu WhatsApp com DDD.",
  phoneInvalid: "Informe um WhatsApp válido com DDD, por exemplo (11) 99999-9999.",
  email: "Informe seu e-mail.",
  emailInvalid: "Informe um e-mail válido.",
  plan: "Selecione um plano.",
  planInvalid: "Selecione um plano da lista.",
  formInvalid: "Verifique os campos destacados e tente novamente.",
} as const;

const tooLong = (max: number) => `Use no máximo ${max} caracteres.`;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));

/** SPEC §5: name, business, phone, email and plan required; message optional. */
export const ContactSchema = z.object({
  name: required(CONTACT_MESSAGES.name, L.name),
  business: required(CONTACT_MESSAGES.business, L.business),
  // Stored as the national digits ("11976543210"), whatever was typed ("+55 11 97654-3210").
  phone: required(CONTACT_MESSAGES.phone, L.phone)
    .refine((v) => normalizePhone(v) !== null, CONTACT_MESSAGES.phoneInvalid)
    .transform((v) => normalizePhone(v) ?? v),
  email: required(CONTACT_MESSAGES.email, L.email).pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  plan: required(CONTACT_MESSAGES.plan, L.plan),
  message: z
    .string()
    .trim()
    .max(L.message, tooLong(L.message))
    .optional()
    .transform((v) => v || null),
  // The optional WhatsApp box: ticked sends "1"; anything else is no.
  whatsappConsent: z
    .string()
    .max(10, tooLong(10))
    .optional()
    .transform((v) => v === "1"),
});

export type ContactInput = z.infer<typeof ContactSchema>;
