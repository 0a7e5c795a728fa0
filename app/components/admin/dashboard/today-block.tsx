import { Link } from "react-router";
import { Card } from "~/components/admin/ui";
import { formatDateTime, formatIsoDate, formatMoney, formatWaited } from "~/lib/format";
import { DIVERGENCE_KIND_LABELS } from "~/modules/billing/billing.schema";
import { CLIENT_REQUEST_KIND_LABELS } from "~/modules/client-requests/requests.constants";
import type { ExpiringSubscription } from "~/modules/clients/subscriptions.server";
import type { TodayBlock as TodayData } from "~/modules/dashboard/today.server";

const LINK = "font-medium text-brand-700 hover:underline";

/**
 * "Hoje", the dashboard's first block: what needs someone today, each item a
 * link to the page where it is done. Empty groups are left out; an empty block is one line.
 */
export function TodayBlock({ data, expiring }: { data: TodayData | null; expiring: ExpiringSubscription[] }) {
  const groups = data
    ? [
        data.followUps.length > 0 && <FollowUpsGroup key="f" rows={data.followUps} />,
        data.overdueCharges.length > 0 && (
          <OverdueChargesGroup key="o" rows={data.overdueCharges} total={data.overdueChargesTotal} />
        ),
        data.atRisk.length > 0 && <AtRiskGroup key="a" rows={data.atRisk} />,
        data.divergences.length > 0 && (
          <DivergencesGroup key="d" rows={data.divergences} total={data.divergencesTotal} />
        ),
        data.onboardings.length > 0 && <OnboardingsGroup key="i" rows={data.onboardings} />,
        data.requests.length > 0 && <RequestsGroup key="q" rows={data.requests} total={data.requestsTotal} />,
        data.newLeads.length > 0 && <NewLeadsGroup key="l" rows={data.newLeads} total={data.newLeadsTotal} />,
        data.referrals.length > 0 && (
          <ReferralsGroup key="r" rows={data.referrals} total={data.referralsTotal} />
        ),
        data.commissions.length > 0 && <CommissionsGroup key="c" rows={data.commissions} />,
        expiring.length > 0 && <EndingGroup key="s" rows={expiring} />,
      ].filter(Boolean)
    : [];
  return (
    <Card className="mb-6">
      <h2 id="hoje" className="text-lg font-semibold text-slate-900">
        Hoje
      </h2>
      {!data ? (
        <p className="mt-2 text-sm text-slate-600">Não foi possível carregar as tarefas de hoje.</p>
      ) : groups.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Tudo em dia: nada pendente para hoje.</p>
      ) : (
        // grid-cols-1 (minmax(0, 1fr)), not the implicit auto column: a long name must not widen
        // the block past a phone's screen (243 px too wide at 390 px).
        <div className="mt-3 grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3">{groups}</div>
      )}
    </Card>
  );
}

function Group({
  title,
  more,
  children,
}: {
  title: string;
  more?: { to: string; label: string } | null;
  children: React.ReactNode;
}) {
  return (
    <section aria-label={title} className="min-w-0">
      <h3 className="mb-1 text-sm font-semibold text-slate-800">{title}</h3>
      <ul className="divide-y divide-slate-100 text-sm">{children}</ul>
      {more && (
        <Link to={more.to} className={`mt-1 inline-block text-xs ${LINK}`}>
          {more.label}
        </Link>
      )}
    </section>
  );
}

function Row({
  to,
  name,
  detail,
  right,
  alert = false,
}: {
  to: string;
  name: string;
  detail?: string | null;
  right: React.ReactNode;
  alert?: boolean;
}) {
  return (
    // The name takes the line and wraps ("Rodrigo …" cut with room to spare); the
    // figure on the right moves under it, still right-aligned, when both do not fit one line.
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-0.5 py-1.5">
      <Link to={to} className={`min-w-0 flex-[1_1_10rem] ${LINK}`}>
        <span className="block [overflow-wrap:anywhere]">{name}</span>
        {detail && (
          <span className="block text-xs font-normal [overflow-wrap:anywhere] text-slate-600">{detail}</span>
        )}
      </Link>
      <span
        className={`ml-auto text-right text-xs ${alert ? "font-semibold text-red-700" : "text-slate-700"}`}
      >
        {right}
      </span>
    </li>
  );
}

function FollowUpsGroup({ rows }: { rows: TodayData["followUps"] }) {
  return (
    <Group title="Contatos para hoje" more={{ to: "/admin/leads?contato=hoje", label: "Ver no funil" }}>
      {rows.map((r) => (
        <Row
          key={r.id}
          to={`/admin/leads/${r.id}`}
          name={r.name}
          detail={r.business}
          alert={r.overdue}
          right={`${r.overdue ? "Atrasado · " : ""}${formatDateTime(r.nextContactAt)}`}
        />
      ))}
    </Group>
  );
}

function NewLeadsGroup({ rows, total }: { rows: TodayData["newLeads"]; total: number }) {
  return (
    <Group
      title="Leads sem contato"
      more={
        total > rows.length
          ? { to: "/admin/leads?etapa=novo", label: `Ver todos os ${total} leads novos` }
          : null
      }
    >
      {rows.map((r) => (
        <Row
          key={r.id}
          to={`/admin/leads/${r.id}`}
          name={r.name}
          detail={r.business}
          alert={r.late}
          right={
            r.late
              ? `Há ${formatWaited(r.hoursWaiting)} · ${formatDateTime(r.createdAt)}`
              : formatDateTime(r.createdAt)
          }
        />
      ))}
    </Group>
  );
}

function ReferralsGroup({ rows, total }: { rows: TodayData["referrals"]; total: number }) {
  return (
    <Group
      title="Indicações para analisar"
      more={
        total > rows.length ? { to: "/admin/referrals", label: `Ver todas as ${total} indicações` } : null
      }
    >
      {rows.map((r) => (
        <Row
          key={r.id}
          to={`/admin/referrals/${r.id}`}
          name={r.businessName}
          detail={r.representativeName}
          right={formatDateTime(r.createdAt)}
        />
      ))}
    </Group>
  );
}

function CommissionsGroup({ rows }: { rows: TodayData["commissions"] }) {
  return (
    <Group title="Comissões a pagar">
      {rows.map((r) => (
        <Row
          key={r.representativeId}
          to={`/admin/representatives/${r.representativeId}`}
          name={r.name}
          detail={`${r.count} ${r.count === 1 ? "comissão" : "comissões"}`}
          right={formatMoney(r.amountCents)}
        />
      ))}
    </Group>
  );
}

function EndingGroup({ rows }: { rows: ExpiringSubscription[] }) {
  return (
    <Group title="Assinaturas que vencem nesta semana">
      {rows.map((r) => (
        <Row
          key={r.subscription_id}
          to={`/admin/clients/edit/${r.client_id}`}
          name={r.client_name}
          detail={r.plan_name}
          alert={r.days_remaining <= 3}
          right={r.days_remaining === 0 ? "Vence hoje" : `Vence em ${formatIsoDate(r.end_date)}`}
        />
      ))}
    </Group>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Financeiro filtered to the client's overdue charges: where the payment is recorded. */
export const overdueChargeHref = (clientId: string) =>
  `/admin/billing?status=vencida&client=${encodeURIComponent(clientId)}`;

function OverdueChargesGroup({ rows, total }: { rows: TodayData["overdueCharges"]; total: number }) {
  return (
    <Group
      title="Cobranças vencidas"
      more={
        total > rows.length
          ? { to: "/admin/billing?status=vencida", label: `Ver todas as ${total} cobranças vencidas` }
          : null
      }
    >
      {rows.map((r) => (
        <Row
          key={r.id}
          to={overdueChargeHref(r.clientId)}
          name={r.clientName}
          detail={`${r.number} · ${r.businessName}`}
          alert
          right={`${formatMoney(r.owedCents)} · ${plural(r.daysOverdue, "dia", "dias")} de atraso`}
        />
      ))}
    </Group>
  );
}

function AtRiskGroup({ rows }: { rows: TodayData["atRisk"] }) {
  return (
    <Group title="Assinaturas perto da suspensão">
      {rows.map((r) => (
        <Row
          key={r.clientId}
          to={`/admin/clients/edit/${r.clientId}`}
          name={r.clientName}
          detail={r.chargeNumber ? `${r.planName} · cobrança ${r.chargeNumber}` : r.planName}
          alert
          right={
            r.suspendsInDays === null
              ? "Perto da suspensão"
              : r.suspendsInDays <= 1
                ? "Suspensa amanhã"
                : `Suspensa em ${r.suspendsInDays} dias`
          }
        />
      ))}
    </Group>
  );
}

function DivergencesGroup({ rows, total }: { rows: TodayData["divergences"]; total: number }) {
  return (
    <Group
      title="Pagamentos divergentes"
      more={
        total > rows.length
          ? { to: "/admin/billing/divergencias", label: `Ver todas as ${total} divergências` }
          : null
      }
    >
      {rows.map((r) => (
        <Row
          key={r.id}
          to="/admin/billing/divergencias"
          name={r.clientName}
          detail={`${DIVERGENCE_KIND_LABELS[r.kind]} · ${r.chargeNumber}`}
          alert
          right={`Recebido ${formatMoney(r.receivedCents)} de ${formatMoney(r.expectedCents)}`}
        />
      ))}
    </Group>
  );
}

/** The Implantação board showing this client's card. */
export const onboardingHref = (r: { id: string; clientName: string }) =>
  `/admin/onboarding?q=${encodeURIComponent(r.clientName)}#implantacao-${r.id}`;

function OnboardingsGroup({ rows }: { rows: TodayData["onboardings"] }) {
  return (
    <Group
      title="Implantações atrasadas ou com prazo hoje"
      more={{ to: "/admin/onboarding?saude=atrasada", label: "Ver no quadro" }}
    >
      {rows.map((r) => (
        <Row
          key={r.id}
          to={onboardingHref(r)}
          name={r.clientName}
          detail={`Prazo ${formatIsoDate(r.dueDate)}`}
          alert={r.businessDaysLate > 0}
          right={
            r.businessDaysLate > 0
              ? `Atrasada há ${plural(r.businessDaysLate, "dia útil", "dias úteis")}`
              : "Prazo hoje"
          }
        />
      ))}
    </Group>
  );
}

/** Solicitações with the request's card. */
export const requestHref = (id: string) => `/admin/requests?status=aberta#solicitacao-${id}`;

function RequestsGroup({ rows, total }: { rows: TodayData["requests"]; total: number }) {
  return (
    <Group
      title="Solicitações de clientes"
      more={
        total > rows.length
          ? { to: "/admin/requests?status=aberta", label: `Ver todas as ${total} solicitações` }
          : null
      }
    >
      {rows.map((r) => (
        <Row
          key={r.id}
          to={requestHref(r.id)}
          name={r.clientName}
          detail={`${CLIENT_REQUEST_KIND_LABELS[r.kind]}${r.requestedPlanName ? ` para ${r.requestedPlanName}` : ""}`}
          right={formatDateTime(r.createdAt)}
        />
      ))}
    </Group>
  );
}
