import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

/** What a restaurant sent for its menu from /cliente (decision 041): to the admins. */
export interface OnboardingSubmissionMailData {
  clientId: string;
  clientName: string;
  businessName: string;
  /** "Cardápio", "Horários de funcionamento"… */
  title: string;
  /** A file's name and size ("cardapio.pdf (1,2 MB)"), or what was typed. */
  detail: string;
  /** The checklist step it ticked, when it is one. */
  stepLabel: string | null;
}

export const onboardingSubmissionSubject = (
  d: Pick<OnboardingSubmissionMailData, "title" | "businessName">,
) => `Implantação: ${d.businessName} enviou ${d.title.toLowerCase()}`;

export function OnboardingSubmissionMail({
  brand,
  data,
}: {
  brand: MailBrand;
  data: OnboardingSubmissionMailData;
}) {
  return (
    <MailLayout
      preview={onboardingSubmissionSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque é administrador."
    >
      <MailHeading>{onboardingSubmissionSubject(data)}</MailHeading>
      <MailText>O cliente enviou pela Área do Cliente o que o cardápio precisa.</MailText>
      <MailFields
        rows={[
          ["Cliente", `${data.clientName} (${data.businessName})`],
          ["Envio", data.title],
          ["Conteúdo", data.detail],
          ...(data.stepLabel ? [["Checklist", `${data.stepLabel}: marcado`] as [string, string]] : []),
        ]}
      />
      <MailButton href={brand.url(`/admin/clients/edit/${data.clientId}`)}>Ver implantação</MailButton>
      <MailText>Todas as implantações: {brand.url("/admin/onboarding")}</MailText>
    </MailLayout>
  );
}
