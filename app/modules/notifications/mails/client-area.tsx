import { MailButton, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";
import { REDACTED_LINK } from "./reset-password";

export const CLIENT_LINK_SUBJECT = "Seu link de acesso à Área do Cliente";

/** The restaurant's sign-in link (issue 32): single use, valid for 15 minutes. */
export function ClientLinkMail({ brand, name, link }: { brand: MailBrand; name: string; link: string }) {
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
