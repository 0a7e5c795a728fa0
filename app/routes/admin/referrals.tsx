import { z } from "~/lib/zod";
import type { Route } from "./+types/referrals";
import { Pagination } from "~/components/admin/pagination";
import { ReferralTable } from "~/components/admin/referrals/referral-table";
import { PageHeader } from "~/components/ui/page-header";
import { ListError } from "~/components/ui/list-states";
import { FilterSelect, SearchForm } from "~/components/ui/search-form";
import { parseListParams } from "~/lib/list-params";
import { replyError, replyOk, toast } from "~/lib/form-reply";
import { formToObject } from "~/lib/validation";
import { requireAdmin } from "~/modules/auth/session.server";
import { listReferralsAdmin, REFERRAL_SORTS, setReferralStatus } from "~/modules/referrals/admin.server";
import { REFERRAL_STATUS_LABELS, ReferralStatusSchema } from "~/modules/referrals/referrals.schema";
import { readFormData } from "~/server/http/form.server";

const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = parseListParams(new URL(request.url), {
    sorts: REFERRAL_SORTS,
    defaultSort: "created_at",
    statuses: ReferralStatusSchema.options,
    pageSize: PAGE_SIZE,
  });
  // The default direction is descending only for the date; text columns start A→Z.
  const sp = new URL(request.url).searchParams;
  const dir = sp.get("dir") ? params.dir : params.sort === "created_at" ? "desc" : "asc";
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
const STATUS_OPTIONS = Object.entries(REFERRAL_STATUS_LABELS).map(([value, label]) => ({ value, label }));

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = ActionSchema.safeParse(formToObject(await readFormData(request)));
  if (!parsed.success) return replyError(STATUS_ERROR, { status: 400, toastOnly: true });
  const ok = await setReferralStatus(parsed.data).catch(() => false);
  if (!ok) return replyError(STATUS_ERROR, { status: 404, toastOnly: true });
  return replyOk(toast.success(`Status atualizado para ${REFERRAL_STATUS_LABELS[parsed.data.status]}`));
}

export default function ReferralsPage({ loaderData }: Route.ComponentProps) {
  const { rows, hasMore, count, q, status, sort, dir, page } = loaderData;
  return (
    <div>
      <PageHeader title="Indicações" subtitle="Indicações enviadas pelos representantes" />
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
