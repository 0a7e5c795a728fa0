import { Link } from "react-router";
import type { Route } from "./+types/new";
import { ClientForm, EMPTY_CLIENT } from "~/components/admin/clients/client-form";
import { Card } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyRefused, toast } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { CLIENT_MESSAGES } from "~/modules/clients/clients.schema";
import { submitClientForm } from "~/modules/clients/client-form.server";
import { PLAN_MESSAGES } from "~/modules/plans/plans.schema";
import { listPlanOptions } from "~/modules/plans/plans.server";
import { readForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { plans: await listPlanOptions(), toast: null };
  } catch (err) {
    log.error({ err }, "plan options failed");
    return { plans: [], toast: toast.error(PLAN_MESSAGES.listFailed) };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const result = await submitClientForm({ fields: await readForm(request), actor: user });
  if (result.ok) return redirectWithToast("/admin/clients", result.toast.type, result.toast.message);
  if (result.notFound) return redirectWithToast("/admin/clients", "error", CLIENT_MESSAGES.loadFailed);
  return replyRefused(result);
}

export default function NewClient({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(loaderData);
  useReplyToast(actionData);
  return (
    <>
      <Link to="/admin/clients" className="text-sm font-medium text-brand-700 hover:underline">
        ← Voltar para lista de clientes
      </Link>
      <div className="mt-3">
        <PageHeader title="Novo Cliente" subtitle="Cadastre um cliente e sua primeira assinatura." />
      </div>
      <Card>
        <ClientForm
          mode="create"
          plans={loaderData.plans}
          values={actionData?.values ?? EMPTY_CLIENT}
          errors={actionData?.fieldErrors}
          formError={actionData?.formError}
        />
      </Card>
    </>
  );
}

export function meta() {
  return [{ title: "Novo Cliente | CardápioDigital" }];
}
