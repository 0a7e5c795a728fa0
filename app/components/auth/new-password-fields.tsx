import { TextField } from "~/components/ui/form";

/**
 * The password + confirmation pair of every form that sets a password (registration, invitation,
 * reset, account): same names, autocomplete hints and minimum, so password managers offer to
 * generate one everywhere. `fresh` labels them "Nova senha" where an old one exists.
 */
export function NewPasswordFields({
  errors,
  fresh = false,
}: {
  errors: { password?: string; confirmPassword?: string };
  fresh?: boolean;
}) {
  return (
    <>
      <TextField
        label={fresh ? "Nova senha" : "Senha"}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={6}
        error={errors.password}
      />
      <TextField
        label={fresh ? "Confirmar nova senha" : "Confirmar senha"}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
