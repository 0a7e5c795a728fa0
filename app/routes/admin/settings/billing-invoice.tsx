import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/billing-invoice";
import {
  InvoiceSettingsForm,
  type InvoiceSettingsValues,
} from "~/components/admin/invoices/invoice-settings-form";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { Card } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { requireAdmin } from "~/modules/auth/session.server";
import { DEFAULT_DESCRIPTION_TEMPLATE } from "~/modules/invoices/invoices.constants";
import {
  INVOICE_SETTINGS_FIELDS,
  INVOICE_SETTINGS_MESSAGES,
  formatRateBp,
  invoiceSettingsSchema,
} from "~/modules/invoices/invoices.schema";
import {
  getInvoiceSettings,
  invoiceIssuingProblems,
  saveInvoiceSettings,
} from "~/modules/invoices/settings.server";
import { saveSettingsForm } from "~/server/http/settings-form.server";

const PATH = "/admin/settings/billing/nota-fiscal";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const s = await getInvoiceSettings();
  const values: InvoiceSettingsValues = {
    enabled: s?.enabled === false ? "" : "on",
    taxRegime: s?.taxRegime ?? "",
    municipalRegistration: s?.municipalRegistration ?? "",
    subscriptionServiceItem: s?.subscriptionServiceItem ?? "1.05",
    subscriptionServiceCode: s?.subscriptionServiceCode ?? "",
    subscriptionServiceName: s?.subscriptionServiceName ?? "",
    activationServiceItem: s?.activationServiceItem ?? "1.07",
    activationServiceCode: s?.activationServiceCode ?? "",
    activationServiceName: s?.activationServiceName ?? "",
    issRate: s ? formatRateBp(s.issRateBp) : "",
    issWithheld: s?.issWithheld ? "on" : "",
    pisRate: formatRateBp(s?.pisRateBp ?? 0),
    cofinsRate: formatRateBp(s?.cofinsRateBp ?? 0),
    csllRate: formatRateBp(s?.csllRateBp ?? 0),
    irRate: formatRateBp(s?.irRateBp ?? 0),
    inssRate: formatRateBp(s?.inssRateBp ?? 0),
    descriptionTemplate: s?.descriptionTemplate ?? DEFAULT_DESCRIPTION_TEMPLATE,
    issueWhen: s?.issueWhen ?? "pagamento",
    ibsCbsCst: s?.ibsCbsCst ?? "",
    ibsCbsClassification: s?.ibsCbsClassification ?? "",
    ibsCbsOperationIndicator: s?.ibsCbsOperationIndicator ?? "",
    nbsCode: s?.nbsCode ?? "",
  };
  return { values, problems: await invoiceIssuingProblems() };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  return saveSettingsForm(request, {
    schema: invoiceSettingsSchema,
    fields: INVOICE_SETTINGS_FIELDS,
    maxLength: 500,
    path: PATH,
    saved: INVOICE_SETTINGS_MESSAGES.saved,
    error: INVOICE_SETTINGS_MESSAGES.error,
    save: (input) => saveInvoiceSettings({ input, actor: user }),
  });
}

export default function InvoiceSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const typed = (actionData && "values" in actionData ? actionData.values : undefined) ?? {};
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="Nota fiscal de serviço (NFS-e)" />
      <SettingsNav />
      <p className="mb-4 text-sm">
        <Link to="/admin/settings/billing" className="tap font-medium text-brand-700 hover:underline">
          ← PIX, lembretes e suspensão
        </Link>
        {" · "}
        <Link to="/admin/billing/notas-fiscais" className="tap font-medium text-brand-700 hover:underline">
          Notas fiscais emitidas
        </Link>
      </p>
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">Nota fiscal</h2>
        <p className="mt-1 text-sm text-slate-600">
          Com o Asaas configurado, cada cobrança paga recebe a sua nota fiscal de serviço, emitida pelo
          provedor na prefeitura. Sem estes dados, nenhuma nota é emitida.
        </p>
        {loaderData.problems.map((p) => (
          <p key={p} role="status" className="mt-3 rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">
            {p}
          </p>
        ))}
        <InvoiceSettingsForm
          values={{ ...loaderData.values, ...(typed as Partial<InvoiceSettingsValues>) }}
          errors={actionData?.fieldErrors ?? {}}
          busy={busy}
        />
      </Card>
    </div>
  );
}

export function meta() {
  return [{ title: "Nota fiscal | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message="Erro ao carregar os dados da nota fiscal" />;
}
