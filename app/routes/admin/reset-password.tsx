import type { Route } from "./+types/reset-password";
import { ResetPasswordPage } from "~/components/auth/password-reset";
import { resetPasswordAction, resetPasswordLoader } from "~/modules/auth/reset-flow.server";

export async function loader({ request }: Route.LoaderArgs) {
  return resetPasswordLoader({ request });
}

export async function action({ request }: Route.ActionArgs) {
  return resetPasswordAction({ request, loginUrl: "/admin/login" });
}

export default function AdminResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResetPasswordPage
      token={loaderData.token}
      actionData={actionData}
      loginUrl="/admin/login"
      forgotUrl="/admin/forgot-password"
    />
  );
}

export function meta() {
  return [{ title: "Criar nova senha | CardápioDigital" }, { name: "robots", content: "noindex" }];
}
