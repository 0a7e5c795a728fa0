import { Link } from "@react-email/components";
import { formatDateTime, formatIsoDate, formatWaited } from "~/lib/format";
import type { MailBrand } from "~/modules/notifications/index.server";
import { MailHeading, MailLayout, MailText } from "~/server/mail/layout";

// The onboarding's e-mails: two to the client, two alerts to the admins.

export function onboardingOpenedSubject(dueDate: string) {
  return `Pagamento confirmado — seu cardápio fica pronto até ${formatIsoDate(dueDate)}`;
}
export const ONBOARDING_PUBLISHED_SUBJECT = "Seu cardápio está no ar";

const CLIENT_FOOTER = "Você recebe este e-mail porque é cliente do nosso cardápio digital.";

export function OnboardingOpenedMail({
  brand,
  name,
  dueDate,
  dueDays,
}: {
  brand: MailBrand;
  name: string;
  dueDate: string;
  dueDays: number;
}) {
  return (
    <MailLayout
      preview={onboardingOpenedSubject(dueDate)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={CLIENT_FOOTER}
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        Recebemos o seu pagamento. A implantação do seu cardápio digital começou e fica pronta em até{" "}
        {dueDays} dias úteis: até {formatIsoDate(dueDate)}.
      </MailText>
      <MailText>Se ainda não nos enviou o seu cardápio, responda este e-mail com ele.</MailText>
    </MailLayout>
  );
}

export function OnboardingPublishedMail({ brand, name }: { brand: MailBrand; name: string }) {
  return (
    <MailLayout
      preview={ONBOARDING_PUBLISHED_SUBJECT}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={CLIENT_FOOTER}
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>Seu cardápio digital está no ar: seus clientes já podem acessá-lo e fazer pedidos.</MailText>
      <MailText>Qualquer dúvida, é só responder este e-mail.</MailText>
    </MailLayout>
  );
}

export function onboardingLateSubject(clientName: string) {
  return `Implantação atrasada: ${clientName}`;
}

export function OnboardingLateMail({
  brand,
  data,
}: {
  brand: MailBrand;
  data: { clientId: string; clientName: string; businessName: string; dueDate: string };
}) {
  return (
    <MailLayout
      preview={onboardingLateSubject(data.clientName)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Alerta enviado uma vez aos administradores quando uma implantação passa do prazo."
    >
      <MailHeading>Implantação atrasada</MailHeading>
      <MailText>
        A implantação de{" "}
        <Link href={brand.url(`/admin/clients/edit/${data.clientId}`)}>{data.clientName}</Link> (
        {data.businessName}) venceu em {formatIsoDate(data.dueDate)} e ainda não foi publicada.
      </MailText>
      <MailText>
        <Link href={brand.url("/admin/onboarding?saude=atrasada")}>Ver implantações atrasadas</Link>
      </MailText>
    </MailLayout>
  );
}

/** The subject says how long the lead has really waited when the alert leaves (the job may run late). */
export function leadStaleSubject(name: string, hoursWaiting: number) {
  return `Lead sem contato há ${formatWaited(hoursWaiting)}: ${name}`;
}

export function LeadStaleMail({
  brand,
  data,
}: {
  brand: MailBrand;
  data: { leadId: string; name: string; business: string; createdAt: Date; hoursWaiting: number };
}) {
  return (
    <MailLayout
      preview={leadStaleSubject(data.name, data.hoursWaiting)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Alerta enviado uma vez aos administradores: prometemos contato em até 24 horas."
    >
      <MailHeading>Lead ainda em “Novo”</MailHeading>
      <MailText>
        <Link href={brand.url(`/admin/leads/${data.leadId}`)}>{data.name}</Link> ({data.business}) chegou em{" "}
        {formatDateTime(data.createdAt)} e ainda não foi contatado. O prazo prometido é de 24 horas.
      </MailText>
    </MailLayout>
  );
}
