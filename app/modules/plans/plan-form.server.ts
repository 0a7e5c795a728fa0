import type { FormSubmitResult } from "~/lib/form-reply";
import type { Actor } from "~/modules/audit/index.server";
import { fieldErrors } from "~/lib/validation";
import type { FormFields } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { PLAN_MESSAGES, PlanSchema, planInput, type PlanFormValues } from "./plans.schema";
import { createPlan, updatePlan, type Plan } from "./plans.server";

export type PlanFormResult = FormSubmitResult<Plan, PlanFormValues>;

/**
 * The plan form's submit, shared by /admin/plans/new and /admin/plans/edit/{id}: validates
 * (money exact in cents), saves, and keeps what was typed on any refusal.
 */
export async function submitPlanForm({
  form,
  id,
  actor = null,
}: {
  /** What readFormLists(request, ["features"]) read. */
  form: { fields: FormFields; lists: { features: string[] } };
  id?: string;
  actor?: Actor | null;
}): Promise<PlanFormResult> {
  const raw = planInput(form.fields, form.lists.features);
  const text = (v: unknown) => (typeof v === "string" ? v.slice(0, 2000) : "");
  const values: PlanFormValues = {
    name: text(raw.name),
    price: text(raw.price),
    setupFee: text(raw.setupFee),
    commission: text(raw.commission),
    description: text(raw.description),
    isPopular: raw.isPopular === "on" || raw.isPopular === "true",
    features: raw.features.slice(0, 50).map((f) => f.slice(0, 300)),
  };
  const failed = id ? PLAN_MESSAGES.updateFailed : PLAN_MESSAGES.createFailed;
  const parsed = PlanSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const money =
      errors.price === PLAN_MESSAGES.moneyInvalid || errors.setupFee === PLAN_MESSAGES.moneyInvalid;
    return {
      ok: false,
      status: 400,
      fieldErrors: errors,
      formError: null,
      // The original showed the numeric rule as a toast; it also stays next to the field.
      toast: money ? PLAN_MESSAGES.moneyInvalid : null,
      values,
    };
  }
  try {
    if (id) {
      const plan = await updatePlan({ id, input: parsed.data, actor });
      return plan ? { ok: true, saved: plan } : { ok: false, notFound: true };
    }
    return { ok: true, saved: await createPlan({ input: parsed.data, actor }) };
  } catch (err) {
    log.error({ err }, id ? "plan update failed" : "plan create failed");
    return { ok: false, status: 500, fieldErrors: {}, formError: failed, toast: failed, values };
  }
}
