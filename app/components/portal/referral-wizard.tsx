import { ArrowLeft, ArrowRight, CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { Button, FormAlert, SelectField, TextField } from "~/components/ui/form";
import type { FormReply } from "~/lib/form-reply";
import { formatMoney } from "~/lib/format";
import { formatPhone, maskPhoneInput } from "~/lib/phone";
import { fieldErrors, type FieldErrors } from "~/lib/validation";
import {
  REFERRAL_FORM_FIELDS,
  REFERRAL_MESSAGES,
  REFERRAL_TEXT_MAX,
  ReferralFormSchema,
  type ReferralFormField,
  type ReferralFormInput,
} from "~/modules/referrals/referral-form.schema";
import { PolicyLink, PrivacyNotice } from "~/components/ui/privacy-notice";

export interface WizardPlan {
  id: string;
  name: string;
  priceCents: number;
}

/** The action's reply (lib/form-reply); `review` shows the confirmation step. */
export type WizardResult = FormReply<ReferralFormInput, { review?: boolean }>;

export const SUCCESS_REDIRECT_MS = 2000;
const EMPTY: ReferralFormInput = { businessName: "", contactName: "", contactPhone: "", planId: "" };
type Step = "data" | "confirm";

function validate(values: ReferralFormInput): FieldErrors {
  const r = ReferralFormSchema.safeParse(values);
  return r.success ? {} : fieldErrors(r.error);
}

/**
 * SPEC §2/§5 two-step wizard. Step 1 is validated in the browser on every change (same zod schema
 * as the action); step 2 shows what will be sent. Without JavaScript the same forms post to the
 * action with intent review/edit/create, so the flow still works.
 */
export function ReferralWizard({
  plans,
  plansError,
  result,
}: {
  plans: WizardPlan[];
  plansError: string | null;
  result: WizardResult | undefined;
}) {
  const [values, setValues] = useState<ReferralFormInput>(result?.values ?? EMPTY);
  const [step, setStep] = useState<Step>(result?.review ? "confirm" : "data");
  const [touched, setTouched] = useState<Partial<Record<ReferralFormField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors>(result?.fieldErrors ?? {});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = useNavigation().state === "submitting";
  const navigate = useNavigate();

  // A new server answer to the final submit: field errors send the user back to step 1 with them.
  const [seenResult, setSeenResult] = useState(result);
  if (result !== seenResult) {
    setSeenResult(result);
    if (result && !result.ok && !result.review && Object.keys(result.fieldErrors).length > 0) {
      setServerErrors(result.fieldErrors);
      setTouched({});
      setStep("data");
    }
  }

  useEffect(() => {
    if (!result?.ok) return;
    const timer = setTimeout(() => navigate("/representante/dashboard"), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [result, navigate]);

  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  if (result?.ok) {
    return (
      <div role="status" className="rounded-xl border border-emerald-200 bg-white p-8 text-center shadow-sm">
        <CheckCircle2 aria-hidden className="mx-auto h-12 w-12 text-emerald-600" />
        <h2 className="mt-4 text-xl font-bold text-slate-900">{REFERRAL_MESSAGES.created}</h2>
        <p className="mt-2 text-slate-600">Você será redirecionado para o dashboard em instantes.</p>
        <noscript>
          <meta httpEquiv="refresh" content={`${SUCCESS_REDIRECT_MS / 1000};url=/representante/dashboard`} />
        </noscript>
      </div>
    );
  }

  const clientErrors = validate(values);
  const errorOf = (f: ReferralFormField) => (touched[f] ? clientErrors[f] : serverErrors[f]);
  const change = (f: ReferralFormField, v: string) => {
    setValues((old) => ({ ...old, [f]: f === "contactPhone" ? maskPhoneInput(v) : v }));
    setTouched((old) => ({ ...old, [f]: true }));
  };
  const plan = plans.find((p) => p.id === values.planId);

  return (
    <div className="space-y-6">
      <ol aria-label="Etapas" className="flex gap-3 text-sm">
        {(["data", "confirm"] as const).map((s, i) => (
          <li
            key={s}
            aria-current={step === s ? "step" : undefined}
            className={`rounded-full px-3 py-1 font-medium ${step === s ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700"}`}
          >
            {i + 1}. {s === "data" ? "Dados da indicação" : "Confirmação"}
          </li>
        ))}
      </ol>

      {step === "data" ? (
        <Form
          method="post"
          noValidate
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(Object.fromEntries(REFERRAL_FORM_FIELDS.map((f) => [f, true])));
            if (Object.keys(clientErrors).length === 0) setStep("confirm");
          }}
        >
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
            Dados do estabelecimento indicado
          </h2>
          <FormAlert message={plansError} />
          <input type="hidden" name="intent" value="review" />
          <TextField
            label="Nome do negócio"
            name="businessName"
            value={values.businessName}
            maxLength={REFERRAL_TEXT_MAX}
            onChange={(e) => change("businessName", e.target.value)}
            error={errorOf("businessName")}
            required
          />
          <TextField
            label="Nome do contato"
            name="contactName"
            value={values.contactName}
            maxLength={REFERRAL_TEXT_MAX}
            onChange={(e) => change("contactName", e.target.value)}
            error={errorOf("contactName")}
            required
          />
          <TextField
            label="Telefone do contato"
            name="contactPhone"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="(99) 99999-9999"
            maxLength={20}
            value={values.contactPhone}
            onChange={(e) => change("contactPhone", e.target.value)}
            error={errorOf("contactPhone")}
            required
          />
          <SelectField
            label="Plano"
            name="planId"
            value={values.planId}
            onChange={(e) => change("planId", e.target.value)}
            error={errorOf("planId")}
            required
          >
            <option value="">Selecione um plano</option>
            {plans.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} — {formatMoney(p.priceCents)}/mês
              </option>
            ))}
          </SelectField>
          <div className="flex justify-end">
            <Button type="submit">
              Próximo <ArrowRight aria-hidden className="h-4 w-4" />
            </Button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
            Confirme os dados da indicação
          </h2>
          <FormAlert message={result?.formError} />
          <dl className="grid gap-3 sm:grid-cols-2">
            {[
              ["Nome do negócio", values.businessName.trim()],
              ["Nome do contato", values.contactName.trim()],
              ["Telefone do contato", formatPhone(values.contactPhone)],
              ["Plano", plan ? `${plan.name} — ${formatMoney(plan.priceCents)}/mês` : ""],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-sm text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          {REFERRAL_FORM_FIELDS.map((f) => (
            <input key={f} type="hidden" name={f} value={values[f]} />
          ))}
          <PrivacyNotice>
            Indique só quem espera o nosso contato. Os dados do indicado servem para apresentarmos o serviço,
            como explica a <PolicyLink>Política de Privacidade</PolicyLink>.
          </PrivacyNotice>
          <div className="flex flex-wrap justify-between gap-3">
            <Button
              type="submit"
              name="intent"
              value="edit"
              variant="secondary"
              onClick={(e) => {
                e.preventDefault();
                setStep("data");
              }}
            >
              <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar
            </Button>
            <Button type="submit" name="intent" value="create" busy={busy} busyLabel="Enviando...">
              Confirmar Indicação
            </Button>
          </div>
        </Form>
      )}
    </div>
  );
}
