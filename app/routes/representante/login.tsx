import { Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard } from "~/components/auth/auth-card";
import { PortalStandaloneErrorBoundary } from "~/components/portal/portal-error";
import { LoginForm } from "~/components/auth/login-form";
import { ForgotPasswordLink } from "~/components/auth/password-reset";
import { AUTH_MESSAGES } from "~/modules/auth/auth.schema";
import { loginAction } from "~/modules/auth/login-flow.server";
import { rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";
import { findRepresentativeByUser, getSessionUser } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  // SPEC §2: an already logged-in representative goes straight to the dashboard.
  const s = await getSessionUser(request);
  if (s?.user.role === "representative" && (await findRepresentativeByUser(s.user.id))) {
    throw redirect("/representante/dashboard");
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction({
    request,
    context,
    role: "representative",
    successUrl: "/representante/dashboard",
    failureMessage: AUTH_MESSAGES.repLoginFailed,
  });
}

export default function RepresentativeLogin({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Área do Representante"
      subtitle="Acompanhe suas indicações e comissões."
      footer={
        <>
          Ainda não é representante?{" "}
          <Link to="/representante/register" className="font-semibold text-brand-700 hover:underline">
            Cadastre-se
          </Link>
        </>
      }
    >
      <LoginForm actionData={actionData} />
      <ForgotPasswordLink to="/representante/esqueci-senha" />
    </AuthCard>
  );
}

// Keeps Retry-After on the 429 answer of the rate limiter.
export const headers = rateLimitHeaders;

export function meta() {
  return [{ title: "Login do representante | CardápioDigital" }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = PortalStandaloneErrorBoundary;
