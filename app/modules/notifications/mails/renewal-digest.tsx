import { Link } from "@react-email/components";
import { formatDateTime, formatIsoDate, formatMoney } from "~/lib/format";
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

/** An open lead's next contact, due today or overdue. */
export interface DigestFollowUp {
  leadId: string;
  name: string;
  business: string;
  nextContactAt: Date;
}
export interface DigestFollowUps {
  overdue: DigestFollowUp[];
  today: DigestFollowUp[];
}

export function renewalDigestSubject(total: number) {
  return total === 1 ? "1 assinatura precisa de atenção" : `${total} assinaturas precisam de atenção`;
}

function followUpsSubject(n: number) {
  return n === 1 ? "1 contato com lead para hoje" : `${n} contatos com leads para hoje`;
}

function onboardingsSubject(n: number) {
  return n === 1 ? "1 implantação atrasada ou em risco" : `${n} implantações atrasadas ou em risco`;
}

/**
 * The renewals' subject as before; the follow-ups (today's and overdue) and the onboardings late
 * or at risk added when there are any.
 */
export function dailyDigestSubject(
  renewals: number,
  followUps: number,
  onboardings = 0,
  suspensions = 0,
  divergences = 0,
) {
  const parts = [
    renewals || (!followUps && !onboardings && !suspensions && !divergences)
      ? renewalDigestSubject(renewals)
      : null,
    followUps ? followUpsSubject(followUps) : null,
    onboardings ? onboardingsSubject(onboardings) : null,
    suspensions ? suspensionsSubject(suspensions) : null,
    divergences ? divergencesSubject(divergences) : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} e ${parts.at(-1)}` : parts.join("");
}

function divergencesSubject(n: number) {
  return n === 1 ? "1 divergência de pagamento" : `${n} divergências de pagamento`;
}

/** A payment that does not match its charge, waiting for an admin (Financeiro → Divergências). */
export interface DigestDivergence {
  kindLabel: string;
  chargeNumber: string;
  clientName: string;
  expectedCents: number;
  receivedCents: number;
}

function suspensionsSubject(n: number) {
  return n === 1 ? "1 assinatura suspensa ou a suspender" : `${n} assinaturas suspensas ou a suspender`;
}

/** Subscriptions suspended for a late charge, and those that will be within a few days. */
export interface DigestSuspensions {
  suspended: DigestSuspensionLine[];
  aboutToSuspend: DigestSuspensionLine[];
}
interface DigestSuspensionLine {
  clientId: string;
  clientName: string;
  planName: string;
  chargeNumber: string | null;
  daysOverdue: number | null;
}

/** Open onboardings whose due date passed, or with at most 1 business day left. */
export interface DigestOnboardings {
  late: { clientId: string; clientName: string; dueDate: string }[];
  atRisk: { clientId: string; clientName: string; dueDate: string }[];
}

/**
 * Daily digest: subscriptions ending in 7, 3 and 1 days and those that ended yesterday, then the
 * leads to contact (overdue first, then today's).
 */
export function RenewalDigestMail({
  brand,
  groups,
  followUps = { overdue: [], today: [] },
  onboardings = { late: [], atRisk: [] },
  suspensions = { suspended: [], aboutToSuspend: [] },
  divergences = [],
}: {
  brand: MailBrand;
  groups: DigestGroup[];
  followUps?: DigestFollowUps;
  onboardings?: DigestOnboardings;
  suspensions?: DigestSuspensions;
  divergences?: DigestDivergence[];
}) {
  const suspensionGroups: [string, DigestSuspensionLine[]][] = [
    ["Suspensas", suspensions.suspended],
    ["Serão suspensas em breve", suspensions.aboutToSuspend],
  ];
  const suspensionCount = suspensions.suspended.length + suspensions.aboutToSuspend.length;
  const onboardingGroups: [string, DigestOnboardings["late"]][] = [
    ["Atrasadas", onboardings.late],
    ["Em risco (até 1 dia útil)", onboardings.atRisk],
  ];
  const onboardingCount = onboardings.late.length + onboardings.atRisk.length;
  const total = groups.reduce((n, g) => n + g.rows.length, 0);
  const contacts = followUps.overdue.length + followUps.today.length;
  const contactGroups: [string, DigestFollowUp[]][] = [
    ["Atrasados", followUps.overdue],
    ["Para hoje", followUps.today],
  ];
  return (
    <MailLayout
      preview={dailyDigestSubject(total, contacts, onboardingCount, suspensionCount, divergences.length)}
      company={brand.company}
      siteUrl={brand.siteUrl}
      footer="Resumo diário enviado aos administradores. Nada é enviado nos dias sem assinaturas a vencer nem contatos com leads nem implantações em risco nem assinaturas suspensas nem divergências de pagamento."
    >
      {total > 0 && <MailHeading>Renovações</MailHeading>}
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
      {contacts > 0 && <MailHeading>Próximos contatos com leads</MailHeading>}
      {contactGroups
        .filter(([, rows]) => rows.length > 0)
        .map(([title, rows]) => (
          <div key={title}>
            <MailText>
              <strong>{title}</strong>
            </MailText>
            {rows.map((r) => (
              <MailText key={`${title}-${r.leadId}`}>
                <Link href={brand.url(`/admin/leads/${r.leadId}`)}>{r.name}</Link> · {r.business} · contato em{" "}
                {formatDateTime(r.nextContactAt)}
              </MailText>
            ))}
          </div>
        ))}
      {onboardingCount > 0 && <MailHeading>Implantações</MailHeading>}
      {onboardingGroups
        .filter(([, rows]) => rows.length > 0)
        .map(([title, rows]) => (
          <div key={title}>
            <MailText>
              <strong>{title}</strong>
            </MailText>
            {rows.map((r) => (
              <MailText key={`${title}-${r.clientId}`}>
                <Link href={brand.url(`/admin/clients/edit/${r.clientId}`)}>{r.clientName}</Link> · prazo{" "}
                {formatIsoDate(r.dueDate)}
              </MailText>
            ))}
          </div>
        ))}
      {suspensionCount > 0 && <MailHeading>Assinaturas suspensas</MailHeading>}
      {suspensionGroups
        .filter(([, rows]) => rows.length > 0)
        .map(([title, rows]) => (
          <div key={title}>
            <MailText>
              <strong>{title}</strong>
            </MailText>
            {rows.map((r) => (
              <MailText key={`${title}-${r.clientId}-${r.chargeNumber}`}>
                <Link href={brand.url(`/admin/clients/edit/${r.clientId}`)}>{r.clientName}</Link> ·{" "}
                {r.planName}
                {r.chargeNumber ? ` · cobrança ${r.chargeNumber}` : ""}
                {r.daysOverdue !== null ? ` · vencida há ${r.daysOverdue} dias` : ""}
              </MailText>
            ))}
          </div>
        ))}
      {divergences.length > 0 && <MailHeading>Divergências de pagamento</MailHeading>}
      {divergences.map((d) => (
        <MailText key={`${d.chargeNumber}-${d.kindLabel}`}>
          <Link href={brand.url("/admin/billing/divergencias")}>{d.kindLabel}</Link> · cobrança{" "}
          {d.chargeNumber} · {d.clientName} · cobrado {formatMoney(d.expectedCents)}, recebido{" "}
          {formatMoney(d.receivedCents)}
        </MailText>
      ))}
    </MailLayout>
  );
}
