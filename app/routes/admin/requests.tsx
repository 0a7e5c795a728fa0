import { Form, useLocation } from "react-router";
import type { Route } from "./+types/requests";
import { RequestCard } from "~/components/admin/requests/request-card";
import { Button } from "~/components/ui/form";
import { ListEmpty } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  CLIENT_REQUEST_MESSAGES,
  CLIENT_REQUEST_STATUS_LABELS,
  CLIENT_REQUEST_STATUSES,
} from "~/modules/client-requests/requests.constants";
import { decideClientRequest } from "~/modules/client-requests/decide-request.server";
import { listClientRequests } from "~/modules/client-requests/requests.server";
import { ClientRequestDecisionSchema, requestRefusal } from "~/modules/client-requests/requests.schema";
import { checkForm, readForm, type FormFields } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

// "Solicitações": the restaurants' plan changes and cancellations asked for at
// /cliente, open first. The client page's cards post here too, with where to go back.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const status = new URL(request.url).searchParams.get("status");
  try {
    return { status, requests: await listClientRequests({ status }), toast: null };
  } catch (err) {
    log.error({ err }, "client requests list failed");
    return { status, requests: [], toast: toast.error("Erro ao carregar as solicitações") };
  }
}

function backTo(form: FormFields): string {
  const back = form.back ?? "";
  return /^\/admin\/[\w/?=&%.+-]*$/.test(back) && back.length <= 500 ? back : "/admin/requests";
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const form = await readForm(request);
  const checked = checkForm(form, ClientRequestDecisionSchema, (errors) =>
    requestRefusal(errors, { only: true }),
  );
  try {
    const result = checked.ok
      ? await decideClientRequest({ requestId: form.requestId ?? "", input: checked.data, actor: user })
      : checked.reply;
    if (result.ok) return redirectWithToast(backTo(form), "success", result.message, { replace: true });
    return replyError(result.message, {
      status: result.fieldErrors ? 400 : 409,
      toastOnly: true,
      fieldErrors: result.fieldErrors,
    });
  } catch (err) {
    log.error({ err }, "client request decision failed");
    return replyError(CLIENT_REQUEST_MESSAGES.failed, { toastOnly: true });
  }
}

export default function ClientRequests({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(loaderData);
  useReplyToast(actionData);
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHeader
        title="Solicitações"
        subtitle="Trocas de plano e cancelamentos pedidos pelos clientes na Área do Cliente."
      />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filtrar solicitações">
        <label className="text-sm text-slate-700">
          Situação
          <select
            name="status"
            defaultValue={loaderData.status ?? ""}
            className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          >
            <option value="">Todas</option>
            {CLIENT_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_REQUEST_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">Filtrar</Button>
      </Form>
      {loaderData.requests.length === 0 ? (
        <ListEmpty>Nenhuma solicitação.</ListEmpty>
      ) : (
        <div className="space-y-3">
          {loaderData.requests.map((r) => (
            <RequestCard key={r.id} request={r} back={pathname + search} />
          ))}
        </div>
      )}
    </>
  );
}

export function meta() {
  return [{ title: "Solicitações | CardápioDigital" }];
}
