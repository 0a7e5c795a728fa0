import { Badge, Card } from "~/components/admin/ui";
import { formatCpfCnpj } from "~/lib/br-documents";
import { formatIsoDate } from "~/lib/format";
import { formatPhone } from "~/lib/phone";
import { CLIENT_STATUS_LABELS, RENEWAL_LABELS, clientStatusColor } from "~/modules/clients/clients.schema";
import type { ClientStatus } from "~/modules/clients/clients.constants";
import type { SubscriptionRow } from "~/modules/clients/subscriptions.server";

/**
 * The client page's header: status, plan and the current subscription, read at a
 * glance before any form. The plan shown is the current subscription's (the subscription is where
 * the plan is chosen).
 */
export function ClientSummary({
  status,
  subscriptions,
  contact,
}: {
  status: ClientStatus;
  subscriptions: SubscriptionRow[];
  /** Read here; "Editar dados" opens the form that changes them. */
  contact: { email: string; phone: string; document: string | null };
}) {
  const current = subscriptions.find((s) => s.status === "ativa") ?? null;
  return (
    <Card>
      <section aria-label="Resumo do cliente">
        <dl className="grid gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium text-slate-600">Status</dt>
            <dd className="mt-1">
              <Badge color={clientStatusColor(status)}>{CLIENT_STATUS_LABELS[status]}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Plano</dt>
            <dd className="mt-1 font-semibold text-slate-900">{current?.planName ?? "Sem plano"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Assinatura atual</dt>
            <dd className="mt-1 text-slate-800">
              {current
                ? `${RENEWAL_LABELS[current.renewalType]} · de ${formatIsoDate(current.startDate)} a ${formatIsoDate(current.endDate)}`
                : "Nenhuma assinatura ativa"}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">E-mail</dt>
            <dd className="mt-1 break-all text-slate-800">{contact.email}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Telefone</dt>
            <dd className="mt-1 text-slate-800">{formatPhone(contact.phone)}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">CPF/CNPJ</dt>
            <dd className="mt-1 text-slate-800">
              {contact.document ? formatCpfCnpj(contact.document) : "Não informado"}
            </dd>
          </div>
        </dl>
      </section>
    </Card>
  );
}
