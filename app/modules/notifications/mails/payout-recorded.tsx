import { formatIsoDate, formatMoney } from "~/lib/format";
import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export interface PayoutRecordedData {
  representativeName: string;
  amountCents: number;
  paidOn: string;
  methodLabel: string;
  reference: string | null;
  commissions: number;
}

export function payoutRecordedSubject(d: Pick<PayoutRecordedData, "amountCents">) {
  return `Pagamento de comissões registrado: ${formatMoney(d.amountCents)}`;
}

/** A payout was recorded: to the representative it pays. */
export function PayoutRecordedMail({ brand, data }: { brand: MailBrand; data: PayoutRecordedData }) {
  return (
    <MailLayout
      preview={payoutRecordedSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque é representante cadastrado e recebeu um pagamento de comissões."
    >
      <MailHeading>Olá, {data.representativeName}!</MailHeading>
      <MailText>Registramos um pagamento das suas comissões.</MailText>
      <MailFields
        rows={[
          ["Valor", formatMoney(data.amountCents)],
          ["Data do pagamento", formatIsoDate(data.paidOn)],
          ["Forma", data.methodLabel],
          ["Referência", data.reference ?? ""],
          ["Comissões pagas", String(data.commissions)],
        ]}
      />
      <MailButton href={brand.url("/representante/comissoes")}>Ver meu extrato</MailButton>
    </MailLayout>
  );
}
