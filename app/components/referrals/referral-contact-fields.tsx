import { TextField } from "~/components/ui/form";

/**
 * The establishment's data of a referral, as the admin edits it and as the representative
 * corrects it (same names, labels and errors on both sides, so the two forms cannot drift).
 */
export function ReferralContactFields({
  values,
  errors,
}: {
  values: { businessName: string; contactName: string; contactPhone: string };
  errors: Partial<Record<"businessName" | "contactName" | "contactPhone", string>>;
}) {
  return (
    <>
      <TextField
        label="Nome do negócio"
        name="businessName"
        defaultValue={values.businessName}
        error={errors.businessName}
        required
      />
      <TextField
        label="Nome do contato"
        name="contactName"
        defaultValue={values.contactName}
        error={errors.contactName}
        required
      />
      <TextField
        label="Telefone (WhatsApp)"
        name="contactPhone"
        type="tel"
        defaultValue={values.contactPhone}
        error={errors.contactPhone}
        required
      />
    </>
  );
}
