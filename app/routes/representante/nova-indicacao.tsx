import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/nova-indicacao";
import { ReferralWizard, type WizardResult } from "~/components/portal/referral-wizard";
import { useToastFromData } from "~/components/ui/use-toast-data";
import { fieldErrors, formToObject } from "~/lib/validation";
import { requireRepresentative } from "~/modules/auth/session.server";
import { listPlans } from "~/modules/plans/plans.server";
import { createMyReferral, PlanNotFoundError } from "~/modules/referrals/portal.server";
import {
  REFERRAL_FORM_FIELDS,
  REFERRAL_MESSAGES,
  ReferralFormSchema,
  type ReferralFormInput,
} from "~/modules/referrals/referral-form.schema";
import { readFormData } from "~/modules/security/form.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRepresentative(request);
  try {
    const plans = (await listPlans()).map((p) => ({ id: p.id, name: p.name, priceCents: p.priceCents }));
    return { plans, plansError: null, toast: null };
  } catch (err) {
    console.error("portal wizard: plans failed", err);
    return {
      plans: [],
      plansError: REFERRAL_MESSAGES.plansFailed,
      toast: { type: "error" as const, message: REFERRAL_MESSAGES.plansFailed },
    };
  }
}

type ActionResult = WizardResult & { toast: { type: "success" | "error"; message: string } | null };

function reply(result: Partial<ActionResult>, status = 200) {
  const body: ActionResult = {
    ok: false,
    fieldErrors: {},
    formError: null,
    values: null,
    toast: null,
    ...result,
  };
  return data(body, { status });
}

export async function action({ request }: Route.ActionArgs) {
  // The owner of the new referral is the session's representative; nothing in the form can change it.
  const { representative } = await requireRepresentative(request, { message: REFERRAL_MESSAGES.authError });
  const raw = formToObject(await readFormData(request));
  const values = Object.fromEntries(
    REFERRAL_FORM_FIELDS.map((f) => [f, (raw[f] ?? "").slice(0, 500)]),
  ) as ReferralFormInput;
  // Without JavaScript, "Voltar" posts back to step 1 with the data kept.
  if (raw.intent === "edit") return reply({ values });
  const parsed = ReferralFormSchema.safeParse(values);
  if (!parsed.success) return reply({ values, fieldErrors: fieldErrors(parsed.error) }, 400);
  if (raw.intent === "review") return reply({ values, review: true });
  try {
    await createMyReferral({ representativeId: representative.id, input: parsed.data });
  } catch (err) {
    if (err instanceof PlanNotFoundError) {
      return reply({ values, fieldErrors: { planId: REFERRAL_MESSAGES.planId } }, 400);
    }
    console.error("portal wizard: create failed", err);
    return reply(
      {
        values,
        review: true,
        formError: REFERRAL_MESSAGES.createFailed,
        toast: { type: "error", message: REFERRAL_MESSAGES.createFailed },
      },
      500,
    );
  }
  return reply({ ok: true, toast: { type: "success", message: REFERRAL_MESSAGES.created } });
}

export default function NewReferral({ loaderData, actionData }: Route.ComponentProps) {
  useToastFromData(loaderData);
  useToastFromData(actionData);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link
        to="/representante/dashboard"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar ao dashboard
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Nova Indicação</h1>
      <ReferralWizard plans={loaderData.plans} plansError={loaderData.plansError} result={actionData} />
    </div>
  );
}

export function meta() {
  return [{ title: "Nova Indicação | CardápioDigital" }];
}
