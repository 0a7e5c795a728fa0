import { MailButton, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export const RESET_PASSWORD_SUBJECT = "Redefinição de senha";
/** Shown in the mail log instead of the link once the message is delivered. */
export const REDACTED_LINK = "(link removido do registro após o envio)";

/** Password reset (admins and representatives): the single-use link, valid for 1 hour. */
export function ResetPasswordMail({ brand, name, link }: { brand: MailBrand; name: string; link: string }) {
  return (
    <MailLayout
      preview="Use o link para escolher uma nova senha. Ele vale por 1 hora."
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Se você não pediu para redefinir a senha, ignore este e-mail: sua senha continua a mesma."
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        Recebemos um pedido para redefinir a senha da sua conta. O link abaixo vale por 1 hora e só pode ser
        usado uma vez. Ao escolher a nova senha, todas as sessões abertas da conta são encerradas.
      </MailText>
      {link === REDACTED_LINK ? (
        <MailText>{link}</MailText>
      ) : (
        <MailButton href={link}>Escolher nova senha</MailButton>
      )}
      {link !== REDACTED_LINK && <MailText>Se o botão não funcionar, copie este endereço: {link}</MailText>}
    </MailLayout>
  );
}
