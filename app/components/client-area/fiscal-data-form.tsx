import { AddressFields } from "~/components/ui/address-fields";
import { TextField } from "~/components/ui/form";
import type { AddressKey } from "~/lib/br-address";

type FiscalValues = Partial<Record<AddressKey | "document", string | null>>;

/**
 * "Dados para a nota fiscal" in Seus dados: the CPF/CNPJ and the address a tax invoice needs. A
 * plain form that posts (intent "fiscal"): saved, the page comes back with its toast; refused, with
 * the messages and what was typed (with or without JavaScript).
 */
export function FiscalDataForm({
  values,
  errors,
}: {
  values: FiscalValues;
  errors?: Partial<Record<string, string>>;
}) {
  return (
    <section aria-labelledby="fiscal" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="fiscal" className="text-lg font-semibold">
        Dados para a nota fiscal
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        A nota fiscal de cada pagamento só é emitida com o CPF ou CNPJ e o endereço completos.
      </p>
      <form method="post" className="mt-3 grid gap-4 md:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="fiscal" />
        <TextField
          label="CPF/CNPJ"
          name="document"
          maxLength={30}
          defaultValue={values.document ?? ""}
          error={errors?.document}
        />
        <AddressFields values={values} errors={errors} />
        <div className="md:col-span-2">
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Salvar dados da nota fiscal
          </button>
        </div>
      </form>
    </section>
  );
}
