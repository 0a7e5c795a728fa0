import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/company";
import { SettingsNav } from "~/components/admin/settings/settings-nav";
import { Card } from "~/components/admin/ui";
import { ListError } from "~/components/ui/list-states";
import { Button, SelectField, TextField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { formatCnpj } from "~/lib/br-documents";
import { requireAdmin } from "~/modules/auth/session.server";
import { COMPANY_MESSAGES, companySchema, formatCep, UFS } from "~/modules/billing/company.schema";
import { getCompanyData, saveCompanyData } from "~/modules/billing/company.server";
import { saveSettingsForm } from "~/server/http/settings-form.server";

// Configurações → Financeiro → "Dados da empresa": the issuer every receipt names (decision 042).

const PATH = "/admin/settings/billing/company";
const FIELDS = [
  "companyLegalName",
  "companyCnpj",
  "companyAddress",
  "companyDistrict",
  "companyCity",
  "companyUf",
  "companyCep",
] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string>>;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const c = await getCompanyData();
  const values: Record<(typeof FIELDS)[number], string> = {
    companyLegalName: c?.legalName ?? "",
    companyCnpj: c ? formatCnpj(c.cnpj) : "",
    companyAddress: c?.address ?? "",
    companyDistrict: c?.district ?? "",
    companyCity: c?.city ?? "",
    companyUf: c?.uf ?? "",
    companyCep: c ? formatCep(c.cep) : "",
  };
  return { values, set: c !== null };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  return saveSettingsForm(request, {
    schema: companySchema,
    fields: FIELDS,
    maxLength: 200,
    path: PATH,
    saved: COMPANY_MESSAGES.saved,
    error: COMPANY_MESSAGES.saveError,
    save: (input) => saveCompanyData({ input, actor: user }),
  });
}

export default function CompanySettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  const busy = useNavigation().state === "submitting";
  const typed: Values = (actionData && "values" in actionData ? actionData.values : undefined) ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const value = (k: (typeof FIELDS)[number]) => typed[k] ?? loaderData.values[k];
  return (
    <div className="max-w-6xl">
      <PageHeader title="Configurações" subtitle="Quem emite os recibos" />
      <SettingsNav />
      <Card className="max-w-2xl">
        <h2 className="text-lg font-semibold text-slate-900">Dados da empresa</h2>
        <p className="mt-1 text-sm text-slate-600">
          A razão social, o CNPJ e o endereço aparecem em todo recibo, na Área do Cliente e no e-mail
          “Pagamento recebido”.
        </p>
        {!loaderData.set && (
          <p role="status" className="mt-3 rounded-md bg-yellow-50 p-3 text-sm text-yellow-900">
            Enquanto estes dados não forem salvos, os e-mails de recibo ficam retidos e são enviados assim que
            você salvar.
          </p>
        )}
        <p className="mt-2 text-sm">
          <Link to="/admin/settings/billing" className="tap font-medium text-brand-700 hover:underline">
            Voltar ao Financeiro
          </Link>
        </p>
        <Form method="post" className="mt-4 space-y-4" noValidate key={JSON.stringify(loaderData.values)}>
          <TextField
            label="Razão social"
            name="companyLegalName"
            maxLength={150}
            autoComplete="organization"
            defaultValue={value("companyLegalName")}
            error={errors.companyLegalName}
          />
          <TextField
            label="CNPJ"
            name="companyCnpj"
            maxLength={20}
            inputMode="text"
            placeholder="00.000.000/0000-00"
            defaultValue={value("companyCnpj")}
            error={errors.companyCnpj}
          />
          <TextField
            label="Endereço (logradouro, número e complemento)"
            name="companyAddress"
            maxLength={200}
            autoComplete="street-address"
            defaultValue={value("companyAddress")}
            error={errors.companyAddress}
          />
          <TextField
            label="Bairro"
            name="companyDistrict"
            maxLength={100}
            defaultValue={value("companyDistrict")}
            error={errors.companyDistrict}
          />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <TextField
              label="Cidade"
              name="companyCity"
              maxLength={100}
              autoComplete="address-level2"
              className="sm:col-span-2"
              defaultValue={value("companyCity")}
              error={errors.companyCity}
            />
            <SelectField
              label="UF"
              name="companyUf"
              defaultValue={value("companyUf")}
              error={errors.companyUf}
            >
              <option value="">Escolha</option>
              {UFS.map((uf) => (
                <option key={uf} value={uf}>
                  {uf}
                </option>
              ))}
            </SelectField>
          </div>
          <TextField
            label="CEP"
            name="companyCep"
            maxLength={10}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            defaultValue={value("companyCep")}
            error={errors.companyCep}
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
  return [{ title: "Dados da empresa | Configurações | CardápioDigital" }];
}

export function ErrorBoundary() {
  return <ListError message={COMPANY_MESSAGES.loadError} />;
}
