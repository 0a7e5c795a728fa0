import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { StatCards, StatusChart } from "~/components/portal/dashboard-widgets";
import { PortalErrorBoundary } from "~/components/portal/portal-error";
import { ListError } from "~/components/ui/list-states";
import { ActionLink, PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast } from "~/lib/form-reply";
import { requireRepresentative } from "~/modules/auth/session.server";
import { getMyReferralStats } from "~/modules/referrals/portal.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/referral-form.schema";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  try {
    const stats = await getMyReferralStats({ representativeId: representative.id });
    return { name: representative.name, stats, loadError: null, toast: null };
  } catch (err) {
    log.error({ err }, "portal dashboard: stats failed");
    return {
      name: representative.name,
      stats: null,
      loadError: REFERRAL_MESSAGES.listFailed,
      toast: toast.error(REFERRAL_MESSAGES.listFailed),
    };
  }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, stats, loadError } = loaderData;
  useReplyToast(loaderData);
  return (
    <div className="space-y-6">
      <PageHeader
        title={`Bem-vindo(a), ${name}!`}
        subtitle="Acompanhe suas indicações e comissões."
        actions={
          <ActionLink to="/representante/nova-indicacao" icon={Plus}>
            Nova Indicação
          </ActionLink>
        }
      />
      <ListError message={loadError} />
      {stats && (
        <>
          <StatCards stats={stats} />
          <StatusChart stats={stats} />
          <p className="text-sm text-slate-600">
            Comissão estimada por indicação concluída: R$ 50,00 para planos Básico e R$ 100,00 para os demais
            planos.{" "}
            <Link to="/representante/indicacoes" className="font-semibold text-brand-700 hover:underline">
              Ver minhas indicações
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Dashboard | CardápioDigital" }];
}

export const ErrorBoundary = PortalErrorBoundary;
