import { Link } from "react-router";
import type { Route } from "./+types/new";
import { EMPTY_PLAN, PlanForm } from "~/components/admin/plans/plan-form";
import { Card } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyRefused } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { submitPlanForm } from "~/modules/plans/plan-form.server";
import { PLAN_MESSAGES } from "~/modules/plans/plans.schema";
import { readFormLists } from "~/server/http/form.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const result = await submitPlanForm({ form: await readFormLists(request, ["features"]), actor: user });
  if (result.ok) return redirectWithToast("/admin/plans", "success", PLAN_MESSAGES.created);
  if (result.notFound) return redirectWithToast("/admin/plans", "error", PLAN_MESSAGES.createFailed);
  return replyRefused(result);
}

export default function NewPlan({ actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  return (
    <>
      <Link to="/admin/plans" className="text-sm font-medium text-brand-700 hover:underline">
        ← Voltar para lista de planos
      </Link>
      <div className="mt-3">
        <PageHeader title="Novo Plano" />
      </div>
      <Card className="max-w-3xl">
        <PlanForm
          values={actionData?.values ?? EMPTY_PLAN}
          errors={actionData?.fieldErrors}
          formError={actionData?.formError}
        />
      </Card>
    </>
  );
}

export function meta() {
  return [{ title: "Novo Plano | CardápioDigital" }];
}
