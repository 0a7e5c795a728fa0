import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { CommissionSummaryCards, CommissionTerms, PixKeyBanner } from "~/components/portal/commission-terms";
import { StatCards, StatusChart } from "~/components/portal/dashboard-widgets";
import { ReferralLinkCard } from "~/components/portal/referral-link";
import { PortalErrorBoundary } from "~/components/portal/portal-error";
import { ListError } from "~/components/ui/list-states";
import { ActionLink, PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast } from "~/lib/form-reply";
import { requireRepresentative } from "~/modules/auth/session.server";
import { getCommissionSummary } from "~/modules/payouts/payouts.server";
import { listPlans } from "~/modules/plans/plans.server";
import { getRepresentativeProfile } from "~/modules/representatives/representative-profile.server";
import { getMyReferralStats } from "~/modules/referrals/portal.server";
import { referralLink } from "~/modules/referrals/referral-link.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/referral-form.schema";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  const link = referralLink(representative.referralCode);
  try {
    const [stats, summary, plans, profile] = await Promise.all([
      getMyReferralStats({ representativeId: representative.id }),
      getCommissionSummary({ representativeId: representative.id }),
      listPlans(),
      getRepresentativeProfile({ representativeId: representative.id }),
    ]);
    const terms = plans.map(({ id, name, commissionCents }) => ({ id, name, commissionCents }));
    const needsPixKey = summary.toReceiveCents > 0 && !profile?.pixKey;
    return {
      name: representative.name,
      link,
      stats,
      summary,
      needsPixKey,
      terms,
      loadError: null,
      toast: null,
    };
  } catch (err) {
    log.error({ err }, "portal dashboard: stats failed");
    return {
      name: representative.name,
      link,
      stats: null,
      summary: null,
      needsPixKey: false,
      terms: [],
      loadError: REFERRAL_MESSAGES.listFailed,
      toast: toast.error(REFERRAL_MESSAGES.listFailed),
    };
  }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { name, link, stats, summary, needsPixKey, terms, loadError } = loaderData;
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
      {needsPixKey && summary && <PixKeyBanner toReceiveCents={summary.toReceiveCents} />}
      <ReferralLinkCard link={link} />
      {stats && (
        <>
          <StatCards stats={stats} />
          {summary && <CommissionSummaryCards {...summary} />}
          <p className="text-sm text-slate-600">
            <Link to="/representante/comissoes" className="font-semibold text-brand-700 hover:underline">
              Ver extrato de comissões
            </Link>{" "}
            ·{" "}
            <Link to="/representante/indicacoes" className="font-semibold text-brand-700 hover:underline">
              Ver minhas indicações
            </Link>
          </p>
          <StatusChart stats={stats} />
          <CommissionTerms plans={terms} />
        </>
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Dashboard | CardápioDigital" }];
}

export const ErrorBoundary = PortalErrorBoundary;
