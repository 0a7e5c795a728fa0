import { Plus, X } from "lucide-react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button, FormAlert, TextAreaField, TextField } from "~/components/ui/form";
import { useClientValidation } from "~/components/ui/use-client-validation";
import { useUnsavedChanges } from "~/components/ui/use-unsaved-changes";
import { fieldErrors, type FieldErrors } from "~/lib/validation";
import {
  FEATURE_MAX_LENGTH,
  MAX_FEATURES,
  PLAN_MESSAGES,
  featureKey,
  PlanSchema,
  planFormToObject,
  type PlanFormValues,
} from "~/modules/plans/plans.schema";

export const EMPTY_PLAN: PlanFormValues = {
  name: "",
  price: "",
  setupFee: "",
  commission: "",
  description: "",
  isPopular: false,
  features: [],
};

function check(form: HTMLFormElement): FieldErrors | null {
  const parsed = PlanSchema.safeParse(planFormToObject(new FormData(form)));
  return parsed.success ? null : fieldErrors(parsed.error);
}

function FeaturesField({
  initial,
  error,
  onEdit,
}: {
  initial: string[];
  error?: string;
  onEdit: () => void;
}) {
  const [features, setFeatures] = useState(initial);
  const [draft, setDraft] = useState("");
  const [duplicate, setDuplicate] = useState<string | null>(null);
  function add() {
    const value = draft.trim();
    // SPEC §5: only a non-empty (trimmed) feature is added.
    if (!value || features.length >= MAX_FEATURES) return;
    // The same feature twice is refused, with the one already in the list named.
    const same = features.find((f) => featureKey(f) === featureKey(value));
    if (same) {
      setDuplicate(PLAN_MESSAGES.duplicateFeature(same));
      return;
    }
    setDuplicate(null);
    setFeatures((list) => [...list, value]);
    setDraft("");
    onEdit();
  }
  const shown = duplicate ?? error;
  return (
    <fieldset aria-describedby={shown ? "features-error" : undefined}>
      <legend className="block text-sm font-medium text-slate-700">Funcionalidades</legend>
      <div className="mt-1 flex gap-2">
        <input
          type="text"
          value={draft}
          maxLength={FEATURE_MAX_LENGTH}
          onChange={(e) => {
            setDraft(e.target.value);
            setDuplicate(null);
          }}
          onKeyDown={(e) => {
            // Enter adds the feature instead of submitting the whole form.
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          placeholder="Adicionar funcionalidade"
          aria-label="Adicionar funcionalidade"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <Button type="button" variant="secondary" onClick={add}>
          <Plus aria-hidden className="h-4 w-4" />
          Adicionar
        </Button>
      </div>
      {features.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Nenhuma funcionalidade adicionada.</p>
      ) : (
        <ul className="mt-3 space-y-2" aria-label="Funcionalidades do plano">
          {features.map((f, i) => (
            <li
              key={`${i}-${f}`}
              className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
            >
              <span className="break-words">{f}</span>
              <input type="hidden" name="features" value={f} />
              <button
                type="button"
                onClick={() => {
                  setFeatures((list) => list.filter((_, j) => j !== i));
                  onEdit();
                }}
                aria-label={`Remover funcionalidade ${f}`}
                className="rounded p-1 text-slate-600 hover:bg-slate-200 hover:text-red-700"
              >
                <X aria-hidden className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {shown && (
        <p id="features-error" role={duplicate ? "alert" : undefined} className="mt-1 text-sm text-red-600">
          {shown}
        </p>
      )}
    </fieldset>
  );
}

/** SPEC §2 plan form (create and edit). */
export function PlanForm({
  values,
  errors: serverErrors,
  formError,
}: {
  values: PlanFormValues;
  errors?: FieldErrors;
  formError?: string | null;
}) {
  const busy = useNavigation().state === "submitting";
  const { formRef, errors, onSubmit, onChange, onBlur } = useClientValidation(check, serverErrors);
  const unsaved = useUnsavedChanges();
  const featureError = Object.entries(errors).find(([k]) => k.startsWith("features"))?.[1];
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
      <FormAlert message={formError} />
      <TextField
        label="Nome do plano"
        name="name"
        required
        maxLength={100}
        defaultValue={values.name}
        error={errors.name}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <TextField
          label="Preço mensal (R$)"
          name="price"
          // Text, not number: a number input drops the comma of "59,90" in some browser locales.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          required
          defaultValue={values.price}
          error={errors.price}
        />
        <TextField
          label="Taxa de Ativação (R$)"
          name="setupFee"
          // Text, not number: a number input drops the comma of "59,90" in some browser locales.
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          required
          defaultValue={values.setupFee}
          error={errors.setupFee}
        />
        <TextField
          label="Comissão do representante (R$)"
          name="commission"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          hint="Paga por indicação concluída. Vazio: R$ 50,00 se o nome contém “básico”, senão R$ 100,00."
          defaultValue={values.commission}
          error={errors.commission}
        />
      </div>
      <TextAreaField
        label="Descrição"
        name="description"
        rows={3}
        maxLength={2000}
        defaultValue={values.description}
        error={errors.description}
      />
      <div className="flex items-center gap-2">
        <input
          id="plan-is-popular"
          type="checkbox"
          name="isPopular"
          defaultChecked={values.isPopular}
          className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
        />
        <label htmlFor="plan-is-popular" className="text-sm text-slate-700">
          Destacar como plano mais popular
        </label>
      </div>
      <FeaturesField initial={values.features} error={featureError} onEdit={unsaved.markDirty} />
      <Button type="submit" busy={busy} busyLabel="Salvando...">
        Salvar Plano
      </Button>
    </Form>
  );
}
