import { Download } from "lucide-react";
import type { Route } from "./+types/comissoes";
import { CommissionSummaryCards } from "~/components/portal/commission-terms";
import { Statement } from "~/components/portal/statement";
import { PortalErrorBoundary } from "~/components/portal/portal-error";
import { ListEmpty, ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast } from "~/lib/form-reply";
import { requireRepresentative } from "~/modules/auth/session.server";
import { getCommissionSummary } from "~/modules/payouts/payouts.server";
import { getStatement } from "~/modules/payouts/statement.server";
import { log } from "~/server/logging/logger.server";

const LOAD_FAILED = "Erro ao carregar o extrato de comissões";

export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  try {
    const [lines, summary] = await Promise.all([
      getStatement({ representativeId: representative.id }),
      getCommissionSummary({ representativeId: representative.id }),
    ]);
    return { lines, summary, loadError: null, toast: null };
  } catch (err) {
    log.error({ err }, "portal statement failed");
    return { lines: [], summary: null, loadError: LOAD_FAILED, toast: toast.error(LOAD_FAILED) };
  }
}

export default function StatementPage({ loaderData }: Route.ComponentProps) {
  const { lines, summary, loadError } = loaderData;
  useReplyToast(loaderData);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Extrato de comissões"
        subtitle="Cada comissão de indicação concluída e cada pagamento recebido."
        actions={
          <a
            href="/representante/comissoes/extrato.csv"
            download
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            <Download aria-hidden className="h-4 w-4" />
            Baixar CSV
          </a>
        }
      />
      <ListError message={loadError} />
      {summary && <CommissionSummaryCards {...summary} />}
      {lines.length === 0 && !loadError ? (
        <ListEmpty>Nenhuma comissão ainda. Elas aparecem aqui quando uma indicação é concluída.</ListEmpty>
      ) : (
        <Statement lines={lines} />
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Extrato de comissões | CardápioDigital" }];
}

export const ErrorBoundary = PortalErrorBoundary;
