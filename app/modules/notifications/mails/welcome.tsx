import { MailButton, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export const WELCOME_SUBJECT = "Bem-vindo ao programa de representantes";

/** Welcome: to a representative right after they register. */
export function WelcomeMail({ brand, name }: { brand: MailBrand; name: string }) {
  return (
    <MailLayout
      preview="Seu cadastro de representante está pronto."
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque se cadastrou como representante no nosso site."
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        Seu cadastro no programa de representantes da {brand.company} está pronto. A cada venda concluída a
        partir das suas indicações, você recebe uma comissão.
      </MailText>
      <MailText>
        Como começar: entre no portal, cadastre sua primeira indicação e use os materiais de divulgação
        prontos para compartilhar.
      </MailText>
      <MailButton href={brand.url("/representante/login")}>Entrar no portal</MailButton>
    </MailLayout>
  );
}
