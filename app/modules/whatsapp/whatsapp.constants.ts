// Client-safe: the vocabulary of the WhatsApp channel (consent sources, message statuses) and the
// exact consent text a person is shown. The schema (app/db/schema/messaging.ts) checks these lists.

/** Where a consent came from: the client's own click, an admin recording one given elsewhere, or
 * a message the person sent us. */
export const WHATSAPP_CONSENT_SOURCES = ["area_do_cliente", "admin", "mensagem_recebida"] as const;
export type WhatsAppConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];

/** How a consent ended: the client's click, an admin, the person answering PARAR/SAIR, a newer
 * consent (another number) replacing it. */
export const WHATSAPP_WITHDRAWAL_SOURCES = [
  "area_do_cliente",
  "admin",
  "mensagem_recebida",
  "substituido",
] as const;
export type WhatsAppWithdrawalSource = (typeof WHATSAPP_WITHDRAWAL_SOURCES)[number];

export const WHATSAPP_CONSENT_SOURCE_LABELS: Record<WhatsAppConsentSource, string> = {
  area_do_cliente: "Área do Cliente",
  admin: "Registrado por um administrador",
  mensagem_recebida: "Mensagem recebida no WhatsApp",
};

export const WHATSAPP_WITHDRAWAL_SOURCE_LABELS: Record<WhatsAppWithdrawalSource, string> = {
  area_do_cliente: "Área do Cliente",
  admin: "Administrador",
  mensagem_recebida: "Resposta PARAR/SAIR no WhatsApp",
  substituido: "Substituído por um novo consentimento",
};

/** The words that withdraw consent when a person sends them (accents and case ignored). */
export const WHATSAPP_STOP_WORDS = ["PARAR", "SAIR", "PARE", "STOP", "CANCELAR"] as const;

/**
 * The text shown next to the opt-in, stored word for word with each consent (with the number in
 * place of {numero}): what the person agreed to is what the record says.
 */
export const WHATSAPP_CONSENT_TEXT =
  "Autorizo o CardápioDigital a me enviar pelo WhatsApp, no número {numero}, avisos de cobrança, " +
  "lembretes de vencimento, recibos de pagamento e avisos sobre o meu cardápio. Posso cancelar " +
  "quando quiser na Área do Cliente ou respondendo PARAR.";

export function consentTextFor(phoneLabel: string): string {
  return WHATSAPP_CONSENT_TEXT.replace("{numero}", phoneLabel);
}

/**
 * A WhatsApp message's delivery, in the order it can only move forward (a `read` never goes back
 * to `delivered`; a `delivered` after a `failed` means it did arrive, on another device).
 */
export const WHATSAPP_STATUS_RANK = {
  pendente: 0,
  sem_whatsapp: 0,
  enviado: 1,
  falhou: 2,
  entregue: 3,
  lido: 4,
} as const;

export const WHATSAPP_MESSAGES = {
  noConsent: "Este cliente não autorizou mensagens pelo WhatsApp.",
  invalidPhone: "Número de WhatsApp inválido.",
  consentRecorded: "Consentimento para WhatsApp registrado.",
  consentWithdrawn: "Consentimento para WhatsApp retirado.",
  invalidPreference: "Escolha por onde receber os avisos: e-mail, WhatsApp ou os dois.",
  phoneChanged:
    "O número para o WhatsApp é o telefone do seu cadastro, e ele mudou ou não é um celular: confira o telefone e tente de novo.",
  sourceNoteTooLong: "Descreva a origem em até 500 caracteres.",
  preferenceSaved: "Preferência de canal salva.",
  clientNotFound: "Cliente não encontrado.",
  sourceNoteRequired: "Diga onde e como o cliente autorizou (ex.: conversa por telefone em 10/04).",
} as const;
