import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/nova-indicacao";
import { PortalErrorBoundary } from "~/components/portal/portal-error";
import { ReferralWizard } from "~/components/portal/referral-wizard";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { reply, replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import { requireRepresentative } from "~/modules/auth/session.server";
import { listPlans } from "~/modules/plans/plans.server";
import { DUPLICATE_REFERRAL_MESSAGE } from "~/modules/referrals/duplicates.server";
import {
  createMyReferral,
  DuplicateReferralError,
  PlanNotFoundError,
} from "~/modules/referrals/portal-create.server";
import {
  REFERRAL_FORM_FIELDS,
  REFERRAL_MESSAGES,
  ReferralFormSchema,
  type ReferralFormInput,
} from "~/modules/referrals/referral-form.schema";
import { readForm, checkForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireRepresentative(request);
  try {
    const plans = (await listPlans()).map((p) => ({ id: p.id, name: p.name, priceCents: p.priceCents }));
    return { plans, plansError: null, toast: null };
  } catch (err) {
    log.error({ err }, "portal wizard: plans failed");
    return {
      plans: [],
      plansError: REFERRAL_MESSAGES.plansFailed,
      toast: toast.error(REFERRAL_MESSAGES.plansFailed),
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  // The owner of the new referral is the session's representative; nothing in the form can change it.
  const { representative } = await requireRepresentative(request, { message: REFERRAL_MESSAGES.authError });
  const raw = await readForm(request);
  const values = Object.fromEntries(
    REFERRAL_FORM_FIELDS.map((f) => [f, (raw[f] ?? "").slice(0, 500)]),
  ) as ReferralFormInput;
  // Steps of the wizard without JavaScript: "Voltar" posts back to step 1, "Continuar" to the
  // confirmation, both with the data kept (neither a success nor a refusal).
  if (raw.intent === "edit") return reply<ReferralFormInput>({ values });
  const parsed = checkForm(values, ReferralFormSchema, (errors) => replyInvalid(errors, { values }));
  if (!parsed.ok) return parsed.reply;
  if (raw.intent === "review") return reply<ReferralFormInput, { review: boolean }>({ values, review: true });
  try {
    await createMyReferral({ representativeId: representative.id, input: parsed.data });
  } catch (err) {
    if (err instanceof PlanNotFoundError) {
      return replyInvalid({ planId: REFERRAL_MESSAGES.planId }, { values });
    }
    // Already referred or a client: back to step 1 with the message under the phone.
    if (err instanceof DuplicateReferralError) {
      return replyInvalid({ contactPhone: DUPLICATE_REFERRAL_MESSAGE }, { values, status: 409 });
    }
    log.error({ err }, "portal wizard: create failed");
    return replyError(REFERRAL_MESSAGES.createFailed, { values, extra: { review: true } });
  }
  return replyOk(toast.success(REFERRAL_MESSAGES.created));
}

export default function NewReferral({ loaderData, actionData }: Route.ComponentProps) {
  useReplyToast(loaderData);
  useReplyToast(actionData);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link
        to="/representante/dashboard"
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar ao dashboard
      </Link>
      <PageHeader title="Nova Indicação" />
      <ReferralWizard plans={loaderData.plans} plansError={loaderData.plansError} result={actionData} />
    </div>
  );
}

export function meta() {
  return [{ title: "Nova Indicação | CardápioDigital" }];
}

export const ErrorBoundary = PortalErrorBoundary;
