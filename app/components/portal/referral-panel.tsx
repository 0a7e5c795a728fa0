import { Link } from "react-router";
import { ListEmpty } from "~/components/ui/list-states";
import { formatDate, formatMoney } from "~/lib/format";
import type { PortalReferral } from "~/modules/referrals/portal.server";
import { formatPhone } from "~/lib/phone";

const BADGE: Record<string, string> = {
  analise: "bg-amber-100 text-amber-900",
  aguardando_pagamento: "bg-sky-100 text-sky-900",
  producao: "bg-violet-100 text-violet-900",
  concluido: "bg-emerald-100 text-emerald-900",
  cancelada: "bg-slate-200 text-slate-800",
};

export const EMPTY_REFERRALS = "Nenhuma indicação encontrada.";

/** One of the two Minhas Indicações panels (in progress / completed). */
export function ReferralPanel({
  title,
  items,
  showCommission = false,
}: {
  title: string;
  items: PortalReferral[];
  showCommission?: boolean;
}) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title} <span className="text-sm font-normal text-slate-600">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <ListEmpty className="mt-4">{EMPTY_REFERRALS}</ListEmpty>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {items.map((r) => (
            <li key={r.id} className="py-3">
              <article
                aria-label={r.businessName}
                className="flex flex-wrap items-start justify-between gap-2"
              >
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{r.businessName}</h3>
                  <p className="text-sm text-slate-600">
                    {r.contactName} · {formatPhone(r.contactPhone)}
                  </p>
                  <p className="text-sm text-slate-600">
                    Plano: {r.planName ?? "Plano não informado"} · Indicado em {formatDate(r.createdAt)}
                  </p>
                  {r.cancelNote && <p className="text-sm text-slate-700">{r.cancelNote}</p>}
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[r.status] ?? "bg-slate-100 text-slate-800"}`}
                  >
                    {r.statusLabel}
                  </span>
                  {r.editable && (
                    <Link
                      to={`/representante/indicacoes/${r.id}`}
                      className="text-sm font-medium text-brand-700 hover:underline"
                      aria-label={`Corrigir ou cancelar a indicação de ${r.businessName}`}
                    >
                      Corrigir ou cancelar
                    </Link>
                  )}
                  {showCommission && r.commissionCents !== null && (
                    <span className="text-sm font-semibold text-emerald-800">
                      Comissão: {formatMoney(r.commissionCents)}
                    </span>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
