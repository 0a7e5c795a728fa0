import { useState } from "react";
import { PlanOptions } from "~/components/ui/plan-options";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/admin/ui";
import { AddressFields } from "~/components/ui/address-fields";
import { EMPTY_ADDRESS_VALUES } from "~/lib/br-address";
import { Button, FormAlert, SelectField, TextField } from "~/components/ui/form";
import { useClientValidation } from "~/components/ui/use-client-validation";
import { useUnsavedChanges } from "~/components/ui/use-unsaved-changes";
import { formatPhone, maskPhoneInput } from "~/lib/phone";
import type { ClientFormValues } from "~/modules/clients/client-form.server";
import { fieldErrors, formToObject, type FieldErrors } from "~/lib/validation";
import {
  CLIENT_STATUSES,
  CLIENT_STATUS_LABELS,
  ClientEditSchema,
  ClientSchema,
  clientStatusColor,
} from "~/modules/clients/clients.schema";

export type { ClientFormValues };

export const EMPTY_CLIENT: ClientFormValues = {
  name: "",
  email: "",
  phone: "",
  businessName: "",
  document: "",
  planId: "",
  status: "ativo",
  ...EMPTY_ADDRESS_VALUES,
};

function checkWith(schema: typeof ClientSchema | typeof ClientEditSchema) {
  return (form: HTMLFormElement): FieldErrors | null => {
    const parsed = schema.safeParse(formToObject(new FormData(form)));
    return parsed.success ? null : fieldErrors(parsed.error);
  };
}
const checkCreate = checkWith(ClientSchema);
const checkEdit = checkWith(ClientEditSchema);

/**
 * SPEC §2/§5 client form (create and edit): every field required, phone masked while typing.
 * Editing shows the plan without changing it: it is chosen on the subscription.
 */
export function ClientForm({
  mode,
  plans,
  values,
  errors: serverErrors,
  formError,
  cancelTo = "/admin/clients",
}: {
  mode: "create" | "edit";
  plans: { id: string; name: string; priceCents: number }[];
  values: ClientFormValues;
  errors?: FieldErrors;
  formError?: string | null;
  cancelTo?: string;
}) {
  const busy = useNavigation().state === "submitting";
  const check = mode === "create" ? checkCreate : checkEdit;
  const { formRef, errors, onSubmit, onChange, onBlur } = useClientValidation(check, serverErrors);
  const unsaved = useUnsavedChanges();
  const [phone, setPhone] = useState(formatPhone(values.phone));
  const [status, setStatus] = useState(values.status);
  return (
    <Form
      method="post"
      ref={formRef}
      onSubmit={(e) => {
        onSubmit(e);
        unsaved.onSubmit(e);
      }}
      onChange={(e) => {
        onChange(e);
        unsaved.markDirty();
      }}
      onBlur={onBlur}
      noValidate
      className="space-y-5"
    >
      {unsaved.dialog}
      {mode === "edit" && <input type="hidden" name="intent" value="update" />}
      <FormAlert message={formError} />
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label="Nome"
          name="name"
          required
          maxLength={120}
          autoComplete="off"
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Telefone"
          name="phone"
          type="tel"
          inputMode="tel"
          required
          maxLength={20}
          placeholder="(99) 99999-9999"
          value={phone}
          onChange={(e) => setPhone(maskPhoneInput(e.target.value))}
          error={errors.phone}
        />
        <TextField
          label="Nome do negócio"
          name="businessName"
          required
          maxLength={160}
          defaultValue={values.businessName}
          error={errors.businessName}
        />
        <TextField
          label="CPF/CNPJ"
          name="document"
          maxLength={30}
          placeholder="Opcional"
          defaultValue={values.document}
          error={errors.document}
        />
        {mode === "create" ? (
          <SelectField
            label="Plano"
            name="planId"
            required
            defaultValue={values.planId}
            error={errors.planId}
          >
            <option value="">Selecione um plano</option>
            <PlanOptions plans={plans} />
          </SelectField>
        ) : (
          <div>
            <p className="text-sm font-medium text-slate-800">Plano</p>
            <p className="mt-2 text-sm text-slate-900">
              {plans.find((p) => p.id === values.planId)?.name ?? "Sem plano"}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              O plano segue a assinatura: mude-o em “Trocar plano” ou “Adicionar Assinatura”, abaixo.
            </p>
          </div>
        )}
        <div>
          <SelectField
            label="Status"
            name="status"
            required
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            error={errors.status}
          >
            {CLIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
          {(CLIENT_STATUSES as readonly string[]).includes(status) && (
            <p className="mt-2 text-sm text-slate-600">
              Exibição:{" "}
              <Badge color={clientStatusColor(status)}>
                {CLIENT_STATUS_LABELS[status as keyof typeof CLIENT_STATUS_LABELS]}
              </Badge>
            </p>
          )}
        </div>
        <AddressFields values={values} errors={errors} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy} busyLabel="Salvando...">
          {mode === "create" ? "Criar Cliente" : "Salvar Alterações"}
        </Button>
        <Link
          to={cancelTo}
          className="inline-flex items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Cancelar
        </Link>
      </div>
    </Form>
  );
}
