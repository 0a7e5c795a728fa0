import { formatDateTime } from "~/lib/format";
import { MailButton, MailFields, MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export const DELETION_REQUEST_SUBJECT = "Pedido de exclusão de conta de representante";

/** A representative asked for their account's deletion (LGPD): to the admins. */
export function DeletionRequestMail({
  brand,
  data,
}: {
  brand: MailBrand;
  data: { name: string; email: string; requestedAt: Date; url: string };
}) {
  return (
    <MailLayout
      preview={`${data.name} pediu a exclusão da conta.`}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Você recebe este e-mail porque é administrador do site."
    >
      <MailHeading>Pedido de exclusão de conta</MailHeading>
      <MailText>
        Pedido de exclusão da própria conta (LGPD) feito no portal do representante. Confira os dados em
        Privacidade e anonimize-os para concluir o pedido.
      </MailText>
      <MailFields
        rows={[
          ["Representante", data.name],
          ["E-mail", data.email],
          ["Pedido em", formatDateTime(data.requestedAt)],
        ]}
      />
      <MailButton href={data.url}>Abrir Privacidade</MailButton>
    </MailLayout>
  );
}
