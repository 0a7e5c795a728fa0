import { Plus, Search } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/indicacoes";
import { ReferralPanel } from "~/components/portal/referral-panel";
import { Button, FormAlert } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast } from "~/lib/form-reply";
import { requireRepresentative } from "~/modules/auth/session.server";
import { listMyReferrals, STATUS_OPTIONS } from "~/modules/referrals/portal.server";
import { REFERRAL_MESSAGES } from "~/modules/referrals/referral-form.schema";
import { ReferralStatusSchema } from "~/modules/referrals/referrals.schema";
import { log } from "~/server/logging/logger.server";

const SEARCH_MAX = 100;

export async function loader({ request }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, SEARCH_MAX);
  const parsedStatus = ReferralStatusSchema.safeParse(params.get("status"));
  const status = parsedStatus.success ? parsedStatus.data : undefined;
  const base = { q, status: status ?? "", statusOptions: STATUS_OPTIONS };
  try {
    const list = await listMyReferrals({ representativeId: representative.id, q, status });
    return { ...base, ...list, loadError: null, toast: null };
  } catch (err) {
    log.error({ err }, "portal referrals: list failed");
    return {
      ...base,
      inProgress: [],
      completed: [],
      truncated: false,
      loadError: REFERRAL_MESSAGES.listFailed,
      toast: toast.error(REFERRAL_MESSAGES.listFailed),
    };
  }
}

export default function MyReferrals({ loaderData }: Route.ComponentProps) {
  const { q, status, statusOptions, inProgress, completed, truncated, loadError } = loaderData;
  const submit = useSubmit();
  useReplyToast(loaderData);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Minhas Indicações</h1>
        <Link
          to="/representante/nova-indicacao"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Plus aria-hidden className="h-4 w-4" /> Nova Indicação
        </Link>
      </div>
      <Form
        key={`${q}|${status}`}
        method="get"
        role="search"
        aria-label="Filtrar indicações"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="min-w-56 flex-1">
          <label htmlFor="referrals-q" className="block text-sm font-medium text-slate-700">
            Buscar
          </label>
          <input
            id="referrals-q"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={SEARCH_MAX}
            placeholder="Nome do negócio ou do contato"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          />
        </div>
        <div>
          <label htmlFor="referrals-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="referrals-status"
            name="status"
            defaultValue={status}
            onChange={(e) => submit(e.currentTarget.form)}
            className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-100 focus:outline-none"
          >
            <option value="">Todos os status</option>
            {statusOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">
          <Search aria-hidden className="h-4 w-4" /> Buscar
        </Button>
        {(q || status) && (
          <Link
            to="/representante/indicacoes"
            className="py-2 text-sm font-semibold text-brand-700 hover:underline"
          >
            Limpar filtros
          </Link>
        )}
      </Form>
      <FormAlert message={loadError} />
      {truncated && (
        <p className="text-sm text-slate-600">
          Mostrando as indicações mais recentes. Use a busca ou o filtro de status para encontrar as demais.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <ReferralPanel title="Em andamento" items={inProgress} />
        <ReferralPanel title="Concluídas" items={completed} showCommission />
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "Minhas Indicações | CardápioDigital" }];
}
