import { Link } from "@react-email/components";
import { formatIsoDate } from "~/lib/format";
import { MailHeading, MailLayout, MailText } from "~/server/mail/layout";
import type { MailBrand } from "../brand.server";

export interface DigestSubscription {
  clientId: string;
  clientName: string;
  planName: string;
  endDate: string;
}
export interface DigestGroup {
  title: string;
  rows: DigestSubscription[];
}

export function renewalDigestSubject(total: number) {
  return total === 1 ? "1 assinatura precisa de atenção" : `${total} assinaturas precisam de atenção`;
}

/** Daily digest of subscriptions ending in 7, 3 and 1 days and those that ended yesterday. */
export function RenewalDigestMail({ brand, groups }: { brand: MailBrand; groups: DigestGroup[] }) {
  const total = groups.reduce((n, g) => n + g.rows.length, 0);
  return (
    <MailLayout
      preview={renewalDigestSubject(total)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Resumo diário enviado aos administradores. Nada é enviado nos dias sem assinaturas a vencer."
    >
      <MailHeading>Renovações</MailHeading>
      {groups
        .filter((g) => g.rows.length > 0)
        .map((g) => (
          <div key={g.title}>
            <MailText>
              <strong>{g.title}</strong>
            </MailText>
            {g.rows.map((r) => (
              <MailText key={`${g.title}-${r.clientId}-${r.endDate}`}>
                <Link href={brand.url(`/admin/clients/edit/${r.clientId}`)}>{r.clientName}</Link> ·{" "}
                {r.planName} · termina em {formatIsoDate(r.endDate)}
              </MailText>
            ))}
          </div>
        ))}
    </MailLayout>
  );
}
