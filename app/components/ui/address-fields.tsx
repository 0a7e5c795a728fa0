import { TextField } from "~/components/ui/form";
import { formatCep, type AddressKey } from "~/lib/br-address";

/**
 * The fiscal address's inputs (CEP, logradouro, número, complemento, bairro, cidade, código IBGE,
 * UF), plain inputs that post with or without JavaScript; shared by the admin's client form and
 * the client area's "Seus dados". The names are the clients table's columns (br-address.ts).
 */
export function AddressFields({
  values,
  errors,
}: {
  values: Partial<Record<AddressKey, string | null>>;
  errors?: Partial<Record<string, string>>;
}) {
  const v = (k: AddressKey) => values[k] ?? "";
  return (
    <fieldset className="grid gap-4 md:col-span-2 md:grid-cols-6">
      <legend className="mb-2 text-sm font-semibold text-slate-800">
        Endereço para a nota fiscal <span className="font-normal text-slate-600">(opcional)</span>
      </legend>
      <TextField
        className="md:col-span-2"
        label="CEP"
        name="addressCep"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={12}
        placeholder="00000-000"
        defaultValue={formatCep(v("addressCep"))}
        error={errors?.addressCep}
      />
      <TextField
        className="md:col-span-4"
        label="Logradouro"
        name="addressStreet"
        autoComplete="address-line1"
        maxLength={120}
        defaultValue={v("addressStreet")}
        error={errors?.addressStreet}
      />
      <TextField
        className="md:col-span-2"
        label="Número"
        name="addressNumber"
        maxLength={10}
        defaultValue={v("addressNumber")}
        error={errors?.addressNumber}
      />
      <TextField
        className="md:col-span-4"
        label="Complemento"
        name="addressComplement"
        autoComplete="address-line2"
        maxLength={60}
        defaultValue={v("addressComplement")}
        error={errors?.addressComplement}
      />
      <TextField
        className="md:col-span-3"
        label="Bairro"
        name="addressDistrict"
        maxLength={60}
        defaultValue={v("addressDistrict")}
        error={errors?.addressDistrict}
      />
      <TextField
        className="md:col-span-3"
        label="Cidade"
        name="addressCity"
        autoComplete="address-level2"
        maxLength={60}
        defaultValue={v("addressCity")}
        error={errors?.addressCity}
      />
      <TextField
        className="md:col-span-3"
        label="Código IBGE da cidade"
        name="addressCityIbge"
        inputMode="numeric"
        maxLength={7}
        hint="7 dígitos; consulte em ibge.gov.br/explica/codigos-dos-municipios.php"
        defaultValue={v("addressCityIbge")}
        error={errors?.addressCityIbge}
      />
      <TextField
        className="md:col-span-3"
        label="UF"
        name="addressUf"
        autoComplete="address-level1"
        maxLength={2}
        placeholder="SP"
        defaultValue={v("addressUf")}
        error={errors?.addressUf}
      />
    </fieldset>
  );
}
