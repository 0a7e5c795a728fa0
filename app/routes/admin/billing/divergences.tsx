import { Link } from "react-router";
import type { Route } from "./+types/divergences";
import { DivergencesTable } from "~/components/admin/billing/divergences-table";
import { Pagination } from "~/components/admin/pagination";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { ResolveDivergenceSchema } from "~/modules/billing/billing.schema";
import {
  DIVERGENCE_MESSAGES,
  DIVERGENCE_PAGE_SIZE as pageSize,
  listDivergences,
  resolveDivergence,
} from "~/modules/billing/divergences.server";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

// Financeiro → Divergências: money that does not match its charge, for an admin to settle.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const open = url.searchParams.get("situacao") !== "resolvidas";
  const page = Math.min(Math.max(Number(url.searchParams.get("page")) || 1, 1), 1000);
  try {
    const { rows, count } = await listDivergences({ open, page });
    return { open, page, pageSize, rows, count, toast: null };
  } catch (err) {
    log.error({ err }, "divergences list failed");
    return {
      open,
      page,
      pageSize,
      rows: [],
      count: 0,
      toast: toast.error("Erro ao carregar as divergências"),
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await parseForm(request, ResolveDivergenceSchema, (errors) =>
    replyError(DIVERGENCE_MESSAGES.invalid, { status: 400, fieldErrors: errors, toastOnly: true }),
  );
  if (!form.ok) return form.reply;
  try {
    const result = await resolveDivergence({
      id: (form.fields.id ?? "").slice(0, 64),
      resolution: form.data.resolution,
      actor: user,
    });
    if (!result.ok) return replyError(result.message, { status: 409, toastOnly: true });
    return redirectWithToast("/admin/billing/divergencias", "success", DIVERGENCE_MESSAGES.resolved);
  } catch (err) {
    log.error({ err }, "divergence resolution failed");
    return replyError(DIVERGENCE_MESSAGES.actionError, { toastOnly: true });
  }
}

export default function Divergences({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(loaderData);
  useReplyToast(actionData);
  // The page size comes with the data: the component may not import the server module.
  const { open, rows, count, page, pageSize } = loaderData;
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-brand-100 text-brand-800" : "text-slate-600 hover:bg-slate-100"}`;
  return (
    <>
      <PageHeader
        title="Divergências"
        subtitle="Pagamentos que não conferem com a cobrança: a menos, a mais, em dobro ou de cobrança cancelada."
        actions={
          <Link to="/admin/billing" className="text-sm font-medium text-brand-700 hover:underline">
            Voltar ao Financeiro
          </Link>
        }
      />
      <nav aria-label="Situação das divergências" className="mb-4 flex gap-2">
        <Link to="/admin/billing/divergencias" className={tab(open)} aria-current={open ? "page" : undefined}>
          Em aberto
        </Link>
        <Link
          to="/admin/billing/divergencias?situacao=resolvidas"
          className={tab(!open)}
          aria-current={!open ? "page" : undefined}
        >
          Resolvidas
        </Link>
      </nav>
      <DivergencesTable rows={rows} open={open} />
      <Pagination
        page={page}
        pageSize={pageSize}
        count={{ total: count, kind: "exact" }}
        hasMore={page * pageSize < count}
      />
    </>
  );
}

export function meta() {
  return [{ title: "Divergências | CardápioDigital" }];
}
