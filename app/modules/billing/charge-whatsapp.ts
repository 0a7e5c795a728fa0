import { formatIsoDate, formatMoney } from "~/lib/format";
import { whatsappLink } from "~/lib/whatsapp";

export interface ChargeMessageInput {
  clientName: string;
  number: string;
  amountCents: number;
  /** "YYYY-MM-DD" */
  dueDate: string;
  pixCode: string;
}

/** The pt-BR text an admin sends to ask for an open charge's payment. */
export function chargeWhatsappMessage(c: ChargeMessageInput): string {
  return (
    `Olá, ${c.clientName}! Segue a cobrança ${c.number} de ${formatMoney(c.amountCents)}, ` +
    `com vencimento em ${formatIsoDate(c.dueDate)}. PIX copia e cola: ${c.pixCode}`
  );
}

/** "Cobrar pelo WhatsApp": a wa.me link to the client's phone, or null when the phone has no digits. */
export function chargeWhatsappLink(phone: string, c: ChargeMessageInput): string | null {
  return whatsappLink(phone, chargeWhatsappMessage(c));
}
