import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/billing";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { Card } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { Button, TextField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  DEFAULT_FIRST_CHARGE_BUSINESS_DAYS,
  DEFAULT_RENEWAL_DAYS_BEFORE,
  FIRST_CHARGE_BUSINESS_DAYS_MAX,
} from "~/modules/billing/billing.constants";
import { BILLING_FORM_MESSAGES, billingSettingsSchema } from "~/modules/billing/billing.schema";
import {
  DEFAULT_REMINDER_OFFSETS,
  DEFAULT_SUSPENSION_DAYS,
  formatReminderOffsets,
  reminderLabel,
} from "~/modules/billing/dunning.schema";
import { companyData } from "~/modules/billing/company.schema";
import { getBillingSettings, saveBillingSettings, usesDemoPixKey } from "~/modules/billing/settings.server";
import { saveSettingsForm } from "~/server/http/settings-form.server";

const PATH = "/admin/settings/billing";
const FIELDS = [
  "pixKey",
  "pixName",
  "pixCity",
  "renewalDaysBefore",
  "firstChargeBusinessDays",
  "reminderOffsets",
  "suspensionDays",
] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string>>;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const s = await getBillingSettings();
  return {
    pixKey: s?.pixKey ?? "",
    pixName: s?.pixName ?? "",
    pixCity: s?.pixCity ?? "",
    renewalDaysBefore: String(s?.renewalDaysBefore ?? DEFAULT_RENEWAL_DAYS_BEFORE),
    firstChargeBusinessDays: String(s?.firstChargeBusinessDays ?? DEFAULT_FIRST_CHARGE_BUSINESS_DAYS),
    reminderOffsets: formatReminderOffsets(s?.reminderOffsets ?? DEFAULT_REMINDER_OFFSETS),
    suspensionDays: String(s?.suspensionDays ?? DEFAULT_SUSPENSION_DAYS),
    steps: (s?.reminderOffsets ?? DEFAULT_REMINDER_OFFSETS).map(reminderLabel),
    demo: usesDemoPixKey(s),
    companySet: companyData(s) !== null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  return saveSettingsForm(request, {
    schema: billingSettingsSchema,
    fields: FIELDS,
    maxLength: 200,
    path: PATH,
    saved: BILLING_FORM_MESSAGES.settingsSaved,
    error: BILLING_FORM_MESSAGES.settingsError,
    save: (input) => saveBillingSettings({ input, actor: user }),
  });
}

export default function BillingSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const typed: Values = (actionData && "values" in actionData ? actionData.values : undefined) ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const value = (k: (typeof FIELDS)[number]) => typed[k] ?? loaderData[k];
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="Como os clientes pagam as cobranças" />
      <SettingsNav />
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">Financeiro</h2>
        <p className="mt-1 text-sm text-slate-600">
          Cada cobrança em aberto mostra um PIX copia e cola e um QR Code com esta chave, o valor e o número
          da cobrança.
        </p>
        {loaderData.demo && (
          <p role="status" className="mt-3 rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">
            Chave PIX de demonstração: troque pela chave da empresa antes de cobrar clientes de verdade.
          </p>
        )}
        {!loaderData.companySet && (
          <p role="status" className="mt-3 rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">
            Preencha os Dados da empresa: sem eles os e-mails de recibo ficam retidos.
          </p>
        )}
        <p className="mt-2 text-sm">
          <Link
            to="/admin/settings/billing/company"
            className="tap font-medium text-brand-700 hover:underline"
          >
            Dados da empresa (emitente dos recibos)
          </Link>
        </p>
        <p className="mt-2 text-sm">
          <Link
            to="/admin/settings/billing/provider"
            className="tap font-medium text-brand-700 hover:underline"
          >
            Provedor de pagamento (Asaas) e eventos recebidos
          </Link>
        </p>
        <Form method="post" className="mt-4 space-y-4" key={JSON.stringify(loaderData)}>
          <TextField
            label="Chave PIX"
            name="pixKey"
            maxLength={200}
            defaultValue={value("pixKey")}
            hint="CPF, CNPJ, e-mail, celular com DDD ou chave aleatória."
            error={errors.pixKey}
          />
          <TextField
            label="Nome do beneficiário"
            name="pixName"
            maxLength={25}
            defaultValue={value("pixName")}
            hint="Até 25 caracteres, como aparece para quem paga."
            error={errors.pixName}
          />
          <TextField
            label="Cidade do beneficiário"
            name="pixCity"
            maxLength={15}
            defaultValue={value("pixCity")}
            hint="Até 15 caracteres."
            error={errors.pixCity}
          />
          <TextField
            label="Emitir a cobrança da renovação quantos dias antes do fim do período"
            name="renewalDaysBefore"
            type="number"
            min={1}
            max={60}
            defaultValue={value("renewalDaysBefore")}
            error={errors.renewalDaysBefore}
          />
          <TextField
            label="Prazo da primeira cobrança (dias úteis)"
            name="firstChargeBusinessDays"
            type="number"
            min={1}
            max={FIRST_CHARGE_BUSINESS_DAYS_MAX}
            defaultValue={value("firstChargeBusinessDays")}
            hint="A primeira cobrança de uma assinatura vence este número de dias úteis depois de emitida (sem fins de semana e feriados nacionais), nunca no mesmo dia."
            error={errors.firstChargeBusinessDays}
          />
          <TextField
            label="Lembretes de pagamento (dias em relação ao vencimento)"
            name="reminderOffsets"
            maxLength={200}
            defaultValue={value("reminderOffsets")}
            hint={`Separados por vírgula: -3 é 3 dias antes, 0 é no dia, 7 é 7 dias depois. Vazio: nenhum lembrete. Hoje: ${loaderData.steps.join("; ") || "nenhum"}.`}
            error={errors.reminderOffsets}
          />
          <TextField
            label="Suspender a assinatura após quantos dias de atraso"
            name="suspensionDays"
            type="number"
            min={1}
            max={90}
            defaultValue={value("suspensionDays")}
            hint="Contados do vencimento (ou do dia útil seguinte, se vencer em fim de semana ou feriado)."
            error={errors.suspensionDays}
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
  return [{ title: "Financeiro | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar as configurações financeiras" />;
}
