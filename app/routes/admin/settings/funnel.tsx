import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/funnel";
import { Card } from "~/components/admin/ui";
import { Button, TextAreaField } from "~/components/ui/form";
import { IdleDaysFields } from "~/components/admin/settings/idle-days-fields";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { ListError } from "~/components/ui/list-states";
import { replyError, replyInvalid, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { getFunnelSettings, saveFunnelSettings } from "~/modules/leads/funnel-settings.server";
import { FunnelSettingsSchema, LOST_MESSAGES } from "~/modules/leads/leads.schema";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

// Settings → Funil: the lost reasons and whether a reason is required, and the
// days after which an open card says "parado há N dias".
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { settings: await getFunnelSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  // One message for the list, whichever line was wrong.
  const form = await parseForm(request, FunnelSettingsSchema, (errors) => {
    const first = Object.entries(errors).find(([k]) => k.startsWith("lostReasons"))?.[1];
    const idle = Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith("idle_")));
    return replyInvalid(
      first || !Object.keys(idle).length
        ? { lostReasons: first ?? LOST_MESSAGES.reasonsRequired, ...idle }
        : idle,
      { toast: toast.error(LOST_MESSAGES.settingsError) },
    );
  });
  if (!form.ok) return form.reply;
  try {
    await saveFunnelSettings({ input: form.data, actor: user });
  } catch (err) {
    log.error({ err }, "saveFunnelSettings failed");
    return replyError(LOST_MESSAGES.settingsError, { toastOnly: true });
  }
  return redirectWithToast("/admin/settings/funnel", "success", LOST_MESSAGES.settingsSaved);
}

export default function FunnelSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const { settings } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="max-w-3xl">
      <PageHeader title="Configurações" subtitle="Funil de vendas: motivos de perda dos leads" />
      <SettingsNav />
      <Card>
        <Form
          method="post"
          noValidate
          className="space-y-5"
          key={`${settings.lostReasons.join("\n")}|${Object.values(settings.idleDays).join(",")}`}
        >
          <TextAreaField
            label="Motivos de perda (um por linha)"
            name="lostReasons"
            rows={8}
            defaultValue={settings.lostReasons.join("\n")}
            error={actionData?.fieldErrors?.lostReasons}
          />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="lostReasonRequired" defaultChecked={settings.lostReasonRequired} />
            Exigir um motivo ao marcar um lead como perdido
          </label>
          <IdleDaysFields values={settings.idleDays} errors={actionData?.fieldErrors} />
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function meta() {
  return [{ title: "Funil de vendas | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar as configurações do funil" />;
}
