import { Form, useNavigation } from "react-router";
import { Button, SelectField, TextField } from "~/components/ui/form";
import { formatPhone } from "~/lib/phone";
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES } from "~/modules/representatives/profile.constants";
import type { RepresentativeProfileRow } from "~/modules/representatives/representative-profile.server";

/** "Dados de pagamento" on /representante/conta. */
export function PayoutProfileForm({
  profile,
  errors,
}: {
  profile: RepresentativeProfileRow;
  errors: Record<string, string | undefined>;
}) {
  const nav = useNavigation();
  const busy = nav.state === "submitting" && nav.formData?.get("intent") === "profile";
  return (
    <section
      aria-labelledby="payout-profile-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="payout-profile-title" className="text-lg font-semibold text-slate-900">
        Dados de pagamento
      </h2>
      <p className="mt-1 text-sm text-slate-600">Usados para pagar suas comissões. Todos são opcionais.</p>
      <Form method="post" className="mt-4 grid gap-4 md:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="profile" />
        <TextField
          label="Telefone / WhatsApp"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={100}
          defaultValue={formatPhone(profile.phone)}
          error={errors.phone}
        />
        <TextField
          label="CPF/CNPJ"
          name="document"
          inputMode="numeric"
          maxLength={100}
          defaultValue={profile.document ?? ""}
          error={errors.document}
        />
        <SelectField
          label="Tipo da chave PIX"
          name="pixKeyType"
          defaultValue={profile.pixKeyType ?? ""}
          error={errors.pixKeyType}
        >
          <option value="">Sem chave PIX</option>
          {PIX_KEY_TYPES.map((t) => (
            <option key={t} value={t}>
              {PIX_KEY_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Chave PIX"
          name="pixKey"
          maxLength={100}
          defaultValue={profile.pixKey ?? ""}
          error={errors.pixKey}
        />
        <div className="md:col-span-2">
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar dados de pagamento
          </Button>
        </div>
      </Form>
    </section>
  );
}
