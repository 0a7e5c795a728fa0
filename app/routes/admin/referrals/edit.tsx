import { ArrowLeft } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/edit";
import { ReferralStatusSelect } from "~/components/admin/referrals/referral-status-select";
import { ReferralContactFields } from "~/components/referrals/referral-contact-fields";
import { ReferralHistory } from "~/components/referrals/referral-history";
import { Button, FormAlert, SelectField } from "~/components/ui/form";
import { PageHeader } from "~/components/ui/page-header";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import { replyError, replyInvalid, type FormReply } from "~/lib/form-reply";
import { redirectWithToast } from "~/lib/form-reply.server";
import { formatDate, formatMoney } from "~/lib/format";
import { isId } from "~/lib/ids";
import { formatPhone } from "~/lib/phone";
import { requireAdmin } from "~/modules/auth/session.server";
import { listPlans } from "~/modules/plans/plans.server";
import {
  getReferralAdmin,
  listRepresentativeChoices,
  updateReferralAdmin,
} from "~/modules/referrals/admin-edit.server";
import {
  AdminReferralFormSchema,
  REFERRAL_EDIT_MESSAGES,
  REFERRAL_MESSAGES,
} from "~/modules/referrals/referral-form.schema";
import { getReferralHistory } from "~/modules/referrals/history.server";
import { REFERRAL_CANCEL_CAUSE_LABELS, referralStatusLabel } from "~/modules/referrals/referrals.schema";
import { readForm, checkForm } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";

const LIST = "/admin/referrals";
const FIELDS = ["businessName", "contactName", "contactPhone", "planId", "representativeId"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

async function requireReferral(id: string) {
  const referral = isId(id) ? await getReferralAdmin({ id }) : null;
  if (!referral) throw await redirectWithToast(LIST, "error", REFERRAL_EDIT_MESSAGES.notFound);
  return referral;
}

// The admin corrects a referral's data and may reassign it to another
// representative; every change is in the audit log with before → after.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const referral = await requireReferral(params.id);
  const [plans, representatives, history] = await Promise.all([
    listPlans().then((ps) => ps.map((p) => ({ id: p.id, name: p.name }))),
    listRepresentativeChoices(),
    getReferralHistory({ id: referral.id }),
  ]);
  return { referral, plans, representatives, history };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const referral = await requireReferral(params.id);
  const raw = await readForm(request);
  const values = Object.fromEntries(FIELDS.map((f) => [f, (raw[f] ?? "").slice(0, 500)])) as Values;
  const parsed = checkForm(values, AdminReferralFormSchema, (errors) => replyInvalid(errors, { values }));
  if (!parsed.ok) return parsed.reply;
  let result;
  try {
    result = await updateReferralAdmin({ id: referral.id, input: parsed.data, actor: user });
  } catch (err) {
    log.error({ err }, "admin referral: update failed");
    return replyError(REFERRAL_EDIT_MESSAGES.saveFailed, { values });
  }
  switch (result) {
    case "ok":
      return redirectWithToast(LIST, "success", REFERRAL_EDIT_MESSAGES.adminSaved);
    case "not_found":
      return redirectWithToast(LIST, "error", REFERRAL_EDIT_MESSAGES.notFound);
    case "cancelled":
      return replyError(REFERRAL_EDIT_MESSAGES.adminCancelled, { status: 409, values });
    case "paid":
      return replyError(REFERRAL_EDIT_MESSAGES.adminPaid, { status: 409, values });
    case "plan_not_found":
      return replyInvalid({ planId: REFERRAL_MESSAGES.planId }, { values });
    case "representative_not_found":
      return replyInvalid({ representativeId: REFERRAL_EDIT_MESSAGES.representativeNotFound }, { values });
  }
}

export default function EditReferral({ loaderData, actionData }: Route.ComponentProps) {
  const { referral, plans, representatives, history } = loaderData;
  const reply = actionData as FormReply<Values> | undefined;
  useReplyToast(reply);
  const busy = useNavigation().state === "submitting";
  const errors = reply?.fieldErrors ?? {};
  const cancelled = referral.status === "cancelada";
  const v: Values = reply?.values ?? {
    businessName: referral.businessName,
    contactName: referral.contactName,
    contactPhone: formatPhone(referral.contactPhone),
    planId: referral.planId ?? "",
    representativeId: referral.representativeId ?? "",
  };
  return (
    <div className="max-w-2xl space-y-6">
      <Link to={LIST} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar para Indicações
      </Link>
      <PageHeader
        title="Editar Indicação"
        subtitle={`Status: ${referralStatusLabel(referral.status)} · Indicada em ${formatDate(referral.createdAt)}${
          referral.commissionCents !== null ? ` · Comissão: ${formatMoney(referral.commissionCents)}` : ""
        }`}
      />
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <span className="text-sm font-medium text-slate-700">Status</span>
        {/* The same select as the list, asking first when a commission is created or cancelled,
            or a cancelled referral reopened. */}
        <ReferralStatusSelect row={referral} action={LIST} />
        {cancelled && referral.cancelCause && (
          <span className="text-sm text-slate-600">{REFERRAL_CANCEL_CAUSE_LABELS[referral.cancelCause]}</span>
        )}
      </div>
      {cancelled ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {REFERRAL_EDIT_MESSAGES.adminCancelled}
        </p>
      ) : (
        <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <FormAlert message={reply?.formError} />
          {referral.paid && (
            <p className="text-sm text-slate-600">
              A comissão desta indicação já foi paga: o plano e o representante ficam como estão.
            </p>
          )}
          <SelectField
            label="Representante"
            name="representativeId"
            defaultValue={v.representativeId}
            error={errors.representativeId}
            disabled={referral.paid}
            required
          >
            {!referral.representativeId && <option value="">Selecione o representante</option>}
            {representatives.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name} ({r.email})
              </option>
            ))}
          </SelectField>
          {referral.paid && <input type="hidden" name="representativeId" value={v.representativeId} />}
          <ReferralContactFields values={v} errors={errors} />
          <SelectField
            label="Plano"
            name="planId"
            defaultValue={v.planId}
            error={errors.planId}
            disabled={referral.paid}
          >
            {!referral.planId && (
              <option value="">{referral.planName ? `${referral.planName} (atual)` : "Sem plano"}</option>
            )}
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          {referral.paid && <input type="hidden" name="planId" value={v.planId} />}
          <p className="text-xs text-slate-500">
            Trocar o plano troca a comissão da indicação pela comissão atual do novo plano.
          </p>
          <Button type="submit" busy={busy} busyLabel="Salvando...">
            Salvar alterações
          </Button>
        </Form>
      )}
      <ReferralHistory entries={history} />
    </div>
  );
}

export function meta() {
  return [{ title: "Editar Indicação | CardápioDigital" }];
}
