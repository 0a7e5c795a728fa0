import { Img, Section, Text } from "@react-email/components";
import { formatIsoDate, formatMoney } from "~/lib/format";
import { MAIL_COLORS, MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { ClientMailBrand } from "../brand.server";
import { AskForPaymentData, ClientAreaButton, clientFooter } from "./client-common";

/** The Content-ID the "Nova cobrança" HTML points its QR image at (`cid:…`). */
export const PIX_QR_CID = "pix-qr@cobranca";

export interface ChargeMailData {
  clientName: string;
  businessName: string;
  number: string;
  amountCents: number;
  dueDate: string;
  periodStart: string | null;
  periodEnd: string | null;
  lines: { description: string; amountCents: number }[];
  /** "Alterar valor": the lines add up to the subtotal, the total (amountCents) is this much less. */
  discountCents: number;
}

export interface ChargeIssuedData extends ChargeMailData {
  /** The PIX "copia e cola"; null while Configurações → Financeiro has no key. */
  pixCode: string | null;
  /** The payment provider's page (PIX, boleto or card), once the provider has the charge. */
  payLink?: string | null;
}

/** A charge's tax invoice, once authorised: its number and its PDF at the provider. */
export interface MailInvoice {
  number: string | null;
  pdfUrl: string;
}

export interface ChargePaidData extends ChargeMailData {
  /** The charge's tax invoice when already authorised; otherwise "Sua nota fiscal" follows. */
  invoice?: MailInvoice | null;
  /** "Dados da empresa": who issues the receipt (decision 042). */
  issuer: { legalName: string; cnpj: string; address: string };
  /** The client's CPF or CNPJ, masked; null when not on file. */
  clientDocument: string | null;
  paidOn: string;
  paidAmountCents: number;
  methodLabel: string;
}

/** The "Período" row of a subscription charge; none for a one-off charge. */
const periodRows = (d: ChargeMailData): [string, string][] =>
  d.periodStart && d.periodEnd
    ? [["Período", `${formatIsoDate(d.periodStart)} a ${formatIsoDate(d.periodEnd)}`]]
    : [];

/** Every charge e-mail points to the restaurant's own area: charges, PIX and receipts. */
export function ClientAreaLink({ brand }: { brand: ClientMailBrand }) {
  return (
    <>
      <MailText>
        Veja suas cobranças, o código PIX e os recibos na Área do Cliente (sem senha: enviamos um link de
        acesso ao seu e-mail).
      </MailText>
      <ClientAreaButton brand={brand} />
    </>
  );
}

export const CLIENT_AREA_PATH = "/cliente";

export function chargeIssuedSubject(d: Pick<ChargeMailData, "number" | "amountCents" | "dueDate">) {
  return `Nova cobrança ${d.number}: ${formatMoney(d.amountCents)}, vencimento ${formatIsoDate(d.dueDate)}`;
}

export function chargePaidSubject(d: Pick<ChargeMailData, "number">) {
  return `Pagamento recebido: cobrança ${d.number}`;
}

const lineStyle = { color: MAIL_COLORS.text, fontSize: 14, lineHeight: "20px", margin: "0 0 4px" };

/** Each line (the plan and its period, the activation fee, a one-off item), the discount, the total. */
function Lines({ data }: { data: ChargeMailData }) {
  return (
    <Section style={{ margin: "0 0 12px" }}>
      <Text style={{ color: MAIL_COLORS.muted, fontSize: 14, margin: "0 0 4px" }}>Itens:</Text>
      {data.lines.map((l, i) => (
        <Text key={i} style={lineStyle}>
          {`• ${l.description}: ${formatMoney(l.amountCents)}`}
        </Text>
      ))}
      {data.discountCents > 0 && (
        <Text style={lineStyle}>{`• Desconto: −${formatMoney(data.discountCents)}`}</Text>
      )}
      <Text style={{ ...lineStyle, fontWeight: 700 }}>{`Total: ${formatMoney(data.amountCents)}`}</Text>
    </Section>
  );
}

/** "PIX copia e cola:" and the code in a box that wraps: the one way every charge e-mail shows it. */
export function PixCodeBox({ code }: { code: string }) {
  return (
    <>
      <Text style={{ color: MAIL_COLORS.muted, fontSize: 14, margin: "12px 0 4px" }}>PIX copia e cola:</Text>
      <Text
        style={{
          backgroundColor: "#f1f5f9",
          borderRadius: 6,
          color: MAIL_COLORS.text,
          fontFamily: "monospace",
          fontSize: 13,
          margin: 0,
          padding: "8px 12px",
          wordBreak: "break-all",
        }}
      >
        {code}
      </Text>
    </>
  );
}

/** "Nova cobrança": to the client, with the PIX copia e cola and its QR as an inline (CID) image. */
export function ChargeIssuedMail({ brand, data }: { brand: ClientMailBrand; data: ChargeIssuedData }) {
  return (
    <MailLayout
      preview={chargeIssuedSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {data.clientName}!</MailHeading>
      <MailText>Emitimos uma nova cobrança para {data.businessName}.</MailText>
      <MailFields
        rows={[
          ["Cobrança", data.number],
          ["Valor", formatMoney(data.amountCents)],
          ...periodRows(data),
          ["Vencimento", formatIsoDate(data.dueDate)],
        ]}
      />
      <Lines data={data} />
      {data.payLink && (
        <>
          <MailText>Pague por PIX, boleto ou cartão na página de pagamento:</MailText>
          <MailButton href={data.payLink}>Pagar agora</MailButton>
        </>
      )}
      {data.pixCode ? (
        <Section style={{ margin: "8px 0 0" }}>
          <MailText>
            Pague com PIX: aponte a câmera do app do seu banco para o QR Code ou use o código &quot;copia e
            cola&quot; abaixo.
          </MailText>
          <Img src={`cid:${PIX_QR_CID}`} alt="QR Code do PIX" width={200} height={200} />
          <PixCodeBox code={data.pixCode} />
        </Section>
      ) : (
        !data.payLink && <AskForPaymentData brand={brand} />
      )}
      <ClientAreaLink brand={brand} />
    </MailLayout>
  );
}

/** "Pagamento recebido": the client's receipt of a paid charge. */
export function ChargePaidMail({ brand, data }: { brand: ClientMailBrand; data: ChargePaidData }) {
  return (
    <MailLayout
      preview={chargePaidSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {data.clientName}!</MailHeading>
      <MailText>
        Recebemos o pagamento da cobrança {data.number} de {data.businessName}. Obrigado! Este e-mail é o seu
        recibo.
      </MailText>
      <MailFields
        rows={[
          ["Emitente", data.issuer.legalName],
          ["CNPJ do emitente", data.issuer.cnpj],
          ["Endereço do emitente", data.issuer.address],
          ["Cliente", `${data.businessName} (${data.clientName})`],
          ...(data.clientDocument ? [["CPF/CNPJ do cliente", data.clientDocument] as [string, string]] : []),
          ["Cobrança", data.number],
          ["Valor pago", formatMoney(data.paidAmountCents)],
          ["Data do pagamento", formatIsoDate(data.paidOn)],
          ["Forma de pagamento", data.methodLabel],
          ...periodRows(data),
          ["Vencimento", formatIsoDate(data.dueDate)],
        ]}
      />
      <Lines data={data} />
      {data.invoice && <InvoiceLink invoice={data.invoice} />}
      <ClientAreaLink brand={brand} />
    </MailLayout>
  );
}

function InvoiceLink({ invoice }: { invoice: MailInvoice }) {
  return (
    <>
      <MailText>
        A nota fiscal de serviço{invoice.number ? ` nº ${invoice.number}` : ""} desta cobrança já foi emitida:
      </MailText>
      <MailButton href={invoice.pdfUrl}>Ver a nota fiscal</MailButton>
    </>
  );
}

export const invoiceMailSubject = (data: { number: string }) => `Sua nota fiscal da cobrança ${data.number}`;

/** "Sua nota fiscal": the note of a paid charge, authorised after its receipt went out. */
export function InvoiceIssuedMail({
  brand,
  data,
}: {
  brand: ClientMailBrand;
  data: { clientName: string; businessName: string; number: string; invoice: MailInvoice };
}) {
  return (
    <MailLayout
      preview={invoiceMailSubject(data)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer={clientFooter(brand)}
    >
      <MailHeading>Olá, {data.clientName}!</MailHeading>
      <MailText>
        A nota fiscal do pagamento da cobrança {data.number} de {data.businessName} foi emitida.
      </MailText>
      <InvoiceLink invoice={data.invoice} />
      <ClientAreaLink brand={brand} />
    </MailLayout>
  );
}
