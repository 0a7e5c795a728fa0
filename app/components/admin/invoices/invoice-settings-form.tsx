import { Form } from "react-router";
import { Button, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import {
  ISSUE_WHEN,
  ISSUE_WHEN_LABELS,
  TAX_REGIME_LABELS,
  TAX_REGIMES,
} from "~/modules/invoices/invoices.constants";
import type { INVOICE_SETTINGS_FIELDS } from "~/modules/invoices/invoices.schema";

export type InvoiceSettingsField = (typeof INVOICE_SETTINGS_FIELDS)[number];
export type InvoiceSettingsValues = Record<InvoiceSettingsField, string>;

function Checkbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={`nf-${name}`}
        type="checkbox"
        name={name}
        defaultChecked={checked}
        className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
      />
      <label htmlFor={`nf-${name}`} className="text-sm text-slate-700">
        {label}
      </label>
    </div>
  );
}

/** Configurações → Financeiro → Nota fiscal: the company's fiscal data (decision 045). */
export function InvoiceSettingsForm({
  values,
  errors,
  busy,
}: {
  values: InvoiceSettingsValues;
  errors: Partial<Record<string, string>>;
  busy: boolean;
}) {
  const text = (name: InvoiceSettingsField, label: string, maxLength: number, hint?: string) => (
    <TextField
      label={label}
      name={name}
      maxLength={maxLength}
      defaultValue={values[name]}
      hint={hint}
      error={errors[name]}
    />
  );
  return (
    <Form method="post" className="mt-4 space-y-4" key={JSON.stringify(values)}>
      <Checkbox
        name="enabled"
        label="Emitir a nota fiscal de cada cobrança paga automaticamente"
        checked={values.enabled === "on"}
      />
      <SelectField
        label="Regime tributário"
        name="taxRegime"
        defaultValue={values.taxRegime}
        error={errors.taxRegime}
      >
        <option value="">Escolha…</option>
        {TAX_REGIMES.map((r) => (
          <option key={r} value={r}>
            {TAX_REGIME_LABELS[r]}
          </option>
        ))}
      </SelectField>
      {text("municipalRegistration", "Inscrição municipal", 20)}
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Serviço da mensalidade</legend>
        {text(
          "subscriptionServiceItem",
          "Item da lista de serviços (LC 116)",
          5,
          "1.05: licenciamento ou cessão de direito de uso de programas de computação.",
        )}
        {text("subscriptionServiceCode", "Código do serviço na prefeitura", 20)}
        {text("subscriptionServiceName", "Nome do serviço na prefeitura", 200)}
      </fieldset>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Serviço da taxa de ativação</legend>
        {text(
          "activationServiceItem",
          "Item da lista de serviços (LC 116)",
          5,
          "1.07: suporte técnico, instalação e configuração. Use o mesmo da mensalidade se a prefeitura não distingue.",
        )}
        {text("activationServiceCode", "Código do serviço na prefeitura", 20)}
        {text("activationServiceName", "Nome do serviço na prefeitura", 200)}
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Alíquotas (%)</legend>
        {text("issRate", "ISS", 10)}
        {text("pisRate", "PIS", 10)}
        {text("cofinsRate", "COFINS", 10)}
        {text("csllRate", "CSLL", 10)}
        {text("irRate", "IR", 10)}
        {text("inssRate", "INSS", 10)}
        <div className="sm:col-span-3">
          <Checkbox
            name="issWithheld"
            label="ISS retido pelo tomador"
            checked={values.issWithheld === "on"}
          />
        </div>
      </fieldset>
      <TextAreaField
        label="Descrição do serviço na nota"
        name="descriptionTemplate"
        maxLength={500}
        rows={3}
        defaultValue={values.descriptionTemplate}
        hint="Campos: {plano}, {periodo} (01/04/2026 a 30/04/2026), {cobranca} (número) e {cliente}."
        error={errors.descriptionTemplate}
      />
      <SelectField
        label="Quando emitir"
        name="issueWhen"
        defaultValue={values.issueWhen}
        error={errors.issueWhen}
      >
        {ISSUE_WHEN.map((w) => (
          <option key={w} value={w}>
            {ISSUE_WHEN_LABELS[w]}
          </option>
        ))}
      </SelectField>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">IBS/CBS (Reforma Tributária)</legend>
        <p className="text-sm text-slate-600">
          Obrigatório em 2026 para Lucro Presumido e Lucro Real; Simples Nacional e MEI podem deixar em
          branco. Confirme os códigos com o seu contador.
        </p>
        {text("ibsCbsCst", "CST do IBS/CBS", 3)}
        {text("ibsCbsClassification", "Classificação tributária (cClassTrib)", 8)}
        {text("ibsCbsOperationIndicator", "Indicador da operação", 8)}
        {text("nbsCode", "Código NBS", 12)}
      </fieldset>
      <Button type="submit" busy={busy} busyLabel="Salvando...">
        Salvar
      </Button>
    </Form>
  );
}
