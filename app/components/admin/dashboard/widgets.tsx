import { FilePlus, PackagePlus, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { Badge, Card, EmptyRow } from "~/components/admin/ui";
import { formatDate, formatIsoDate } from "~/lib/format";
import { CLIENT_STATUS_LABELS, clientStatusColor, expiryBadgeColor } from "~/modules/clients/clients.schema";
import type { ExpiringSubscription } from "~/modules/clients/subscriptions.server";

// SPEC §4 funnel stage labels, in funnel order.
export const FUNNEL_LABELS = {
  novo: "Novos Leads",
  contatado: "Contatados",
  qualificado: "Qualificados",
  negociando: "Em negociação",
  convertido: "Convertidos",
  perdido: "Perdidos",
} as const;

const FUNNEL_COLORS: Record<keyof typeof FUNNEL_LABELS, string> = {
  novo: "bg-blue-500",
  contatado: "bg-indigo-500",
  qualificado: "bg-violet-500",
  negociando: "bg-amber-500",
  convertido: "bg-green-600",
  perdido: "bg-slate-400",
};

export function ExpiringSubscriptions({ rows }: { rows: ExpiringSubscription[] }) {
  return (
    <Card className="lg:col-span-2">
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Assinaturas Próximas de Vencer</h2>
      {/* Focusable so a keyboard can scroll it sideways on a phone (axe: scrollable-region-focusable). */}
      <div
        className="relative overflow-x-auto"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        role="region"
        aria-label="Assinaturas próximas de vencer"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Assinaturas ativas que vencem nos próximos 7 dias</caption>
          <thead className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Cliente
              </th>
              <th scope="col" className="px-3 py-2">
                Plano
              </th>
              <th scope="col" className="px-3 py-2">
                Vencimento
              </th>
              <th scope="col" className="px-3 py-2">
                Dias restantes
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 && <EmptyRow colSpan={4}>Nenhuma assinatura próxima de vencer.</EmptyRow>}
            {rows.map((r) => (
              <tr key={r.subscription_id}>
                <td className="px-3 py-2">
                  <Link
                    to={`/admin/clients/edit/${r.client_id}`}
                    className="tap font-medium text-brand-700 hover:underline"
                  >
                    {r.client_name}
                  </Link>
                </td>
                <td className="px-3 py-2">{r.plan_name}</td>
                <td className="px-3 py-2 whitespace-nowrap">{formatIsoDate(r.end_date)}</td>
                <td className="px-3 py-2">
                  <Badge color={expiryBadgeColor(r.days_remaining)}>
                    {r.days_remaining === 0
                      ? "Vence hoje"
                      : `${r.days_remaining} ${r.days_remaining === 1 ? "dia" : "dias"}`}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

export function ConversionFunnel({
  stages,
}: {
  stages: { stage: keyof typeof FUNNEL_LABELS; count: number }[];
}) {
  const max = Math.max(1, ...stages.map((s) => s.count));
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Funil de Conversão</h2>
      {stages.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhum lead no funil.</p>
      ) : (
        <ul className="space-y-3">
          {stages.map((s) => (
            <li key={s.stage}>
              <div className="flex justify-between text-sm">
                <span className="text-slate-700">{FUNNEL_LABELS[s.stage]}</span>
                <span className="font-semibold text-slate-900">{s.count}</span>
              </div>
              <div aria-hidden className="mt-1 h-2.5 rounded-full bg-slate-100">
                <div
                  className={`h-2.5 rounded-full ${FUNNEL_COLORS[s.stage]}`}
                  style={{ width: `${(s.count / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function RecentClients({
  clients,
}: {
  clients: {
    id: string;
    name: string;
    businessName: string;
    status: keyof typeof CLIENT_STATUS_LABELS;
    createdAt: Date | string;
  }[];
}) {
  return (
    <Card className="lg:col-span-2">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-lg font-semibold text-slate-900">Clientes Recentes</h2>
        <Link to="/admin/clients" className="text-sm font-semibold text-brand-700 hover:underline">
          Ver todos
        </Link>
      </div>
      {clients.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhum cliente cadastrado.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {clients.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 py-2.5">
              <div className="min-w-0">
                <Link
                  to={`/admin/clients/edit/${c.id}`}
                  title={c.name}
                  className="block truncate font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {c.name}
                </Link>
                <p className="truncate text-xs text-slate-600">
                  {c.businessName} · {formatDate(c.createdAt)}
                </p>
              </div>
              <Badge color={clientStatusColor(c.status)}>{CLIENT_STATUS_LABELS[c.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const QUICK = [
  { to: "/admin/clients/new", label: "Novo Cliente", icon: UserPlus },
  { to: "/admin/plans/new", label: "Novo Plano", icon: PackagePlus },
  { to: "/admin/blog/new", label: "Novo Post", icon: FilePlus },
] as const;

export function QuickActions() {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Ações Rápidas</h2>
      <ul className="space-y-2">
        {QUICK.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50"
            >
              <Icon aria-hidden className="h-4 w-4 text-brand-700" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Why leads were lost (leads now in Perdidos, by reason). */
export function LostReasons({ rows }: { rows: { reason: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Leads perdidos por motivo</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">Nenhum lead perdido.</p>
      ) : (
        <ul className="space-y-3" aria-label="Leads perdidos por motivo">
          {rows.map((r) => (
            <li key={r.reason}>
              <div className="flex justify-between text-sm">
                <span className="text-slate-700">{r.reason}</span>
                <span className="font-semibold text-slate-900">{r.count.toLocaleString("pt-BR")}</span>
              </div>
              <div aria-hidden className="mt-1 h-2.5 rounded-full bg-slate-100">
                <div
                  className="h-2.5 rounded-full bg-red-500"
                  style={{ width: `${(r.count / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
