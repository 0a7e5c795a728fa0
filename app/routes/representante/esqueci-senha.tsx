import type { Route } from "./+types/esqueci-senha";
import { ForgotPasswordPage } from "~/components/auth/password-reset";
import { PortalStandaloneErrorBoundary } from "~/components/portal/portal-error";
import { forgotPasswordAction } from "~/modules/auth/reset-flow.server";
import { rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";

export async function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction({ request, context });
}

export default function RepresentativeForgotPassword({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordPage actionData={actionData} loginUrl="/representante/login" />;
}

// Keeps Retry-After on the 429 answer of the rate limiter.
export const headers = rateLimitHeaders;

export function meta() {
  return [{ title: "Esqueci minha senha | CardápioDigital" }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = PortalStandaloneErrorBoundary;
