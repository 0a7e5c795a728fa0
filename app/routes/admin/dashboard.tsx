import { data } from "react-router";
import { Package, UserCheck, UserPlus, Users } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { BillingCards } from "~/components/admin/billing/billing-cards";
import { StatCard } from "~/components/admin/dashboard/stat-card";
import {
  ConversionFunnel,
  ExpiringSubscriptions,
  LostReasons,
  QuickActions,
  RecentClients,
} from "~/components/admin/dashboard/widgets";
import { PageHeader } from "~/components/ui/page-header";
import { now, today } from "~/server/clock.server";
import { TodayBlock } from "~/components/admin/dashboard/today-block";
import { requireAdmin } from "~/modules/auth/session.server";
import { DASHBOARD_LINKS } from "~/modules/dashboard/dashboard-links";
import { getDashboard } from "~/modules/dashboard/dashboard.server";
import { getPromiseFigures } from "~/modules/onboarding/promises.server";
import { PromiseFigures } from "~/components/admin/dashboard/promise-figures";
import { log } from "~/server/logging/logger.server";
import { getMrrFigure } from "~/modules/revenue/revenue.server";
import { MrrCard } from "~/components/admin/dashboard/mrr-card";
import { CompanyDataNotice, DemoPixKeyNotice } from "~/components/admin/dashboard/demo-pix-notice";
import { InvoiceIssuingNotice } from "~/components/admin/invoices/invoice-issuing-notice";
import { invoiceIssuingProblems } from "~/modules/invoices/settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // Each widget fails on its own (logged, empty state); the page always renders.
  const [dashboard, promises, mrr, invoiceProblems] = await Promise.all([
    getDashboard({ today: today(), at: now() }),
    // The promises measured: its own section, empty state on failure.
    getPromiseFigures().catch((err) => {
      log.error({ err }, "promise figures failed");
      return null;
    }),
    // MRR against the start of the month.
    getMrrFigure({ today: today() }).catch((err) => {
      log.error({ err }, "mrr figure failed");
      return null;
    }),
    // What keeps paid charges from getting their tax invoice.
    invoiceIssuingProblems().catch((err) => {
      log.error({ err }, "invoice issuing problems failed");
      return [];
    }),
  ]);
  return { ...dashboard, promises, mrr, invoiceProblems };
}

// The dashboard has no forms: a POST is refused, after the guard like every admin action.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  throw data(null, { status: 405 });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { clients, plans, leads, expiring, funnel, recentClients, lostByReason, billing, todayBlock } =
    loaderData;
  const activeShare =
    clients && clients.total.value > 0 ? Math.round((clients.active.value / clients.total.value) * 100) : 0;
  return (
    <>
      <PageHeader title="Dashboard" subtitle="O que pede atenção hoje, e os números do negócio." />
      <DemoPixKeyNotice show={loaderData.demoPixKey} />
      <InvoiceIssuingNotice problems={loaderData.invoiceProblems} />
      <CompanyDataNotice warning={loaderData.companyData} />
      {/* First on every screen, a phone included: the day's work. */}
      <TodayBlock data={todayBlock} expiring={expiring} />
      <section aria-label="Indicadores" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          title="Total de Clientes"
          icon={Users}
          value={clients?.total.value ?? null}
          change={clients?.total.change ?? null}
          caption={`Comparado com o total de 30 dias atrás: ${clients?.total.before ?? 0}`}
          link={DASHBOARD_LINKS.clients}
        />
        <StatCard
          title="Clientes Ativos"
          icon={UserCheck}
          value={clients?.active.value ?? null}
          caption={`${activeShare}% dos clientes`}
          link={DASHBOARD_LINKS.activeClients}
        />
        <StatCard
          title="Planos Disponíveis"
          icon={Package}
          value={plans?.value ?? null}
          caption={`${plans?.last30 ?? 0} ${plans?.last30 === 1 ? "criado" : "criados"} nos últimos 30 dias`}
          link={DASHBOARD_LINKS.plans}
        />
        <StatCard
          title="Leads Novos"
          icon={UserPlus}
          value={leads?.value ?? null}
          change={leads?.change ?? null}
          caption={`Aguardando o primeiro contato. Recebidos: ${leads?.last30 ?? 0} nos últimos 30 dias vs. ${leads?.previous30 ?? 0} nos 30 anteriores`}
          link={DASHBOARD_LINKS.newLeads}
        />
      </section>
      <BillingCards figures={billing} />
      <MrrCard figure={loaderData.mrr} />
      <PromiseFigures figures={loaderData.promises} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ExpiringSubscriptions rows={expiring} />
        <ConversionFunnel stages={funnel} />
        <RecentClients clients={recentClients} />
        <LostReasons rows={lostByReason} />
        <QuickActions />
      </div>
    </>
  );
}

export function meta() {
  return [{ title: "Dashboard | CardápioDigital" }];
}
