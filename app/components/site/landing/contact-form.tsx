import { Button, FormAlert, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import type { FormReply } from "~/lib/form-reply";
import {
  CONTACT_LIMITS as L,
  HONEYPOT_FIELD,
  LEAD_WHATSAPP_CONSENT_TEXT,
  PLAN_REPRESENTATIVE,
  PLAN_REPRESENTATIVE_LABEL,
  PLAN_UNSURE,
  PLAN_UNSURE_LABEL,
  type ContactValues,
} from "~/modules/leads/contact.options";
import { PolicyLink, PrivacyNotice } from "~/components/ui/privacy-notice";

export type ContactActionData = FormReply<ContactValues>;

/**
 * SPEC §2 contact form, plain HTML: a POST to the page's action. Sent, the page redirects to
 * itself with the success toast; refused, it comes back with the messages and what was typed.
 * The site script adds the phone mask, the representative note and "Enviando..." while it is sent.
 */
export function ContactForm({
  plans,
  plan,
  actionData,
  action,
}: {
  plans: { id: string; name: string }[];
  /** The plan preselected (`?plano=` or what was sent). */
  plan: string;
  actionData?: ContactActionData;
  /** The page's action: the home's index route, or the contact page. */
  action: string;
}) {
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData && !actionData.ok ? actionData.values : undefined;
  const chosen = values?.plan ?? plan;
  // A refusal's message (invalid fields, too many messages, a failure) stays above the form: the
  // page has no script to show it as a toast.
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const alert = refused?.formError ?? (refused?.toast?.type === "error" ? refused.toast.message : null);
  return (
    <form
      method="post"
      action={action}
      data-contact-form=""
      noValidate
      aria-label="Formulário de contato"
      className="relative space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-8"
    >
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nome completo"
          name="name"
          autoComplete="name"
          required
          maxLength={L.name}
          defaultValue={values?.name}
          error={errors.name}
        />
        <TextField
          label="Nome do estabelecimento"
          name="business"
          autoComplete="organization"
          required
          maxLength={L.business}
          defaultValue={values?.business}
          error={errors.business}
        />
        <TextField
          label="WhatsApp"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 99999-9999"
          required
          maxLength={L.phone}
          defaultValue={values?.phone}
          error={errors.phone}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={L.email}
          defaultValue={values?.email}
          error={errors.email}
        />
      </div>
      <SelectField label="Plano de interesse" name="plan" required defaultValue={chosen} error={errors.plan}>
        <option value="">Selecione um plano</option>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
        <option value={PLAN_UNSURE}>{PLAN_UNSURE_LABEL}</option>
        <option value={PLAN_REPRESENTATIVE}>{PLAN_REPRESENTATIVE_LABEL}</option>
      </SelectField>
      <p
        data-rep-note=""
        hidden={chosen !== PLAN_REPRESENTATIVE}
        className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800"
      >
        Você está falando com a equipe do programa de representantes. Conte um pouco sobre você na mensagem.
      </p>
      <TextAreaField
        label="Mensagem (opcional)"
        name="message"
        rows={4}
        maxLength={L.message}
        defaultValue={values?.message}
        error={errors.message}
      />
      <label className="flex min-h-11 items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          name="whatsappConsent"
          value="1"
          defaultChecked={values?.whatsappConsent === "1"}
          className="mt-1 h-5 w-5 shrink-0"
        />
        <span>{LEAD_WHATSAPP_CONSENT_TEXT} (opcional)</span>
      </label>
      {/* Honeypot: invisible to people and skipped by the keyboard; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Não preencha este campo
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <Button type="submit" data-cta="" className="w-full py-3 text-base">
        Enviar mensagem
      </Button>
      <p className="text-center text-xs text-slate-600">Respondemos em até 24 horas.</p>
      <PrivacyNotice className="text-center">
        Usamos seus dados só para responder a este contato e apresentar o serviço. Saiba mais na{" "}
        <PolicyLink>Política de Privacidade</PolicyLink>.
      </PrivacyNotice>
    </form>
  );
}
