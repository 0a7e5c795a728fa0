import { Plus } from "lucide-react";
import type { Route } from "./+types/list";
import { ClientsTable } from "~/components/admin/clients/clients-table";
import { Pagination } from "~/components/admin/pagination";
import { ExportLink } from "~/components/admin/export-link";
import { ActionLink, PageHeader } from "~/components/ui/page-header";
import { SearchForm } from "~/components/ui/search-form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { parseListParams } from "~/lib/list-params";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  CLIENT_MESSAGES,
  CLIENT_PAGE_SIZE,
  CLIENT_SORTS,
  CLIENT_STATUSES,
  CLIENT_STATUS_LABELS,
} from "~/modules/clients/clients.schema";
import { deleteClient, listClients } from "~/modules/clients/clients.server";
import { readForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = parseListParams(new URL(request.url), {
    sorts: CLIENT_SORTS,
    defaultSort: "created_at",
    defaultDir: "desc",
    pageSize: CLIENT_PAGE_SIZE,
  });
  const { q, sort, dir, page, pageSize } = params;
  // An unknown status is no filter, as an unknown sort is the default one.
  const wanted = new URL(request.url).searchParams.get("status");
  const status = CLIENT_STATUSES.find((s) => s === wanted) ?? null;
  try {
    const { rows, hasMore, count } = await listClients({ q, status, sort, dir, page, pageSize });
    return { rows, hasMore, count, q, status, sort, dir, page, pageSize, toast: null };
  } catch (err) {
    log.error({ err }, "clients list failed");
    return {
      rows: [],
      hasMore: false,
      count: null,
      q,
      status,
      sort,
      dir,
      page,
      pageSize,
      toast: toast.error(CLIENT_MESSAGES.listFailed),
    };
  }
}

// Deletes come from a fetcher; the redirect back to the same list (search, sort, page kept)
// carries the toast and replaces the history entry.
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const back = (deleted: boolean) =>
    redirectWithToast(
      `/admin/clients${new URL(request.url).search}`,
      deleted ? "success" : "error",
      deleted ? CLIENT_MESSAGES.deleted : CLIENT_MESSAGES.deleteFailed,
      { replace: true },
    );
  const form = await readForm(request);
  const id = form.id ?? "";
  if (form.intent !== "delete" || !id) return back(false);
  try {
    return back(await deleteClient({ id, actor: user }));
  } catch (err) {
    log.error({ err }, "client delete failed");
    return back(false);
  }
}

export default function ClientsList({ loaderData }: Route.ComponentProps) {
  const { rows, hasMore, count, q, status, sort, dir, page, pageSize } = loaderData;
  useReplyToast(loaderData);
  return (
    <>
      <PageHeader
        title="Clientes"
        subtitle="Gerencie os clientes e suas assinaturas."
        actions={
          <>
            <ExportLink to="/admin/clients/export" />
            <ActionLink to="/admin/clients/new" icon={Plus}>
              Novo Cliente
            </ActionLink>
          </>
        }
      />
      <div className="mb-4">
        <SearchForm
          q={q}
          placeholder="Nome, email ou negócio"
          label="Buscar clientes"
          keep={{ sort: sort === "created_at" ? null : sort, dir: dir === "desc" ? null : dir }}
        >
          <select
            name="status"
            defaultValue={status ?? ""}
            aria-label="Status do cliente"
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          >
            <option value="">Todos os status</option>
            {CLIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </SearchForm>
      </div>
      <ClientsTable
        rows={rows}
        sort={sort}
        dir={dir}
        emptyText={
          q
            ? `Nenhum cliente encontrado para "${q}".`
            : status
              ? `Nenhum cliente ${CLIENT_STATUS_LABELS[status].toLowerCase()}.`
              : "Nenhum cliente cadastrado."
        }
      />
      <Pagination page={page} pageSize={pageSize} count={count} hasMore={hasMore} />
    </>
  );
}

export function meta() {
  return [{ title: "Clientes | CardápioDigital" }];
}
