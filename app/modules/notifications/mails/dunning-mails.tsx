import { Link, Section } from "@react-email/components";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { ClientMailBrand, MailBrand } from "../brand.server";
import { AskForPaymentData, clientFooter } from "./client-common";
import { ClientAreaLink, PixCodeBox } from "./charge-mails";

/**
 * The reminder schedule's and the suspension's e-mails (decision 033).
 * "How to pay" is one block fed by one function (billing's chargePaymentOptions): today the
 * static PIX copia e cola; a provider's payment link shows as a button once it exists.
 */

export interface PaymentOptions {
  /** The PIX "copia e cola"; null while Configurações → Financeiro has no key. */
  pixCode: string | null;
  /** A payment page (a provider's link); null with the static PIX. */
  link: string | null;
  /** The provider is confirming a new amount and there is no static PIX meanwhile. */
  updating?: boolean;
}

export interface ChargeReminderData {
  clientName: string;
  businessName: string;
  number: string;
  amountCents: number;
  /** The effective due date: the next business day when the charge falls due on a day off. */
  dueDate: string;
  /** "vence em 3 dias", "vence hoje", "venceu há 7 dias". */
  label: string;
  pay: PaymentOptions;
}

export interface SuspensionMailData {
  clientId: string;
  clientName: string;
  businessName: string;
  planName: string;
  number: string;
  amountCents: number;
  dueDate: string;
  daysOverdue: number;
  pay: PaymentOptions;
}

export function chargeReminderSubject(d: Pick<ChargeReminderData, "number" | "amountCents" | "label">) {
  return `Lembrete: a cobrança ${d.number} (${formatMoney(d.amountCents)}) ${d.label}`;
}

export function subscriptionSuspendedSubject(d: Pick<SuspensionMailData, "businessName">) {
  return `Assinatura suspensa: ${d.businessName}`;
}

export function subscriptionSuspendedAdminSubject(d: Pick<SuspensionMailData, "clientName" | "daysOverdue">) {
  return `Assinatura suspensa por atraso: ${d.clientName} (${d.daysOverdue} dias)`;
}

/** How to pay: the provider's link when there is one, then the PIX copia e cola. */
export function HowToPay({ pay, brand }: { pay: PaymentOptions; brand: ClientMailBrand }) {
  if (!pay.link && !pay.pixCode)
    return pay.updating ? (
      <MailText>
        Atualizando a forma de pagamento: o código PIX com o valor atual aparece na Área do Cliente em
        instantes.
      </MailText>
    ) : (
      <AskForPaymentData brand={brand} />
    );
  return (
    <Section style={{ margin: "8px 0 0" }}>
      {pay.link && <MailButton href={pay.link}>Pagar agora</MailButton>}
      {pay.pixCode && (
        <>
          <MailText>
            Pague com PIX usando o código &quot;copia e cola&quot; abaixo no app do seu banco.
          </MailText>
          <PixCodeBox code={pay.pixCode} />
        </>
      )}
    </Section>
  );
}

/** A step of the reminder schedule, to the client. */
export function ChargeReminderMail({ brand, data }: { brand: ClientMailBrand; data: ChargeReminderData }) {
  return (
    <MailLayout
      preview={chargeReminderSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {data.clientName}!</MailHeading>
      <MailText>
        Lembrete: a cobrança {data.number} de {data.businessName} {data.label}. Se você já pagou, desconsidere
        este e-mail.
      </MailText>
      <MailFields
        rows={[
          ["Cobrança", data.number],
          ["Valor", formatMoney(data.amountCents)],
          ["Vencimento", formatIsoDate(data.dueDate)],
        ]}
      />
      <HowToPay pay={data.pay} brand={brand} />
      <ClientAreaLink brand={brand} />
    </MailLayout>
  );
}

/** The subscription was suspended: to the client, with how to pay to reactivate it. */
export function SubscriptionSuspendedMail({
  brand,
  data,
}: {
  brand: ClientMailBrand;
  data: SuspensionMailData;
}) {
  return (
    <MailLayout
      preview={subscriptionSuspendedSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {data.clientName}!</MailHeading>
      <MailText>
        A assinatura {data.planName} de {data.businessName} foi suspensa porque a cobrança {data.number} está
        vencida há {data.daysOverdue} dias. Assim que o pagamento for registrado, a assinatura volta a ficar
        ativa.
      </MailText>
      <MailFields
        rows={[
          ["Cobrança", data.number],
          ["Valor", formatMoney(data.amountCents)],
          ["Vencimento", formatIsoDate(data.dueDate)],
        ]}
      />
      <HowToPay pay={data.pay} brand={brand} />
      <ClientAreaLink brand={brand} />
    </MailLayout>
  );
}

/** The subscription was suspended: to the admins. */
export function SubscriptionSuspendedAdminMail({
  brand,
  data,
}: {
  brand: MailBrand;
  data: SuspensionMailData;
}) {
  return (
    <MailLayout
      preview={subscriptionSuspendedAdminSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Aviso enviado aos administradores."
    >
      <MailHeading>Assinatura suspensa</MailHeading>
      <MailText>
        <Link href={brand.url(`/admin/clients/edit/${data.clientId}`)}>{data.clientName}</Link> (
        {data.businessName}): a assinatura {data.planName} foi suspensa porque a cobrança {data.number} (
        {formatMoney(data.amountCents)}, vencimento {formatIsoDate(data.dueDate)}) está vencida há{" "}
        {data.daysOverdue} dias.
      </MailText>
    </MailLayout>
  );
}
