import { z } from "~/lib/zod";

export const AUTH_MESSAGES = {
  adminLoginFailed: "Erro ao fazer login. Verifique suas credenciais.",
  repLoginFailed: "Email ou senha incorretos. Verifique suas credenciais.",
  loginSuccess: "Login realizado com sucesso!",
  logoutSuccess: "Logout realizado com sucesso!",
  registerFailed: "Erro ao criar conta. Este email pode já estar em uso.",
  registerSuccess: "Cadastro realizado com sucesso! Faça login para continuar.",
  passwordsDiffer: "As senhas não coincidem",
  passwordTooShort: "A senha deve ter pelo menos 6 caracteres",
  emailRequired: "Informe o e-mail.",
  emailInvalid: "Informe um e-mail válido.",
  passwordRequired: "Informe a senha.",
  nameRequired: "Informe o nome.",
  nameTooShort: "O nome deve ter pelo menos 3 caracteres.",
} as const;

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
    name: z
      .string({ error: AUTH_MESSAGES.nameRequired })
      .trim()
      .min(1, AUTH_MESSAGES.nameRequired)
      .min(3, AUTH_MESSAGES.nameTooShort)
      .max(120, "O nome deve ter no máximo 120 caracteres."),
    email,
    password: z
      .string({ error: AUTH_MESSAGES.passwordRequired })
      .min(1, AUTH_MESSAGES.passwordRequired)
      .min(6, AUTH_MESSAGES.passwordTooShort)
      .max(128, "A senha deve ter no máximo 128 caracteres."),
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }).max(128),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });

export const ForgotPasswordSchema = z.object({ email });

/** The new password: the same rules and messages as registration. */
export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: RegisterSchema.shape.password,
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }).max(128),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });
