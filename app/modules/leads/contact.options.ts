// Client-safe constants of the contact form (no zod here: the public bundle stays small).

/** Select values besides a plan id (SPEC §2). */
export const PLAN_UNSURE = "unsure";
export const PLAN_REPRESENTATIVE = "representative";

/** What the select shows and what the lead stores for the two special values (SPEC §3: readable). */
export const PLAN_UNSURE_LABEL = "Ainda não sei qual plano escolher";
export const PLAN_REPRESENTATIVE_LABEL = "Quero ser representante";

/** Honeypot: a field people never see; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "website";

export const CONTACT_LIMITS = {
  name: 120,
  business: 120,
  phone: 20,
  email: 254,
  plan: 64,
  message: 2000,
} as const;

export const CONTACT_TOASTS = {
  success: "Mensagem enviada com sucesso! Em breve entraremos em contato.",
  failure: "Erro ao enviar mensagem. Por favor, tente novamente.",
} as const;

/** The optional opt-in box: the team may answer through the WhatsApp API (decision 044). */
export const LEAD_WHATSAPP_CONSENT_TEXT =
  "Aceito receber o retorno da equipe do CardápioDigital pelo WhatsApp, no número informado acima.";

export const CONTACT_FIELDS = [
  "name",
  "business",
  "phone",
  "email",
  "plan",
  "message",
  "whatsappConsent",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;
