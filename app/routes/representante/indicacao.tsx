import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/indicacao";
import { ConfirmButton } from "~/components/admin/confirm-dialog";
import { PortalErrorBoundary } from "~/components/portal/portal-error";
import { ReferralContactFields } from "~/components/referrals/referral-contact-fields";
import { Button, FormAlert, SelectField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, type FormReply } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { isId } from "~/lib/ids";
import { formatPhone } from "~/lib/phone";
import { requireRepresentative } from "~/modules/auth/session.server";
import { listPlans } from "~/modules/plans/plans.server";
import { DUPLICATE_REFERRAL_MESSAGE } from "~/modules/referrals/duplicates.server";
import { PlanNotFoundError } from "~/modules/referrals/portal-create.server";
import {
  cancelMyReferral,
  getMyReferral,
  updateMyReferral,
  type MyReferralChange,
} from "~/modules/referrals/portal-edit.server";
import {
  REFERRAL_EDIT_MESSAGES,
  REFERRAL_FORM_FIELDS,
  REFERRAL_MESSAGES,
  ReferralFormSchema,
  type ReferralFormInput,
} from "~/modules/referrals/referral-form.schema";
import { readForm, checkForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const LIST = "/representante/indicacoes";

// A representative corrects or cancels their own referral while it is
// `Em análise`. The referral is looked up by id AND the session's representative: another
// representative's id is "not found", exactly like an id that does not exist.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { representative } = await requireRepresentative(request);
  const referral = isId(params.id)
    ? await getMyReferral({ representativeId: representative.id, id: params.id })
    : null;
  if (!referral) throw await redirectWithToast(LIST, "error", REFERRAL_EDIT_MESSAGES.notFound);
  const plans = referral.editable ? (await listPlans()).map((p) => ({ id: p.id, name: p.name })) : [];
  return { referral, plans };
}

function refused(result: Exclude<MyReferralChange, "ok" | "duplicate">) {
  if (result === "not_found") return redirectWithToast(LIST, "error", REFERRAL_EDIT_MESSAGES.notFound);
  return replyError(REFERRAL_EDIT_MESSAGES.locked, { status: 409 });
}

export async function action({ request, params }: Route.ActionArgs) {
  const { representative, user } = await requireRepresentative(request, {
    message: REFERRAL_MESSAGES.authError,
  });
  const actor = { id: user.id, name: user.name };
  const raw = await readForm(request);
  if (!isId(params.id)) return redirectWithToast(LIST, "error", REFERRAL_EDIT_MESSAGES.notFound);
  const ids = { representativeId: representative.id, id: params.id };

  if (raw.intent === "cancel") {
    const result = await cancelMyReferral({ ...ids, actor });
    if (result !== "ok") return refused(result);
    return redirectWithToast(LIST, "success", REFERRAL_EDIT_MESSAGES.cancelled);
  }

  const values = Object.fromEntries(
    REFERRAL_FORM_FIELDS.map((f) => [f, (raw[f] ?? "").slice(0, 500)]),
  ) as ReferralFormInput;
  const parsed = checkForm(values, ReferralFormSchema, (errors) => replyInvalid(errors, { values }));
  if (!parsed.ok) return parsed.reply;
  let result: MyReferralChange;
  try {
    result = await updateMyReferral({ ...ids, input: parsed.data, actor });
  } catch (err) {
    if (err instanceof PlanNotFoundError)
      return replyInvalid({ planId: REFERRAL_MESSAGES.planId }, { values });
    log.error({ err }, "portal referral: update failed");
    return replyError(REFERRAL_EDIT_MESSAGES.saveFailed, { values });
  }
  if (result === "duplicate") {
    return replyInvalid({ contactPhone: DUPLICATE_REFERRAL_MESSAGE }, { values, status: 409 });
  }
  if (result !== "ok") return refused(result);
  return redirectWithToast(LIST, "success", REFERRAL_EDIT_MESSAGES.saved);
}

export default function EditMyReferral({ loaderData, actionData }: Route.ComponentProps) {
  const { referral, plans } = loaderData;
  const reply = actionData as FormReply<ReferralFormInput> | undefined;
  useReplyToast(reply);
  const busy = useNavigation().state === "submitting";
  const errors = reply?.fieldErrors ?? {};
  const v = reply?.values ?? {
    businessName: referral.businessName,
    contactName: referral.contactName,
    contactPhone: formatPhone(referral.contactPhone),
    planId: referral.planId ?? "",
  };
  return (
    <div className="max-w-2xl space-y-6">
      <Link to={LIST} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar para Minhas Indicações
      </Link>
      <PageHeader
        title={`Indicação: ${referral.businessName}`}
        subtitle={
          referral.editable
            ? "Enquanto a indicação está Em análise, você pode corrigir os dados ou cancelá-la."
            : `Status: ${referral.statusLabel}`
        }
      />
      {!referral.editable ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {REFERRAL_EDIT_MESSAGES.locked}
        </p>
      ) : (
        <>
          <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <FormAlert message={reply?.formError} />
            <input type="hidden" name="intent" value="save" />
            <ReferralContactFields values={v} errors={errors} />
            <SelectField label="Plano" name="planId" defaultValue={v.planId} error={errors.planId} required>
              {!referral.planId && <option value="">{referral.planName ?? "Selecione um plano"}</option>}
              {plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </SelectField>
            <Button type="submit" busy={busy} busyLabel="Salvando...">
              Salvar correção
            </Button>
          </Form>
          <section className="rounded-xl border border-red-200 bg-white p-5 shadow-sm">
            <h2 className="font-semibold text-slate-900">Cancelar indicação</h2>
            <p className="mt-1 text-sm text-slate-600">
              Uma indicação cancelada não pode ser reaberta e não conta nos seus totais nem gera comissão.
            </p>
            <div className="mt-3">
              <ConfirmButton
                label={`Cancelar a indicação de ${referral.businessName}`}
                title={`Cancelar a indicação de ${referral.businessName}?`}
                description="A indicação passa a Cancelada e não poderá ser reaberta."
                confirmLabel="Cancelar indicação"
                triggerContent="Cancelar indicação"
                fields={{ intent: "cancel" }}
              />
            </div>
          </section>
        </>
      )}
    </div>
  );
}

export function meta() {
  return [{ title: "Indicação | CardápioDigital" }];
}

export const ErrorBoundary = PortalErrorBoundary;
