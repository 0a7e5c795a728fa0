import { z } from "~/lib/zod";
import type { Route } from "./+types/webhooks";
import { KeysetPagination } from "~/components/admin/keyset-pagination";
import { NewSecret, NewWebhookForm } from "~/components/admin/settings/webhook-forms";
import { DeliveryTable, EndpointTable } from "~/components/admin/settings/webhook-tables";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { WEBHOOK_MESSAGES, WebhookIntentSchema, WebhookSchema } from "~/modules/webhooks/webhooks.schema";
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  setWebhookActive,
} from "~/modules/webhooks/webhooks.server";
import { checkForm, readFormLists } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const PATH = "/admin/settings/webhooks";
const ParamsSchema = z.object({
  endpoint: z.uuid().optional().catch(undefined),
  before: z.uuid().optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const sp = new URL(request.url).searchParams;
  const params = ParamsSchema.parse({
    endpoint: sp.get("endpoint") || undefined,
    before: sp.get("before") || undefined,
  });
  const endpoints = await listWebhooks();
  const selected = endpoints.find((e) => e.id === params.endpoint) ?? null;
  const deliveries = selected
    ? await listDeliveries({ endpointId: selected.id, before: params.before })
    : null;
  return {
    endpoints,
    selected: selected ? { id: selected.id, url: selected.url } : null,
    deliveries: deliveries?.rows ?? [],
    next: deliveries?.next ?? null,
    before: selected ? (params.before ?? null) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  // `events` is a group of checkboxes (several values under one name).
  const { fields, lists } = await readFormLists(request, ["events"]);
  const here = new URL(request.url);
  if (fields.intent === "create") {
    const parsed = checkForm({ url: fields.url ?? "", events: lists.events }, WebhookSchema, (errors) =>
      replyInvalid(errors, { toast: toast.error(WEBHOOK_MESSAGES.createFailed) }),
    );
    if (!parsed.ok) return parsed.reply;
    const result = await createWebhook({ input: parsed.data, createdBy: user.id, actor: user });
    if (!result.ok) {
      return replyInvalid(result.field === "url" ? { url: result.message } : {}, {
        formError: result.field === "_form" ? result.message : null,
        toast: toast.error(WEBHOOK_MESSAGES.createFailed),
      });
    }
    return replyOk(toast.success(WEBHOOK_MESSAGES.created), {
      created: { url: result.endpoint.url, secret: result.secret },
    });
  }
  const parsed = checkForm(fields, WebhookIntentSchema, () =>
    replyError(WEBHOOK_MESSAGES.actionFailed, { status: 400, toastOnly: true }),
  );
  if (!parsed.ok) return parsed.reply;
  const back = `${PATH}${here.search}`;
  const input = parsed.data;
  try {
    if (input.intent === "delete") {
      if (!(await deleteWebhook({ id: input.id, actor: user })))
        return replyError(WEBHOOK_MESSAGES.notFound, { status: 404, toastOnly: true });
      const stillThere = here.searchParams.get("endpoint") !== input.id;
      return redirectWithToast(stillThere ? back : PATH, "success", WEBHOOK_MESSAGES.deleted);
    }
    if (input.intent === "toggle") {
      const active = input.active === "true";
      if (!(await setWebhookActive({ id: input.id, active, actor: user })))
        return replyError(WEBHOOK_MESSAGES.notFound, { status: 404, toastOnly: true });
      return redirectWithToast(back, "success", WEBHOOK_MESSAGES.toggled(active));
    }
    if (!(await redeliver({ id: input.id, actor: user })))
      return replyError(WEBHOOK_MESSAGES.redeliverFailed, { status: 409, toastOnly: true });
    return redirectWithToast(back, "success", WEBHOOK_MESSAGES.redelivered);
  } catch (err) {
    log.error({ err, intent: input.intent }, "webhook action failed");
    return replyError(WEBHOOK_MESSAGES.actionFailed, { toastOnly: true });
  }
}

export default function WebhookSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const { endpoints, selected, deliveries, next, before } = loaderData;
  const created = (actionData as { created?: { url: string; secret: string } } | undefined)?.created;
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="Avise outros sistemas quando algo acontecer" />
      <SettingsNav />
      {created && <NewSecret url={created.url} secret={created.secret} />}
      <NewWebhookForm errors={actionData?.fieldErrors} resetKey={created?.secret ?? "novo"} />
      <h2 className="mb-3 text-lg font-semibold text-slate-900">Webhooks cadastrados</h2>
      <EndpointTable rows={endpoints} selected={selected?.id ?? null} />
      {selected && (
        <section aria-labelledby="entregas" className="mt-8">
          <h2 id="entregas" className="mb-3 text-lg font-semibold break-all text-slate-900">
            Entregas para {selected.url}
          </h2>
          <DeliveryTable rows={deliveries} />
          <KeysetPagination before={before} next={next} />
        </section>
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Webhooks | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={WEBHOOK_MESSAGES.loadError} />;
}
