import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard } from "~/components/auth/auth-card";
import { LoginForm } from "~/components/auth/login-form";
import { ForgotPasswordLink } from "~/components/auth/password-reset";
import { AUTH_MESSAGES } from "~/modules/auth/auth.schema";
import { loginAction } from "~/modules/auth/login-flow.server";
import { rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";
import { getSessionUser } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  const s = await getSessionUser(request);
  if (s?.user.role === "admin") throw redirect("/admin/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction({
    request,
    context,
    role: "admin",
    successUrl: "/admin/dashboard",
    failureMessage: AUTH_MESSAGES.adminLoginFailed,
  });
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Área Administrativa" subtitle="Entre com seu e-mail e senha de administrador.">
      <LoginForm actionData={actionData} />
      <ForgotPasswordLink to="/admin/forgot-password" />
    </AuthCard>
  );
}

// Keeps Retry-After on the 429 answer of the rate limiter.
export const headers = rateLimitHeaders;

export function meta() {
  return [{ title: "Login administrativo | CardápioDigital" }, { name: "robots", content: "noindex" }];
}
