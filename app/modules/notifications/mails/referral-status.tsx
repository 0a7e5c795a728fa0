import { formatMoney } from "~/lib/format";
import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export interface ReferralStatusData {
  representativeName: string;
  businessName: string;
  statusLabel: string;
  completed: boolean;
  commissionCents: number | null;
  /** Why it changed, when the representative should know (a lost or resumed lead). */
  note?: string | null;
}

export function referralStatusSubject(d: Pick<ReferralStatusData, "businessName" | "statusLabel">) {
  return `Sua indicação ${d.businessName} agora está: ${d.statusLabel}`;
}

/** Referral status changed: to the representative who made the referral. */
export function ReferralStatusMail({ brand, data }: { brand: MailBrand; data: ReferralStatusData }) {
  return (
    <MailLayout
      preview={referralStatusSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque é representante cadastrado e fez esta indicação."
    >
      <MailHeading>Olá, {data.representativeName}!</MailHeading>
      <MailText>
        A indicação de <strong>{data.businessName}</strong> mudou de status.
      </MailText>
      {data.note && <MailText>{data.note}</MailText>}
      <MailFields
        rows={[
          ["Novo status", data.statusLabel],
          ...(data.completed && data.commissionCents !== null
            ? ([["Comissão ganha", formatMoney(data.commissionCents)]] as [string, string][])
            : []),
        ]}
      />
      {data.completed && <MailText>Parabéns pela venda concluída!</MailText>}
      <MailButton href={brand.url("/representante/indicacoes")}>Ver minhas indicações</MailButton>
    </MailLayout>
  );
}
