import type { Route } from "./+types/redefinir-senha";
import { ResetPasswordPage } from "~/components/auth/password-reset";
import { PortalStandaloneErrorBoundary } from "~/components/portal/portal-error";
import { resetPasswordAction, resetPasswordLoader } from "~/modules/auth/reset-flow.server";

export async function loader({ request }: Route.LoaderArgs) {
  return resetPasswordLoader({ request });
}

export async function action({ request }: Route.ActionArgs) {
  return resetPasswordAction({ request, loginUrl: "/representante/login" });
}

export default function RepresentativeResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      token={loaderData.token}
      actionData={actionData}
      loginUrl="/representante/login"
      forgotUrl="/representante/esqueci-senha"
    />
  );
}

export function meta() {
  return [{ title: "Criar nova senha | CardápioDigital" }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = PortalStandaloneErrorBoundary;
