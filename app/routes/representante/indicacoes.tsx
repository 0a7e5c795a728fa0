import { Plus } from "lucide-react";
import type { Route } from "./+types/indicacoes";
import { ReferralPanel } from "~/components/portal/referral-panel";
import { PortalErrorBoundary } from "~/components/portal/portal-error";
import { ListError } from "~/components/ui/list-states";
import { ActionLink, PageHeader } from "~/components/ui/page-header";
import { FilterSelect, SearchForm } from "~/components/ui/search-form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast } from "~/lib/form-reply";
import { requireRepresentative } from "~/modules/auth/session.server";
import { FILTER_STATUS_OPTIONS, listMyReferrals } from "~/modules/referrals/portal.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/referral-form.schema";
import { ReferralFilterStatusSchema } from "~/modules/referrals/referrals.schema";
import { log } from "~/server/logging/logger.server";

const SEARCH_MAX = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const parsedStatus = ReferralFilterStatusSchema.safeParse(params.get("status"));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const base = { q, status: status ?? "", statusOptions: FILTER_STATUS_OPTIONS };
  try {
    const list = await listMyReferrals({ representativeId: representative.id, q, status });
    return { ...base, ...list, loadError: null, toast: null };
  } catch (err) {
    log.error({ err }, "portal referrals: list failed");
    return {
      ...base,
      inProgress: [],
      completed: [],
      cancelled: [],
      truncated: false,
      loadError: REFERRAL_MESSAGES.listFailed,
      toast: toast.error(REFERRAL_MESSAGES.listFailed),
    };
  }
}

export default function MyReferrals({ loaderData }: Route.ComponentProps) {
  const { q, status, statusOptions, inProgress, completed, cancelled, truncated, loadError } = loaderData;
  useReplyToast(loaderData);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Minhas Indicações"
        actions={
          <ActionLink to="/representante/nova-indicacao" icon={Plus}>
            Nova Indicação
          </ActionLink>
        }
      />
      <SearchForm
        key={`${q}|${status}`}
        variant="panel"
        id="referrals-q"
        label="Buscar"
        formLabel="Filtrar indicações"
        q={q}
        placeholder="Nome do negócio ou do contato"
        clearTo={q || status ? "/representante/indicacoes" : null}
      >
        <FilterSelect
          id="referrals-status"
          name="status"
          label="Status"
          value={status}
          allLabel="Todos os status"
          options={statusOptions}
        />
      </SearchForm>
      <ListError message={loadError} />
      {truncated && (
        <p className="text-sm text-slate-600">
          Mostrando as indicações mais recentes. Use a busca ou o filtro de status para encontrar as demais.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <ReferralPanel title="Em andamento" items={inProgress} />
        <ReferralPanel title="Concluídas" items={completed} showCommission />
      </div>
      {/* Cancelled referrals are apart, and only when there are some. */}
      {cancelled.length > 0 && <ReferralPanel title="Canceladas" items={cancelled} />}
    </div>
  );
}

export function meta() {
  return [{ title: "Minhas Indicações | CardápioDigital" }];
}

export const ErrorBoundary = PortalErrorBoundary;
