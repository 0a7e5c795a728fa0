import { formatMoney } from "~/lib/format";
import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

/** Money that does not match its charge, told to the admins (Financeiro → Divergências). */
export interface DivergenceMailData {
  kindLabel: string;
  /** What to do about it, in one sentence. */
  advice: string;
  chargeNumber: string;
  clientName: string;
  businessName: string;
  expectedCents: number;
  receivedCents: number;
  providerPaymentId: string | null;
}

export const DIVERGENCES_PATH = "/admin/billing/divergencias";

export function divergenceSubject(d: Pick<DivergenceMailData, "kindLabel" | "chargeNumber">) {
  return `Divergência no pagamento: ${d.kindLabel} (cobrança ${d.chargeNumber})`;
}

export function DivergenceAdminMail({ brand, data }: { brand: MailBrand; data: DivergenceMailData }) {
  return (
    <MailLayout
      preview={divergenceSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque é administrador."
    >
      <MailHeading>{data.kindLabel}</MailHeading>
      <MailText>{data.advice}</MailText>
      <MailFields
        rows={[
          ["Cobrança", data.chargeNumber],
          ["Cliente", `${data.clientName} (${data.businessName})`],
          ["Valor da cobrança", formatMoney(data.expectedCents)],
          ["Valor recebido", formatMoney(data.receivedCents)],
          ...(data.providerPaymentId
            ? ([["Pagamento no provedor", data.providerPaymentId]] as [string, string][])
            : []),
        ]}
      />
      <MailButton href={brand.url(DIVERGENCES_PATH)}>Ver divergências</MailButton>
    </MailLayout>
  );
}
