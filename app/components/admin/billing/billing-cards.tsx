import { AlertTriangle, Wallet } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/admin/ui";
import { formatMoney } from "~/lib/format";
import type { BillingFigures } from "~/modules/billing/list.server";

/**
 * The dashboard's money cards: what came in this month and what is overdue, each linked to the
 * Financeiro filter whose rows add up to it (the paths come with the figures).
 */
export function BillingCards({ figures }: { figures: BillingFigures | null }) {
  const cards = [
    {
      title: "Recebido no mês",
      icon: Wallet,
      value: figures ? formatMoney(figures.receivedThisMonthCents) : "—",
      note: "Pagamentos deste mês (por data de pagamento)",
      to: figures?.receivedThisMonthPath ?? "/admin/billing",
    },
    {
      title: "Em atraso",
      icon: AlertTriangle,
      value: figures ? formatMoney(figures.overdueCents) : "—",
      note: figures ? `${figures.overdueCount} cobrança(s) vencida(s)` : "Indisponível",
      to: figures?.overduePath ?? "/admin/billing?status=vencida",
    },
  ];
  return (
    <section aria-label="Financeiro" className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
      {cards.map(({ title, icon: Icon, value, note, to }) => (
        <Card key={title}>
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-sm font-medium text-slate-600">{title}</h2>
            <Icon aria-hidden className="h-5 w-5 text-brand-700" />
          </div>
          <p className="mt-2 text-2xl font-bold text-slate-900">{value}</p>
          <Link to={to} className="mt-1 inline-block text-xs text-brand-700 hover:underline">
            {note}
          </Link>
        </Card>
      ))}
    </section>
  );
}
