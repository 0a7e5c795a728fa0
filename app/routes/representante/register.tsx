import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/register";
import { AuthCard } from "~/components/auth/auth-card";
import { PortalStandaloneErrorBoundary } from "~/components/portal/portal-error";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { AUTH_MESSAGES, RegisterSchema } from "~/modules/auth/auth.schema";
import { passwordProblem } from "~/modules/auth/password-policy.server";
import { EmailInUseError, registerRepresentative } from "~/modules/auth/users.server";
import { parseForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { hitRateLimit, rateLimited, rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { PolicyLink, PrivacyNotice } from "~/components/ui/privacy-notice";

export async function action({ request, context }: Route.ActionArgs) {
  const limit = await hitRateLimit("register", context?.clientIp ?? "unknown");
  if (!limit.ok) return rateLimited(limit.retryAfter);
  const form = await parseForm(request, RegisterSchema, (errors, raw) =>
    replyInvalid(errors, {
      values: { name: raw.name ?? "", email: raw.email ?? "" },
    }),
  );
  if (!form.ok) return form.reply;
  const weak = passwordProblem(form.data.password);
  if (weak) {
    return replyInvalid({ password: weak }, { values: { name: form.data.name, email: form.data.email } });
  }
  try {
    await registerRepresentative(form.data);
  } catch (err) {
    if (!(err instanceof EmailInUseError)) log.error({ err }, "register failed");
    const values = { name: form.data.name, email: form.data.email };
    return replyError(AUTH_MESSAGES.registerFailed, { status: 409, values });
  }
  return redirectWithToast("/representante/login", "success", AUTH_MESSAGES.registerSuccess);
}

export default function Register({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useReplyToast(actionData);
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  return (
    <AuthCard
      title="Seja um representante"
      subtitle="Cadastre-se para indicar restaurantes e ganhar comissões."
      footer={
        <>
          Já tem conta?{" "}
          <Link to="/representante/login" className="font-semibold text-brand-700 hover:underline">
            Faça login
          </Link>
        </>
      }
    >
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={actionData?.formError} />
        <TextField
          label="Nome completo"
          name="name"
          autoComplete="name"
          required
          defaultValue={values?.name}
          error={errors.name}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors.email}
        />
        <NewPasswordFields errors={errors} />
        <PrivacyNotice>
          Ao se cadastrar, você aceita os <PolicyLink to="/termos">Termos de Uso</PolicyLink>. Seus dados
          servem para o seu acesso, as suas indicações e o pagamento das comissões, como explica a{" "}
          <PolicyLink>Política de Privacidade</PolicyLink>.
        </PrivacyNotice>
        <Button type="submit" busy={busy} busyLabel="Cadastrando..." className="w-full">
          Cadastrar
        </Button>
      </Form>
    </AuthCard>
  );
}

// Keeps Retry-After on the 429 answer of the rate limiter.
export const headers = rateLimitHeaders;

export function meta() {
  return [{ title: "Cadastro de representante | CardápioDigital" }];
}

export const ErrorBoundary = PortalStandaloneErrorBoundary;
