import { Link } from "react-router";
import type { Route } from "./+types/edit";
import { PlanForm } from "~/components/admin/plans/plan-form";
import { Card } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyRefused } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { centsToInput } from "~/lib/format";
import { requireAdmin } from "~/modules/auth/session.server";
import { submitPlanForm } from "~/modules/plans/plan-form.server";
import { PLAN_MESSAGES } from "~/modules/plans/plans.schema";
import { getPlan } from "~/modules/plans/plans.server";
import { readFormLists } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

/** The plan in the URL, or back to the list with `message` (the spec's load error by default). */
async function requirePlan(id: string, message: string = PLAN_MESSAGES.loadFailed) {
  const plan = await getPlan({ id }).catch((err) => {
    log.error({ err }, "plan load failed");
    return null;
  });
  if (!plan) throw await redirectWithToast("/admin/plans", "error", message);
  return plan;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const plan = await requirePlan(params.id);
  return {
    values: {
      name: plan.name,
      price: centsToInput(plan.priceCents),
      setupFee: centsToInput(plan.setupFeeCents),
      commission: centsToInput(plan.commissionCents),
      description: plan.description ?? "",
      isPopular: plan.isPopular,
      features: plan.features,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  // A plan deleted after the form was opened: the update failed.
  const plan = await requirePlan(params.id, PLAN_MESSAGES.updateFailed);
  const result = await submitPlanForm({
    form: await readFormLists(request, ["features"]),
    id: plan.id,
    actor: user,
  });
  if (result.ok) return redirectWithToast("/admin/plans", "success", PLAN_MESSAGES.updated);
  if (result.notFound) return redirectWithToast("/admin/plans", "error", PLAN_MESSAGES.updateFailed);
  return replyRefused(result);
}

export default function EditPlan({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(actionData);
  return (
    <>
      <Link to="/admin/plans" className="text-sm font-medium text-brand-700 hover:underline">
        ← Voltar para lista de planos
      </Link>
      <div className="mt-3">
        <PageHeader title="Editar Plano" />
      </div>
      <Card className="max-w-3xl">
        <PlanForm
          values={actionData?.values ?? loaderData.values}
          errors={actionData?.fieldErrors}
          formError={actionData?.formError}
        />
      </Card>
    </>
  );
}

export function meta() {
  return [{ title: "Editar Plano | CardápioDigital" }];
}
