import type { ClientMailBrand } from "../brand.server";
import { MailButton, MailText } from "~/server/mail/layout";

// What every e-mail to a client shares: the way into its own area, and how to reach
// the team, which is "reply" only when replies have somewhere to go (the support address).

/** The footer of a client's e-mail: why it arrived, and where a question goes. */
export function clientFooter(brand: ClientMailBrand): string {
  return brand.supportEmail
    ? "Você recebe este e-mail porque é nosso cliente. Em caso de dúvida, responda a esta mensagem."
    : "Você recebe este e-mail porque é nosso cliente. Em caso de dúvida, fale conosco pela Área do Cliente.";
}

/** "Acessar a área do cliente": /cliente/entrar with the address filled in. */
export function ClientAreaButton({ brand }: { brand: ClientMailBrand }) {
  return <MailButton href={brand.clientAreaUrl}>Acessar a área do cliente</MailButton>;
}

/** How to reach the team: reply (with a support address), the support e-mail, WhatsApp, the area. */
export function SupportText({ brand }: { brand: ClientMailBrand }) {
  return (
    <MailText>
      {brand.supportEmail ? (
        <>
          Dúvidas? Responda a este e-mail ou escreva para{" "}
          <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
        </>
      ) : (
        <>
          Dúvidas? Fale conosco pela <a href={brand.clientAreaUrl}>Área do Cliente</a>
        </>
      )}
      {brand.whatsappHref && (
        <>
          {" "}
          ou pelo <a href={brand.whatsappHref}>WhatsApp</a>
        </>
      )}
      .
    </MailText>
  );
}

/** "Para pagar, …" when a charge has no PIX code nor payment link. */
export function AskForPaymentData({ brand }: { brand: ClientMailBrand }) {
  return brand.supportEmail ? (
    <MailText>Para pagar, responda a este e-mail e enviaremos os dados de pagamento.</MailText>
  ) : (
    <MailText>
      Para pagar, fale conosco pela <a href={brand.clientAreaUrl}>Área do Cliente</a> e enviaremos os dados de
      pagamento.
    </MailText>
  );
}
