import { CheckCircle2, ClipboardList, Hourglass, Wallet } from "lucide-react";
import { formatMoney } from "~/lib/format";
import type { ReferralStats } from "~/modules/referrals/portal.server";

/** What "Total de Indicações" leaves out, said on the card: the cancelled ones. */
export function cancelledCaption(cancelled: number): string {
  if (cancelled === 0) return "Sem contar as canceladas";
  return cancelled === 1 ? "Sem contar 1 cancelada" : `Sem contar ${cancelled} canceladas`;
}

export function StatCards({ stats }: { stats: ReferralStats }) {
  const cards: { label: string; value: string; Icon: typeof ClipboardList; caption?: string }[] = [
    {
      label: "Total de Indicações",
      value: String(stats.total),
      Icon: ClipboardList,
      caption: cancelledCaption(stats.cancelled),
    },
    { label: "Indicações Ativas", value: String(stats.active), Icon: Hourglass },
    { label: "Indicações Concluídas", value: String(stats.completed), Icon: CheckCircle2 },
    { label: "Comissões Totais", value: formatMoney(stats.totalCommissionCents), Icon: Wallet },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Resumo das indicações">
      {cards.map(({ label, value, Icon, caption }) => (
        <li key={label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center justify-between">
            <p className="text-sm font-medium text-slate-600">{label}</p>
            <Icon aria-hidden className="h-5 w-5 text-brand-700" />
          </div>
          <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
          {caption && <p className="mt-1 text-xs text-slate-600">{caption}</p>}
        </li>
      ))}
    </ul>
  );
}

const BAR_COLORS: Record<string, string> = {
  analise: "bg-amber-500",
  aguardando_pagamento: "bg-sky-600",
  producao: "bg-violet-600",
  concluido: "bg-emerald-600",
};

/** Horizontal CSS bars; the counts are text, so the chart reads the same without the bars. */
export function StatusChart({ stats }: { stats: ReferralStats }) {
  const max = Math.max(1, ...stats.byStatus.map((s) => s.count));
  return (
    <section
      aria-labelledby="status-chart-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="status-chart-title" className="text-lg font-semibold text-slate-900">
        Distribuição por status
      </h2>
      <ul className="mt-4 space-y-3">
        {stats.byStatus.map((s) => (
          <li key={s.status} className="grid grid-cols-[11rem_1fr_2.5rem] items-center gap-3 text-sm">
            <span className="text-slate-700">{s.label}</span>
            <span className="h-3 rounded-full bg-slate-100" aria-hidden>
              <span
                className={`block h-3 rounded-full ${BAR_COLORS[s.status] ?? "bg-slate-500"}`}
                style={{ width: `${(s.count / max) * 100}%` }}
              />
            </span>
            <span className="text-right font-semibold text-slate-900">{s.count}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
