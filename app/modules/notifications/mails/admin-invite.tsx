import { MailButton, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export const ADMIN_INVITE_SUBJECT = "Convite para o painel administrativo";
/** Shown in the mail log instead of the link once the message is delivered. */
export const REDACTED_INVITE_LINK = "(link removido do registro após o envio)";

/** An admin invitation: a single-use link, valid for 72 hours, to choose a password. */
export function AdminInviteMail({
  brand,
  name,
  invitedBy,
  link,
}: {
  brand: MailBrand;
  name: string;
  invitedBy: string;
  link: string;
}) {
  const redacted = link === REDACTED_INVITE_LINK;
  return (
    <MailLayout
      preview="Defina sua senha para acessar o painel. O link vale por 72 horas."
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Se você não esperava este convite, ignore este e-mail: nenhuma conta será ativada."
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        {invitedBy} convidou você para a equipe do painel administrativo. Use o link abaixo para escolher a
        sua senha. Ele vale por 72 horas e só pode ser usado uma vez.
      </MailText>
      {redacted ? <MailText>{link}</MailText> : <MailButton href={link}>Definir minha senha</MailButton>}
      {!redacted && <MailText>Se o botão não funcionar, copie este endereço: {link}</MailText>}
    </MailLayout>
  );
}
