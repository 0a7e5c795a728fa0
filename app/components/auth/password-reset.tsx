import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { RESET_MESSAGES } from "~/modules/auth/auth.schema";
import { NewPasswordFields } from "~/components/auth/new-password-fields";

type ForgotReply = FormReply<{ email: string }, { sent?: boolean }>;
type ResetReply = FormReply<never, { invalidToken?: boolean }>;

/** The "Esqueci minha senha" link under a login form. */
export function ForgotPasswordLink({ to }: { to: string }) {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to={to} className="tap font-semibold text-brand-700 hover:underline">
        {RESET_MESSAGES.forgotLink}
      </Link>
    </p>
  );
}

const backToLogin = (loginUrl: string) => (
  <Link to={loginUrl} className="tap font-semibold text-brand-700 hover:underline">
    Voltar para o login
  </Link>
);

export function ForgotPasswordPage({ actionData, loginUrl }: { actionData?: ForgotReply; loginUrl: string }) {
  const busy = useNavigation().state === "submitting";
  useReplyToast(actionData);
  return (
    <AuthCard
      title="Esqueci minha senha"
      subtitle="Informe o e-mail da sua conta para receber um link de redefinição."
      footer={backToLogin(loginUrl)}
    >
      {actionData?.sent ? (
        <p
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          {RESET_MESSAGES.requested}
        </p>
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <FormAlert message={actionData?.formError} />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.values?.email}
            error={actionData?.fieldErrors?.email}
          />
          <Button type="submit" busy={busy} busyLabel="Enviando..." className="w-full">
            Enviar link
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

export function ResetPasswordPage({
  token,
  actionData,
  loginUrl,
  forgotUrl,
}: {
  token: string | null;
  actionData?: ResetReply;
  loginUrl: string;
  forgotUrl: string;
}) {
  const busy = useNavigation().state === "submitting";
  useReplyToast(actionData);
  if (!token || actionData?.invalidToken) {
    return (
      <AuthCard title="Link inválido" footer={backToLogin(loginUrl)}>
        <p role="alert" className="text-sm text-slate-700">
          {RESET_MESSAGES.invalidLink}
        </p>
        <Link
          to={forgotUrl}
          className="mt-6 inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {RESET_MESSAGES.askAgain}
        </Link>
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Criar nova senha"
      subtitle="Escolha uma nova senha para a sua conta."
      footer={backToLogin(loginUrl)}
    >
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={actionData?.formError} />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields errors={errors} fresh />
        <Button type="submit" busy={busy} busyLabel="Salvando..." className="w-full">
          Salvar nova senha
        </Button>
      </Form>
    </AuthCard>
  );
}
