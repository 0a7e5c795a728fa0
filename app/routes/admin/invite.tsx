import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/invite";
import { AuthCard } from "~/components/auth/auth-card";
import { Button, FormAlert, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { ACCOUNT_MESSAGES, AcceptInviteSchema, InviteToken } from "~/modules/accounts/accounts.schema";
import { acceptInvitation, findUsableInvitation } from "~/modules/accounts/team.server";
import { passwordProblem } from "~/modules/auth/password-policy.server";
import { parseForm } from "~/server/http/form.server";
import { hitRateLimit, rateLimited, rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";
import { NewPasswordFields } from "~/components/auth/new-password-fields";

// Public: the invitation link is the credential (the token, in the query so the request log
// never records it). Nothing is consumed until the form is sent.
function tokenOf(request: Request): string | null {
  const t = InviteToken.safeParse(new URL(request.url).searchParams.get("token"));
  return t.success ? t.data : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const invitation = token ? await findUsableInvitation(token) : null;
  return { invitation };
}

export async function action({ request, context }: Route.ActionArgs) {
  const limit = await hitRateLimit("register", context?.clientIp ?? "unknown");
  if (!limit.ok) return rateLimited(limit.retryAfter);
  const token = tokenOf(request);
  const form = await parseForm(request, AcceptInviteSchema, (errors, raw) =>
    replyInvalid(errors, { values: { name: String(raw.name ?? "") } }),
  );
  if (!form.ok) return form.reply;
  const weak = passwordProblem(form.data.password);
  if (weak) return replyInvalid({ password: weak }, { values: { name: form.data.name } });
  const ok = token ? await acceptInvitation(token, form.data) : false;
  if (!ok) return replyError(ACCOUNT_MESSAGES.inviteInvalid, { status: 410 });
  return redirectWithToast("/admin/login", "success", ACCOUNT_MESSAGES.inviteAccepted);
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  useReplyToast(actionData);
  const { invitation } = loaderData;
  if (!invitation) {
    return (
      <AuthCard title="Convite inválido" subtitle={ACCOUNT_MESSAGES.inviteInvalid}>
        <Link to="/admin/login" className="font-semibold text-brand-700 hover:underline">
          Ir para o login
        </Link>
      </AuthCard>
    );
  }
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Definir sua senha"
      subtitle={`Convite para o painel administrativo: ${invitation.email}`}
    >
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={actionData?.formError} />
        <TextField
          label="Nome"
          name="name"
          autoComplete="name"
          required
          defaultValue={actionData?.values?.name ?? invitation.name}
          error={errors.name}
        />
        <NewPasswordFields errors={errors} />
        <Button type="submit" busy={busy} busyLabel="Salvando..." className="w-full">
          Definir senha
        </Button>
      </Form>
    </AuthCard>
  );
}

// Keeps Retry-After on the 429 answer of the rate limiter.
export const headers = rateLimitHeaders;

export function meta() {
  return [{ title: "Convite | CardápioDigital" }, { name: "robots", content: "noindex" }];
}
