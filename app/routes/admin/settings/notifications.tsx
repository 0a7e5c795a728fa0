import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/notifications";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { Card } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { Button, TextAreaField, TextField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { requireAdmin } from "~/modules/auth/session.server";
import { LeadAlertEmailsSchema, NOTIFICATION_MESSAGES } from "~/modules/settings/settings.schema";
import { getSettings, saveLeadAlertEmails } from "~/modules/settings/settings.server";
import { saveSettingsForm } from "~/server/http/settings-form.server";

const PATH = "/admin/settings/notifications";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const s = await getSettings({ fresh: true });
  return { leadAlertEmails: s?.leadAlertEmails ?? [], supportEmail: s?.supportEmail ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  return saveSettingsForm(request, {
    schema: LeadAlertEmailsSchema,
    fields: ["leadAlertEmails", "supportEmail"],
    maxLength: 5000,
    path: PATH,
    saved: NOTIFICATION_MESSAGES.saved,
    error: NOTIFICATION_MESSAGES.saveError,
    save: (input) =>
      saveLeadAlertEmails({ emails: input.leadAlertEmails, supportEmail: input.supportEmail, actor: user }),
  });
}

export default function NotificationSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const stored = loaderData.leadAlertEmails.join("\n");
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const typed = values?.leadAlertEmails;
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="Quem recebe os avisos do sistema" />
      <SettingsNav />
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">Notificações</h2>
        <p className="mt-1 text-sm text-slate-600">
          Todo administrador ativo já recebe um e-mail a cada novo lead. Informe aqui outros endereços que
          também devem recebê-lo.
        </p>
        <Form method="post" className="mt-4 space-y-4" noValidate key={stored + loaderData.supportEmail}>
          <TextField
            label="E-mail de atendimento"
            name="supportEmail"
            type="email"
            maxLength={254}
            defaultValue={values?.supportEmail ?? loaderData.supportEmail}
            placeholder="atendimento@suaempresa.com.br"
            hint="Quando o cliente responde a um e-mail (cobranças, lembretes, recibos, implantação), a resposta vai para este endereço. Vazio: os e-mails não pedem resposta e indicam a Área do Cliente."
            error={actionData?.fieldErrors?.supportEmail}
          />
          <TextAreaField
            label="E-mails que recebem novos leads"
            name="leadAlertEmails"
            rows={6}
            defaultValue={typed ?? stored}
            placeholder={"vendas@seunegocio.com.br\nsocio@seunegocio.com.br"}
            error={actionData?.fieldErrors?.leadAlertEmails}
          />
          <p className="text-xs text-slate-500">Um e-mail por linha (até 20).</p>
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function meta() {
  return [{ title: "Notificações | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={NOTIFICATION_MESSAGES.loadError} />;
}
