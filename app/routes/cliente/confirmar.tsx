import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/confirmar";
import { AuthCard } from "~/components/auth/auth-card";
import { ClientAreaStandaloneErrorBoundary } from "~/components/client-area/client-error";
import { Button } from "~/components/ui/form";
import { CLIENT_AREA_MESSAGES } from "~/modules/client-area/client-area.constants";
import type { PlainHtmlHandle } from "~/lib/plain-html";
import { clientConfirmAction, clientConfirmLoader } from "~/modules/client-area/sign-in-flow.server";
import { clientAreaScript } from "~/server/http/site-script.server";

export function loader({ request }: Route.LoaderArgs) {
  return { ...clientConfirmLoader({ request }), enhancementScript: clientAreaScript() };
}

// Plain HTML, as the public site (root.tsx, decision 046): no framework script.
export const handle: PlainHtmlHandle = { plainHtml: true };

export async function action({ request }: Route.ActionArgs) {
  return clientConfirmAction({ request });
}

export default function ClientConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const invalid =
    !loaderData.token || Boolean(actionData && "invalidLink" in actionData && actionData.invalidLink);
  return (
    <AuthCard title="Área do Cliente">
      {invalid ? (
        <div className="space-y-4">
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            {CLIENT_AREA_MESSAGES.invalidLink}
          </p>
          <Link to="/cliente/entrar" className="font-semibold text-brand-700 hover:underline">
            Pedir um novo link
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-slate-700">
            Toque no botão para entrar. O link só pode ser usado uma vez.
          </p>
          <input type="hidden" name="token" value={loaderData.token ?? ""} />
          <Button type="submit" busy={busy} busyLabel="Entrando..." className="w-full">
            Entrar na Área do Cliente
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}

export function meta() {
  return [{ title: "Entrar | Área do Cliente | CardápioDigital" }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = ClientAreaStandaloneErrorBoundary;
