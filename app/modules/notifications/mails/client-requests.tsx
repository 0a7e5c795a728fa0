import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { ClientMailBrand, MailBrand } from "../brand.server";
import { clientFooter } from "./client-common";
import { ClientAreaLink } from "./charge-mails";

/** The restaurants' requests from /cliente: to the admins, and the answer back. */

export interface NewRequestMailData {
  clientId: string;
  clientName: string;
  businessName: string;
  kindLabel: string;
  currentPlan: string;
  requestedPlan: string | null;
  /** None for an upgrade (no reason is asked). */
  reasonLabel: string | null;
  details: string;
}

export interface RequestAnswerMailData {
  clientName: string;
  kindLabel: string;
  accepted: boolean;
  /** What happens now ("O cancelamento vale ao fim do período: 10/03/2026."), accepted only. */
  effect: string | null;
  message: string;
}

export const newRequestSubject = (d: Pick<NewRequestMailData, "kindLabel" | "businessName">) =>
  `Nova solicitação de cliente: ${d.kindLabel} (${d.businessName})`;

export const requestAnswerSubject = (d: Pick<RequestAnswerMailData, "kindLabel" | "accepted">) =>
  `Sua solicitação de ${d.kindLabel.toLowerCase()} foi ${d.accepted ? "aceita" : "recusada"}`;

export function NewRequestMail({ brand, data }: { brand: MailBrand; data: NewRequestMailData }) {
  return (
    <MailLayout
      preview={newRequestSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque é administrador."
    >
      <MailHeading>{newRequestSubject(data)}</MailHeading>
      <MailText>
        Um cliente fez um pedido pela Área do Cliente. Nada muda até que alguém da equipe responda.
      </MailText>
      <MailFields
        rows={[
          ["Cliente", `${data.clientName} (${data.businessName})`],
          ["Pedido", data.kindLabel],
          ["Plano atual", data.currentPlan],
          ...(data.requestedPlan ? [["Plano pedido", data.requestedPlan] as [string, string]] : []),
          ...(data.reasonLabel ? [["Motivo", data.reasonLabel] as [string, string]] : []),
          ["Detalhes", data.details],
        ]}
      />
      <MailButton href={brand.url(`/admin/clients/edit/${data.clientId}`)}>Responder</MailButton>
      <MailText>Todas as solicitações: {brand.url("/admin/requests")}</MailText>
    </MailLayout>
  );
}

export function RequestAnswerMail({ brand, data }: { brand: ClientMailBrand; data: RequestAnswerMailData }) {
  return (
    <MailLayout
      preview={requestAnswerSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {data.clientName}!</MailHeading>
      <MailText>
        Sua solicitação de {data.kindLabel.toLowerCase()} foi {data.accepted ? "aceita" : "recusada"}.
        {data.effect ? ` ${data.effect}` : ""}
      </MailText>
      {data.message && <MailFields rows={[["Mensagem da nossa equipe", data.message]]} />}
      <ClientAreaLink brand={brand} />
    </MailLayout>
  );
}
