import { data } from "react-router";
import { Package, UserCheck, UserPlus, Users } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { BillingCards } from "~/components/admin/billing/billing-cards";
import { StatCard } from "~/components/admin/dashboard/stat-card";
import {
  ConversionFunnel,
  ExpiringSubscriptions,
  FollowUps,
  LostReasons,
  QuickActions,
  RecentClients,
} from "~/components/admin/dashboard/widgets";
import { PageHeader } from "~/components/ui/page-header";
import { today } from "~/server/clock.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { getPromiseFigures } from "~/modules/onboarding/promises.server";
import { PromiseFigures } from "~/components/admin/dashboard/promise-figures";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Each widget fails on its own (logged, empty state); the page always renders.
  const [dashboard, promises] = await Promise.all([
    getDashboard({ today: today() }),
    // The promises measured (issue 30 item 4): its own section, empty state on failure.
    getPromiseFigures().catch((err) => {
      log.error({ err }, "promise figures failed");
      return null;
    }),
  ]);
  return { ...dashboard, promises };
}

// The dashboard has no forms: a POST is refused, after the guard like every admin action.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  throw data(null, { status: 405 });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { clients, plans, leads, expiring, funnel, recentClients, lostByReason, followUps, billing } =
    loaderData;
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Variação: cadastros dos últimos 30 dias comparados aos 30 dias anteriores (— quando não há base de comparação)."
      />
      <section aria-label="Indicadores" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total de Clientes"
          icon={Users}
          figure={clients?.total ?? null}
          compared="Novos clientes"
        />
        <StatCard
          title="Clientes Ativos"
          icon={UserCheck}
          figure={clients?.active ?? null}
          compared="Novos clientes ativos"
        />
        <StatCard title="Planos Disponíveis" icon={Package} figure={plans} compared="Planos criados" />
        <StatCard title="Leads Novos" icon={UserPlus} figure={leads} compared="Leads recebidos" />
      </section>
      <BillingCards figures={billing} />
      <PromiseFigures figures={loaderData.promises} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ExpiringSubscriptions rows={expiring} />
        <ConversionFunnel stages={funnel} />
        <RecentClients clients={recentClients} />
        <FollowUps rows={followUps} />
        <LostReasons rows={lostByReason} />
        <QuickActions />
      </div>
    </>
  );
}

export function meta() {
  return [{ title: "Dashboard | CardápioDigital" }];
}
