import { Img, Link } from "@react-email/components";
import type { ReactNode } from "react";
import { formatDateTime, formatIsoDate, formatWaited } from "~/lib/format";
import {
  ClientAreaButton,
  clientFooter,
  SupportText,
  type ClientMailBrand,
  type MailBrand,
} from "~/modules/notifications/index.server";
import { MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";

// The onboarding's e-mails: two to the client (answerable only with a support address: a
// reply to the no-reply sender would be lost), two alerts to the admins.

export function onboardingOpenedSubject(dueDate: string) {
  return `Pagamento confirmado — seu cardápio fica pronto até ${formatIsoDate(dueDate)}`;
}
export const ONBOARDING_PUBLISHED_SUBJECT = "Seu cardápio está no ar";

/** The Content-ID the "no ar" HTML points the menu's QR Code at (`cid:…`). */
export const MENU_QR_CID = "menu-qr@implantacao";

export function OnboardingOpenedMail({
  brand,
  name,
  dueDate,
  dueDays,
}: {
  brand: ClientMailBrand;
  name: string;
  dueDate: string;
  dueDays: number;
}) {
  return (
    <MailLayout
      preview={onboardingOpenedSubject(dueDate)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {name}!</MailHeading>
      <MailText>
        Recebemos o seu pagamento. A implantação do seu cardápio digital começou e fica pronta em até{" "}
        {dueDays} dias úteis: até {formatIsoDate(dueDate)}.
      </MailText>
      <MailText>
        {brand.supportEmail
          ? "Se ainda não nos enviou o seu cardápio, responda este e-mail com ele ou envie pela Área do Cliente."
          : "Se ainda não nos enviou o seu cardápio, envie pela Área do Cliente, onde você também acompanha a implantação."}
      </MailText>
      <ClientAreaButton brand={brand} />
      <SupportText brand={brand} />
    </MailLayout>
  );
}

export interface PublishedMailData {
  name: string;
  menuUrl: string;
  androidUrl: string | null;
  iosUrl: string | null;
}

/** "Seu cardápio está no ar": the menu's address and QR Code (inline CID image), the apps, help. */
export function OnboardingPublishedMail({
  brand,
  data,
}: {
  brand: ClientMailBrand;
  data: PublishedMailData;
}) {
  return (
    <MailLayout
      preview={ONBOARDING_PUBLISHED_SUBJECT}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {data.name}!</MailHeading>
      <MailText>Seu cardápio digital está no ar: seus clientes já podem acessá-lo e fazer pedidos.</MailText>
      <MailFields rows={[["Endereço do cardápio", <Link href={data.menuUrl}>{data.menuUrl}</Link>]]} />
      <MailText>
        Imprima o QR Code abaixo para as mesas e o balcão: quem aponta a câmera do celular abre o cardápio.
      </MailText>
      <Img src={`cid:${MENU_QR_CID}`} alt="QR Code do cardápio" width={200} height={200} />
      {(data.androidUrl || data.iosUrl) && (
        <MailFields
          rows={[
            ...(data.androidUrl
              ? [
                  ["App Android", <Link href={data.androidUrl}>{data.androidUrl}</Link>] as [
                    string,
                    ReactNode,
                  ],
                ]
              : []),
            ...(data.iosUrl
              ? [["App iOS", <Link href={data.iosUrl}>{data.iosUrl}</Link>] as [string, ReactNode]]
              : []),
          ]}
        />
      )}
      <MailText>O endereço, o QR Code e os apps também ficam na Área do Cliente.</MailText>
      <ClientAreaButton brand={brand} />
      <SupportText brand={brand} />
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
