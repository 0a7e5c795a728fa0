import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/email-confirmar";
import { AuthCard } from "~/components/auth/auth-card";
import { ClientAreaStandaloneErrorBoundary } from "~/components/client-area/client-error";
import { Button } from "~/components/ui/form";
import { EMAIL_CHANGE_MESSAGES } from "~/modules/client-area/client-area.constants";
import { confirmEmailChange, emailChangeTokenIsValid } from "~/modules/client-area/email-change.server";
import { replyError, replyOk, toast } from "~/lib/form-reply";
import type { PlainHtmlHandle } from "~/lib/plain-html";
import { readForm } from "~/server/http/form.server";
import { clientAreaScript } from "~/server/http/site-script.server";

// The link e-mailed to a client's new address. No session guard, on purpose: the
// single-use token is the credential (as /cliente/entrar/confirmar; the authz matrix lists it as
// public), and the link may be opened on a device that is not signed in. A button, not the GET,
// confirms: mail scanners that open links must not use the token up.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    token: (await emailChangeTokenIsValid(token)) ? token : null,
    enhancementScript: clientAreaScript(),
  };
}

// Plain HTML, as the public site (root.tsx, decision 046): no framework script.
export const handle: PlainHtmlHandle = { plainHtml: true };

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await confirmEmailChange({ token: form.token ?? "", request });
  return result.ok ? replyOk(toast.success(result.message)) : replyError(result.message, { status: 400 });
}

export default function ClientEmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.ok)
    return (
      <AuthCard title="Área do Cliente">
        <p
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
        >
          {actionData.toast?.message}
        </p>
        <Link to="/cliente/entrar" className="mt-4 inline-block font-semibold text-brand-700 hover:underline">
          Entrar com o novo e-mail
        </Link>
      </AuthCard>
    );
  const invalid = !loaderData.token || actionData?.ok === false;
  return (
    <AuthCard title="Área do Cliente">
      {invalid ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {actionData?.formError ?? EMAIL_CHANGE_MESSAGES.invalidLink}
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">Toque no botão para confirmar o novo e-mail de acesso.</p>
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <Button type="submit" busy={busy} busyLabel="Confirmando..." className="w-full">
            Confirmar novo e-mail
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

export function meta() {
  return [
    { title: "Confirmar e-mail | Área do Cliente | CardápioDigital" },
    { name: "robots", content: "noindex" },
  ];
}

export const ErrorBoundary = ClientAreaStandaloneErrorBoundary;
