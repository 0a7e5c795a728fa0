import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/entrar";
import { AuthCard } from "~/components/auth/auth-card";
import { ClientAreaStandaloneErrorBoundary } from "~/components/client-area/client-error";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { CLIENT_AREA_MESSAGES } from "~/modules/client-area/client-area.constants";
import { clientSignInAction, clientSignInLoader } from "~/modules/client-area/sign-in-flow.server";
import type { PlainHtmlHandle } from "~/lib/plain-html";
import { clientAreaScript } from "~/server/http/site-script.server";
import { rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";

export async function loader({ request }: Route.LoaderArgs) {
  return { ...(await clientSignInLoader({ request })), enhancementScript: clientAreaScript() };
}

// Plain HTML, as the public site (root.tsx, decision 046): no framework script.
export const handle: PlainHtmlHandle = { plainHtml: true };

export async function action({ request, context }: Route.ActionArgs) {
  return clientSignInAction({ request, context });
}

export default function ClientSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const sent = actionData && "sent" in actionData && actionData.sent;
  return (
    <AuthCard
      title="Área do Cliente"
      subtitle="Veja seu plano, pague suas cobranças e acompanhe a implantação do seu cardápio. Sem senha: enviamos um link de acesso para o seu e-mail."
    >
      {sent ? (
        <p
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          {CLIENT_AREA_MESSAGES.linkRequested}
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
            defaultValue={actionData?.values?.email ?? loaderData?.email}
            error={actionData?.fieldErrors?.email}
          />
          <Button type="submit" busy={busy} busyLabel="Enviando..." className="w-full">
            Receber link de acesso
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

// Keeps Retry-After on the 429 answer of the rate limiter.
export const headers = rateLimitHeaders;

export function meta() {
  return [{ title: "Área do Cliente | CardápioDigital" }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = ClientAreaStandaloneErrorBoundary;
