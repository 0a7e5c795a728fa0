import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/onboarding";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { Card } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { Button, TextAreaField, TextField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { requireAdmin } from "~/modules/auth/session.server";
import { ONBOARDING_MESSAGES } from "~/modules/onboarding/onboarding.constants";
import { onboardingSettingsSchema } from "~/modules/onboarding/onboarding.schema";
import {
  getOnboardingSettings,
  saveOnboardingSettings,
} from "~/modules/onboarding/onboarding-settings.server";
import { saveSettingsForm } from "~/server/http/settings-form.server";

const PATH = "/admin/settings/onboarding";
const FIELDS = ["dueDays", "targetDays", "checklist"] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string>>;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const s = await getOnboardingSettings();
  return { dueDays: String(s.dueDays), targetDays: String(s.targetDays), checklist: s.checklist.join("\n") };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  return saveSettingsForm(request, {
    schema: onboardingSettingsSchema,
    fields: FIELDS,
    maxLength: 2000,
    path: PATH,
    saved: ONBOARDING_MESSAGES.settingsSaved,
    error: ONBOARDING_MESSAGES.settingsError,
    save: (input) => saveOnboardingSettings({ input, actor: user }),
  });
}

export default function OnboardingSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const typed: Values = (actionData && "values" in actionData ? actionData.values : undefined) ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const value = (k: (typeof FIELDS)[number]) => typed[k] ?? loaderData[k];
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="O prazo da implantação e o seu checklist" />
      <SettingsNav />
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">Implantação</h2>
        <p className="mt-1 text-sm text-slate-600">
          Contados em dias úteis a partir da confirmação do pagamento, sem fins de semana e feriados
          nacionais. Implantações já abertas mantêm as datas e o checklist de quando abriram.
        </p>
        <Form method="post" className="mt-4 space-y-4" key={JSON.stringify(loaderData)}>
          <TextField
            label="Prazo (dias úteis)"
            name="dueDays"
            type="number"
            min={1}
            max={30}
            defaultValue={value("dueDays")}
            error={errors.dueDays}
          />
          <TextField
            label="Meta (dias úteis)"
            name="targetDays"
            type="number"
            min={1}
            max={30}
            defaultValue={value("targetDays")}
            error={errors.targetDays}
          />
          <TextAreaField
            label="Checklist (um item por linha)"
            name="checklist"
            rows={7}
            maxLength={2000}
            defaultValue={value("checklist")}
            error={errors.checklist}
          />
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function meta() {
  return [{ title: "Implantação | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar as configurações de implantação" />;
}
