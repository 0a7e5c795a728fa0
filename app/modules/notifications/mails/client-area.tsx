import { MailButton, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { ClientMailBrand } from "../brand.server";
import { REDACTED_LINK } from "./reset-password";

export const CLIENT_LINK_SUBJECT = "Seu link de acesso à Área do Cliente";

/** The restaurant's sign-in link: single use, valid for 15 minutes. */
export function ClientLinkMail({
  brand,
  name,
  link,
}: {
  brand: ClientMailBrand;
  name: string;
  link: string;
}) {
  return (
    <MailLayout
      preview="Use o link para entrar na Área do Cliente. Ele vale por 15 minutos."
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Se você não pediu este link, ignore este e-mail: ninguém entra sem ele."
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        Use o link abaixo para entrar na Área do Cliente, onde você vê seu plano, suas cobranças e o andamento
        da implantação do seu cardápio. Ele vale por 15 minutos e só pode ser usado uma vez.
      </MailText>
      {link === REDACTED_LINK ? (
        <MailText>{link}</MailText>
      ) : (
        <MailButton href={link}>Entrar na Área do Cliente</MailButton>
      )}
      {link !== REDACTED_LINK && <MailText>Se o botão não funcionar, copie este endereço: {link}</MailText>}
    </MailLayout>
  );
}

export const CLIENT_EMAIL_CONFIRM_SUBJECT = "Confirme seu novo e-mail de acesso";
export const CLIENT_EMAIL_CHANGED_SUBJECT = "Seu e-mail de acesso foi alterado";

/** To the new address: the link that confirms it (valid 24 hours, single use). */
export function ClientEmailConfirmMail({
  brand,
  name,
  link,
}: {
  brand: ClientMailBrand;
  name: string;
  link: string;
}) {
  return (
    <MailLayout
      preview="Confirme o novo e-mail da Área do Cliente. O link vale por 24 horas."
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Se você não pediu esta troca, ignore este e-mail: nada muda sem a confirmação."
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        Recebemos um pedido para usar este endereço como e-mail de acesso à Área do Cliente. Confirme pelo
        link abaixo. Ele vale por 24 horas e só pode ser usado uma vez.
      </MailText>
      {link === REDACTED_LINK ? (
        <MailText>{link}</MailText>
      ) : (
        <MailButton href={link}>Confirmar novo e-mail</MailButton>
      )}
      {link !== REDACTED_LINK && <MailText>Se o botão não funcionar, copie este endereço: {link}</MailText>}
    </MailLayout>
  );
}

/** To the old address, once the new one is confirmed. */
export function ClientEmailChangedMail({
  brand,
  name,
  newEmail,
}: {
  brand: ClientMailBrand;
  name: string;
  newEmail: string;
}) {
  return (
    <MailLayout
      preview={`Seu e-mail de acesso agora é ${newEmail}.`}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={
        brand.supportEmail
          ? "Se não foi você, responda a este e-mail imediatamente."
          : "Se não foi você, fale conosco imediatamente pela Área do Cliente ou pelo nosso WhatsApp."
      }
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        O e-mail de acesso à Área do Cliente foi alterado para {newEmail}. As próximas cobranças e avisos vão
        para o novo endereço.
      </MailText>
    </MailLayout>
  );
}

export const CLIENT_EMAIL_IN_USE_SUBJECT = "Pedido para usar o seu e-mail em outro cadastro";

/**
 * To the owner of an address another client asked to use: that client was answered as for any
 * address, so the person who can act on it (this one) is told here, and nothing changed.
 */
export function ClientEmailInUseMail({ brand, name }: { brand: ClientMailBrand; name: string }) {
  return (
    <MailLayout
      preview="Alguém pediu para usar este e-mail em outro cadastro da Área do Cliente. Nada foi alterado."
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Se não foi você, ignore este e-mail: o seu acesso continua o mesmo."
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        Recebemos um pedido para usar este endereço como e-mail de acesso de outro cadastro na Área do
        Cliente. Como ele já é o e-mail de acesso do seu cadastro, nada foi alterado.
      </MailText>
      <MailText>
        Se foi você (por exemplo, para juntar dois cadastros), fale com a nossa equipe
        {brand.supportEmail ? " respondendo a este e-mail." : " pela Área do Cliente."}
      </MailText>
    </MailLayout>
  );
}
