import { Link } from "react-router";
import { Card } from "~/components/admin/ui";
import { formatMoney } from "~/lib/format";
import type { RevenueNow } from "~/modules/revenue/revenue.server";

/** "Agora": the balances of today, each with what it means. */
export function RevenueNowCards({ now }: { now: RevenueNow }) {
  const cards = [
    { title: "MRR", value: formatMoney(now.mrrCents), note: "Receita recorrente mensal" },
    { title: "ARR", value: formatMoney(now.arrCents), note: "MRR × 12" },
    {
      title: "Clientes pagantes",
      value: now.payingClients.toLocaleString("pt-BR"),
      note: "Com assinatura cobrada",
    },
    { title: "ARPA", value: formatMoney(now.arpaCents), note: "MRR ÷ clientes pagantes" },
    { title: "MRR em risco", value: formatMoney(now.atRiskCents), note: "Assinaturas com cobrança vencida" },
    {
      title: "Em atraso",
      value: formatMoney(now.overdueCents),
      note: "Cobranças vencidas",
      to: "/admin/billing?status=vencida",
    },
  ];
  return (
    // Six in a row only on wide screens: at 1366 px a sixth of the column cut ARR's figure.
    <section
      aria-label="Agora"
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6"
    >
      {cards.map((c) => (
        <Card key={c.title}>
          <h2 className="text-sm font-medium text-slate-600">{c.title}</h2>
          <p className="mt-2 text-xl font-bold text-slate-900 tabular-nums">{c.value}</p>
          {c.to ? (
            <Link to={c.to} className="mt-1 inline-block text-xs text-brand-700 hover:underline">
              {c.note}
            </Link>
          ) : (
            <p className="mt-1 text-xs text-slate-500">{c.note}</p>
          )}
        </Card>
      ))}
    </section>
  );
}
