import { z } from "~/lib/zod";
import type { Route } from "./+types/referrals";
import { Pagination } from "~/components/admin/pagination";
import { ReferralTable } from "~/components/admin/referrals/referral-table";
import { ExportLink } from "~/components/admin/export-link";
import { PageHeader } from "~/components/ui/page-header";
import { ListError } from "~/components/ui/list-states";
import { FilterSelect, SearchForm } from "~/components/ui/search-form";
import { replyError, replyOk, toast } from "~/lib/form-reply";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  listReferralsAdmin,
  parseReferralListParams,
  setReferralStatus,
} from "~/modules/referrals/admin.server";
import {
  REFERRAL_CANCELLED_LABEL,
  REFERRAL_STATUS_LABELS,
  ReferralStatusSchema,
} from "~/modules/referrals/referrals.schema";
import { parseForm } from "~/server/http/form.server";

const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = parseReferralListParams(new URL(request.url), PAGE_SIZE);
  const dir = params.dir;
  const { rows, hasMore, count } = await listReferralsAdmin({ ...params, dir });
  return {
    rows,
    hasMore,
    count,
    q: params.q,
    status: params.status,
    sort: params.sort,
    dir,
    page: params.page,
  };
}

const ActionSchema = z.object({ intent: z.literal("status"), id: z.uuid(), status: ReferralStatusSchema });
const STATUS_ERROR = "Erro ao atualizar status da indicação";
const PAID_ERROR = "A comissão desta indicação já foi paga. Cancele o pagamento antes de mudar o status.";
// The filter also finds the referrals their representatives cancelled.
const STATUS_OPTIONS = [
  ...Object.entries(REFERRAL_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  { value: "cancelada", label: REFERRAL_CANCELLED_LABEL },
];

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await parseForm(request, ActionSchema, () =>
    replyError(STATUS_ERROR, { status: 400, toastOnly: true }),
  );
  if (!form.ok) return form.reply;
  const result = await setReferralStatus({ ...form.data, actor: user }).catch(() => "error" as const);
  if (result === "paid") return replyError(PAID_ERROR, { status: 409, toastOnly: true });
  if (result !== "ok") return replyError(STATUS_ERROR, { status: 404, toastOnly: true });
  return replyOk(toast.success(`Status atualizado para ${REFERRAL_STATUS_LABELS[form.data.status]}`));
}

export default function ReferralsPage({ loaderData }: Route.ComponentProps) {
  const { rows, hasMore, count, q, status, sort, dir, page } = loaderData;
  return (
    <div>
      <PageHeader
        title="Indicações"
        subtitle="Indicações enviadas pelos representantes"
        actions={<ExportLink to="/admin/referrals/export" />}
      />
      <div className="mb-4">
        <SearchForm
          q={q}
          placeholder="Buscar por negócio, contato, telefone ou representante"
          label="Buscar indicações"
          keep={{ sort, dir }}
        >
          <FilterSelect
            name="status"
            label="Filtrar por status"
            value={status ?? ""}
            allLabel="Todos os status"
            options={STATUS_OPTIONS}
          />
        </SearchForm>
      </div>
      <ReferralTable rows={rows} sort={sort} dir={dir} />
      <Pagination page={page} pageSize={PAGE_SIZE} count={count} hasMore={hasMore} />
    </div>
  );
}

export function meta() {
  return [{ title: "Indicações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar lista de indicações" />;
}
