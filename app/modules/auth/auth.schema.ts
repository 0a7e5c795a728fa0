import { z } from "~/lib/zod";

export const AUTH_MESSAGES = {
  adminLoginFailed: "Erro ao fazer login. Verifique suas credenciais.",
  repLoginFailed: "Email ou senha incorretos. Verifique suas credenciais.",
  // A deactivated account's sign-in (the accounts module deactivates; sign-in refuses).
  accountDeactivated: "Esta conta está desativada. Fale com um administrador.",
  loginSuccess: "Login realizado com sucesso!",
  logoutSuccess: "Logout realizado com sucesso!",
  registerFailed: "Erro ao criar conta. Este email pode já estar em uso.",
  registerSuccess: "Cadastro realizado com sucesso! Faça login para continuar.",
  passwordsDiffer: "As senhas não coincidem",
  passwordTooShort: "A senha deve ter pelo menos 6 caracteres",
  passwordTooLong: "A senha deve ter no máximo 128 caracteres.",
  passwordCommon: "Escolha uma senha menos comum.",
  emailRequired: "Informe o e-mail.",
  emailInvalid: "Informe um e-mail válido.",
  passwordRequired: "Informe a senha.",
  nameRequired: "Informe o nome.",
  nameTooShort: "O nome deve ter pelo menos 3 caracteres.",
  nameTooLong: "O nome deve ter no máximo 100 caracteres.",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/**
 * Characters nobody means to type in a name: zero-width ones (U+200B–U+200D, U+2060, U+FEFF,
 * U+180E) and bidirectional controls (U+061C, U+200E/U+200F, U+202A–U+202E, U+2066–U+2069),
 * which can make a name show differently from what is stored (e.g. reversed text).
 */
const INVISIBLE = /[\u200B-\u200F\u2060\uFEFF\u180E\u061C\u202A-\u202E\u2066-\u2069]/g;

export function cleanName(value: string): string {
  return value.replace(INVISIBLE, "").trim();
}

/** A person's name: invisible characters removed, trimmed, 3 to 100 characters. */
export const PersonNameSchema = z
  .string({ error: AUTH_MESSAGES.nameRequired })
  // Bounded before the cleaning, so a huge value is refused without being scanned.
  .max(1000, AUTH_MESSAGES.nameTooLong)
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, AUTH_MESSAGES.nameRequired)
      .min(3, AUTH_MESSAGES.nameTooShort)
      .max(NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong),
  );

/** A new password's length (the spec's minimum); the common-password check is server-side. */
export const NewPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

export const RESET_MESSAGES = {
  forgotLink: "Esqueci minha senha",
  requested:
    "Se houver uma conta com este e-mail, enviamos um link para criar uma nova senha. Confira sua caixa de entrada (e o spam). O link vale por 1 hora.",
  invalidLink: "Este link de redefinição de senha expirou ou já foi usado.",
  askAgain: "Pedir um novo link",
  done: "Senha redefinida com sucesso! Faça login com a nova senha.",
  failed: "Erro ao redefinir a senha. Tente novamente.",
} as const;

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(128, AUTH_MESSAGES.passwordRequired),
});

export const RegisterSchema = z
  .object({
    name: PersonNameSchema,
    email,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const ForgotPasswordSchema = z.object({ email });

/** The new password: the same rules and messages as registration. */
export const ResetPasswordSchema = z
  .object({
    token: z
      .string({ error: RESET_MESSAGES.invalidLink })
      .min(1, RESET_MESSAGES.invalidLink)
      .max(200, RESET_MESSAGES.invalidLink),
    password: RegisterSchema.shape.password,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }).max(128),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });
