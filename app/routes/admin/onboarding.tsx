import { Form, useLocation } from "react-router";
import type { Route } from "./+types/onboarding";
import { OnboardingCard } from "~/components/admin/onboarding/onboarding-card";
import { PublishReplyPanel } from "~/components/admin/onboarding/publish-form";
import { Button } from "~/components/ui/form";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { reply, replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import type { FieldErrors } from "~/lib/validation";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { runOnboardingAction } from "~/modules/onboarding/actions.server";
import { OnboardingActionSchema } from "~/modules/onboarding/onboarding.schema";
import { listBoard, parseBoardFilters } from "~/modules/onboarding/board.server";
import {
  BOARD_COLUMN_LIMIT,
  BOARD_SORT_LABELS,
  BOARD_SORTS,
  ONBOARDING_HEALTH_LABELS,
  ONBOARDING_HEALTHS,
  ONBOARDING_MESSAGES,
  ONBOARDING_SOURCE_LABELS,
  ONBOARDING_STATUS_LABELS,
} from "~/modules/onboarding/onboarding.constants";
import { today } from "~/server/clock.server";
import { parseForm, type FormFields } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseBoardFilters(new URL(request.url).searchParams);
  try {
    return { filters, columns: await listBoard({ filters, today: today() }), toast: null };
  } catch (err) {
    log.error({ err }, "onboarding board failed");
    return { filters, columns: [], toast: toast.error(ONBOARDING_MESSAGES.loadError) };
  }
}

/** Where a form came from (the board with its filters, or a client page); only admin pages. */
function backTo(form: FormFields): string {
  const back = form.back ?? "";
  return /^\/admin\/[\w/?=&%.+-]*$/.test(back) && back.length <= 500 ? back : "/admin/onboarding";
}

// The board's and the client page's forms post here (fetchers). A tick answers quietly (the page
// revalidates); opening and publishing go back where they came from with their toast, since the
// card that asked has moved to another column by then.
export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  // A form the board cannot send (no such intent, a tick that is neither 1 nor 0).
  const form = await parseForm(request, OnboardingActionSchema, () =>
    replyError(ONBOARDING_MESSAGES.unknownAction, { status: 409, toastOnly: true }),
  );
  if (!form.ok) return form.reply;
  try {
    const result = await runOnboardingAction(form.data, user);
    if (result.ok && form.data.intent === "item") return replyOk(null);
    if (result.ok)
      return redirectWithToast(backTo(form.fields), "success", result.message, { replace: true });
    if (form.data.intent === "publish") return publishRefusal(result, form.data.id, form.fields);
    return replyError(result.message, { status: 409, toastOnly: true });
  } catch (err) {
    log.error({ err }, "onboarding action failed");
    return replyError(ONBOARDING_MESSAGES.actionError, { toastOnly: true });
  }
}

/**
 * "Publicar" refused: the addresses' errors (400), or the open steps to confirm (409), with what
 * was typed. Read by the card's fetcher and, without JavaScript, by this page (PublishReplyPanel).
 */
function publishRefusal(
  result: { message: string; fieldErrors?: FieldErrors; openSteps?: string[] },
  id: string,
  fields: FormFields,
) {
  const values = {
    menuUrl: fields.menuUrl ?? "",
    androidUrl: fields.androidUrl ?? "",
    iosUrl: fields.iosUrl ?? "",
    back: backTo(fields),
  };
  const extra = { intent: "publish" as const, id, openSteps: result.openSteps ?? [] };
  if (result.fieldErrors)
    return replyInvalid(result.fieldErrors, { values, toast: toast.error(result.message), extra });
  if (result.openSteps) return reply({ ...extra, formError: result.message, values }, { status: 409 });
  return replyError(result.message, { status: 409, values, extra });
}

function Filters({ filters }: { filters: Route.ComponentProps["loaderData"]["filters"] }) {
  const { search } = useLocation();
  const select = "mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm";
  return (
    <Form
      method="get"
      className="mb-4 flex flex-wrap items-end gap-3"
      key={search}
      aria-label="Filtrar implantações"
    >
      <label className="text-sm text-slate-700">
        Cliente
        <input type="search" name="q" defaultValue={filters.q} maxLength={100} className={select} />
      </label>
      <label className="text-sm text-slate-700">
        Situação
        <select name="saude" defaultValue={filters.health ?? ""} className={select}>
          <option value="">Todas</option>
          {ONBOARDING_HEALTHS.map((h) => (
            <option key={h} value={h}>
              {ONBOARDING_HEALTH_LABELS[h]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-slate-700">
        Origem
        <select name="origem" defaultValue={filters.source ?? ""} className={select}>
          <option value="">Todas</option>
          <option value="automatica">{ONBOARDING_SOURCE_LABELS.automatica}</option>
          <option value="manual">{ONBOARDING_SOURCE_LABELS.manual}</option>
        </select>
      </label>
      <label className="text-sm text-slate-700">
        Ordenar por
        <select name="ordem" defaultValue={filters.sort} className={select}>
          {BOARD_SORTS.map((s) => (
            <option key={s} value={s}>
              {BOARD_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit">Filtrar</Button>
    </Form>
  );
}

export default function OnboardingBoard({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(loaderData);
  useReplyToast(actionData);
  return (
    <>
      <PageHeader
        title="Implantação"
        subtitle="Do pagamento confirmado ao cardápio no ar, em dias úteis (sem fins de semana e feriados nacionais)."
      />
      <PublishReplyPanel
        reply={actionData}
        clientName={
          loaderData.columns
            .flatMap((c) => c.rows)
            .find((o) => actionData && "id" in actionData && o.id === actionData.id)?.clientName ?? null
        }
      />
      <Filters filters={loaderData.filters} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {loaderData.columns.map((col) => (
          <section
            key={col.status}
            aria-label={ONBOARDING_STATUS_LABELS[col.status]}
            className="rounded-xl bg-slate-50 p-3"
          >
            <h2 className="mb-3 flex items-center justify-between text-sm font-semibold text-slate-800">
              {ONBOARDING_STATUS_LABELS[col.status]}
              <span className="rounded-full bg-white px-2 text-xs text-slate-600">{col.count}</span>
            </h2>
            <div className="space-y-3">
              {col.rows.length === 0 && <p className="text-sm text-slate-500">Nenhuma implantação.</p>}
              {col.rows.map((o) => (
                <OnboardingCard key={o.id} onboarding={o} />
              ))}
              {col.count > col.rows.length && (
                <p className="text-xs text-slate-500">
                  Mostrando {BOARD_COLUMN_LIMIT} de {col.count}: use os filtros para ver as demais.
                </p>
              )}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}

export function meta() {
  return [{ title: "Implantação | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={ONBOARDING_MESSAGES.loadError} />;
}
