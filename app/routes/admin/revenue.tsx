import type { Route } from "./+types/revenue";
import { ExportLink } from "~/components/admin/export-link";
import { Card } from "~/components/admin/ui";
import { MrrWaterfall } from "~/components/admin/revenue/mrr-waterfall";
import { RevenueNowCards } from "~/components/admin/revenue/revenue-now";
import { RevenueClientsTable, RevenueMonthsTable } from "~/components/admin/revenue/revenue-tables";
import { ConsistencySection } from "~/components/admin/revenue/consistency-section";
import { PageHeader } from "~/components/ui/page-header";
import { requireAdmin } from "~/modules/auth/session.server";
import { checkConsistency } from "~/modules/consistency/index.server";
import { MRR_MOVEMENT_LABELS } from "~/modules/revenue/revenue.constants";
import { monthLabel } from "~/lib/dates";
import { parseRevenueQuery } from "~/modules/revenue/revenue.format";
import { revenueClients, revenueMonths, revenueNow } from "~/modules/revenue/revenue.server";
import { today } from "~/server/clock.server";
import { log } from "~/server/logging/logger.server";

// Receita: balances now, twelve months of MRR movements, and the clients behind each.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const day = today();
  const [now, months] = await Promise.all([revenueNow({ today: day }), revenueMonths({ today: day })]);
  const params = new URL(request.url).searchParams;
  const { month, movement } = parseRevenueQuery(
    params,
    months.map((m) => m.month),
  );
  const clients = movement ? await revenueClients({ today: day, month, movement }) : null;
  // "Conferência" recomputes everything: only when asked, after requireAdmin.
  // A failure is logged and said on the section; the rest of the page still renders.
  const differences =
    params.get("conferencia") === "1"
      ? await checkConsistency({ today: day }).catch((err: unknown) => {
          log.error({ err }, "consistency check failed");
          return "erro" as const;
        })
      : null;
  return { now, months, month, movement, clients, differences };
}

export default function RevenuePage({ loaderData }: Route.ComponentProps) {
  const { now, months, month, movement, clients, differences } = loaderData;
  const selected = months.find((m) => m.month === month) ?? months[months.length - 1];
  return (
    <>
      <PageHeader
        title="Receita"
        subtitle="MRR, seus movimentos mês a mês e os clientes por trás de cada número."
      />
      <RevenueNowCards now={now} />
      <Card className="mt-6">
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">
            Movimentos de {monthLabel(selected.month)}
          </h2>
          <ExportLink to="/admin/revenue/export" only={[]} label="Exportar meses (CSV)" />
        </div>
        <MrrWaterfall month={selected} />
      </Card>
      <section aria-labelledby="meses" className="mt-6">
        <h2 id="meses" className="mb-2 text-base font-semibold text-slate-900">
          Últimos 12 meses
        </h2>
        <RevenueMonthsTable months={months} selected={selected.month} />
      </section>
      {movement && clients && (
        <section id="clientes" aria-labelledby="clientes-titulo" className="mt-6">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="clientes-titulo" className="text-base font-semibold text-slate-900">
              {MRR_MOVEMENT_LABELS[movement]} em {monthLabel(month)}: {clients.length} cliente(s)
            </h2>
            <ExportLink to="/admin/revenue/export" label="Exportar clientes (CSV)" />
          </div>
          <RevenueClientsTable rows={clients} month={month} movement={movement} />
        </section>
      )}
      <ConsistencySection differences={differences} />
    </>
  );
}

export function meta() {
  return [{ title: "Receita | CardápioDigital" }];
}
