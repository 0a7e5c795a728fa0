import { Link } from "@react-email/components";
import { formatDateTime } from "~/lib/format";
import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export interface LeadAlertData {
  name: string;
  business: string;
  phone: string;
  whatsapp: string | null;
  email: string;
  plan: string;
  message: string | null;
  isRepresentative: boolean;
  createdAt: Date;
  attribution: [label: string, value: string][];
  leadUrl: string;
}

export function leadAlertSubject(lead: Pick<LeadAlertData, "name" | "business">) {
  return `Novo lead: ${lead.name} (${lead.business})`;
}

/** Novo lead: to every active admin and the extra addresses in settings. */
export function LeadAlertMail({ brand, lead }: { brand: MailBrand; lead: LeadAlertData }) {
  return (
    <MailLayout
      preview={`${lead.name} (${lead.business}) pediu contato pelo site.`}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque é administrador do site ou foi cadastrado em Configurações → Notificações."
    >
      <MailHeading>Novo lead recebido</MailHeading>
      <MailText>
        {lead.isRepresentative ? "Alguém quer ser representante: " : "Um novo contato chegou pelo site em "}
        {formatDateTime(lead.createdAt)}. Responda em até 24 horas, como prometemos na página.
      </MailText>
      <MailFields
        rows={[
          ["Nome", lead.name],
          ["Negócio", lead.business],
          [
            "Telefone",
            lead.whatsapp ? <Link href={lead.whatsapp}>{lead.phone} (WhatsApp)</Link> : lead.phone,
          ],
          [
            "E-mail",
            // A representative's referral has no e-mail.
            lead.email ? (
              <Link key="e" href={`mailto:${lead.email}`}>
                {lead.email}
              </Link>
            ) : (
              "Não informado (indicação)"
            ),
          ],
          ["Plano", lead.plan],
          ["Mensagem", lead.message],
        ]}
      />
      {lead.attribution.length > 0 && (
        <>
          <MailText>Origem do contato:</MailText>
          <MailFields rows={lead.attribution} />
        </>
      )}
      <MailButton href={lead.leadUrl}>Abrir no funil de leads</MailButton>
    </MailLayout>
  );
}
