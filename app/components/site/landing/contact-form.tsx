import { CheckCircle2 } from "lucide-react";
import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { whatsappLink } from "~/lib/whatsapp";
import { Button, FormAlert, SelectField, TextAreaField, TextField } from "~/components/ui/form";
import { useReplyToast } from "~/components/ui/use-reply-toast";
import type { FormReply } from "~/lib/form-reply";
import { maskPhoneInput } from "~/lib/phone";
import {
  CONTACT_LIMITS as L,
  CONTACT_TOASTS,
  HONEYPOT_FIELD,
  PLAN_REPRESENTATIVE,
  PLAN_REPRESENTATIVE_LABEL,
  PLAN_UNSURE,
  PLAN_UNSURE_LABEL,
  type ContactValues,
} from "~/modules/leads/contact.options";
import { PolicyLink, PrivacyNotice } from "~/components/ui/privacy-notice";
import { useContactPost } from "./use-contact-post";

export type ContactActionData = FormReply<ContactValues>;

const WHATSAPP_CONTACT_MESSAGE = "Olá! Acabei de enviar uma mensagem pelo site e gostaria de falar agora.";

const FIELD_ORDER = ["name", "business", "phone", "email", "plan", "message"] as const;

/**
 * SPEC §2 contact form. With JavaScript it posts to the JSON endpoint (use-contact-post.ts; no
 * reload: toast, then every field empty); without, it is a plain POST to the page and the page
 * comes back with errors or the success message (`actionData`).
 */
export function ContactForm({
  plans,
  plan,
  onPlanChange,
  formRef,
  actionData,
  action = "/?index#contato",
}: {
  plans: { id: string; name: string }[];
  plan: string;
  onPlanChange: (value: string) => void;
  formRef: React.RefObject<HTMLFormElement | null>;
  actionData?: ContactActionData;
  /** Where a no-JavaScript POST lands: the home's section, or the contact page. */
  action?: string;
}) {
  const sent = useContactPost();
  const result = sent.data ?? actionData;
  const busy = sent.busy;
  const errors = result?.fieldErrors ?? {};
  const values = result && !result.ok ? result.values : undefined;
  useReplyToast(sent.data);
  // The site layout's loader holds the public WhatsApp number (as for the floating button).
  const site = useRouteLoaderData("routes/site/layout") as { whatsappNumber?: string } | undefined;
  const whatsapp = site?.whatsappNumber ? whatsappLink(site.whatsappNumber, WHATSAPP_CONTACT_MESSAGE) : null;

  // On the landing the form hydrates when needed (contact-island.tsx): what the visitor typed or
  // picked before its code arrived is still in the fields; format the phone and adopt the plan.
  useEffect(() => {
    const form = formRef.current;
    const phone = form?.elements.namedItem("phone");
    if (phone instanceof HTMLInputElement && phone.value) phone.value = maskPhoneInput(phone.value);
    const select = form?.elements.namedItem("plan");
    if (select instanceof HTMLSelectElement && select.value !== plan) onPlanChange(select.value);
    // Once, on mount: later changes go through the fields' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const data = sent.data;
    const form = formRef.current;
    if (!data || !form) return;
    if (data.ok) {
      form.reset();
      onPlanChange("");
      return;
    }
    const first = FIELD_ORDER.find((f) => data.fieldErrors?.[f]);
    if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
  }, [sent.data, formRef, onPlanChange]);

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      onSubmit={sent.onSubmit}
      noValidate
      aria-label="Formulário de contato"
      className="relative space-y-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
    >
      {/* Besides the toast (which goes away), a confirmation that stays while the form is empty
          again for a next message. */}
      {sent.data?.ok && (
        <div
          role="status"
          className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden className="h-4 w-4" />
            Recebemos sua mensagem!
          </p>
          <p className="mt-1">
            Respondemos em até 24 horas.
            {whatsapp && (
              <>
                {" "}
                Com pressa?{" "}
                <a
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-green-800 underline"
                >
                  Fale agora pelo WhatsApp
                </a>
              </>
            )}
          </p>
        </div>
      )}
      {actionData?.ok && !sent.data && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800"
        >
          <CheckCircle2 aria-hidden className="h-4 w-4" />
          {CONTACT_TOASTS.success}
        </p>
      )}
      <FormAlert message={result?.ok ? null : result?.formError} />
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
          onChange={(e) => {
            e.currentTarget.value = maskPhoneInput(e.currentTarget.value);
          }}
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
      <SelectField
        label="Plano de interesse"
        name="plan"
        required
        value={plan}
        onChange={(e) => onPlanChange(e.currentTarget.value)}
        error={errors.plan}
      >
        <option value="">Selecione um plano</option>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
        <option value={PLAN_UNSURE}>{PLAN_UNSURE_LABEL}</option>
        <option value={PLAN_REPRESENTATIVE}>{PLAN_REPRESENTATIVE_LABEL}</option>
      </SelectField>
      {plan === PLAN_REPRESENTATIVE && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
          Você está falando com a equipe do programa de representantes. Conte um pouco sobre você na mensagem.
        </p>
      )}
      <TextAreaField
        label="Mensagem (opcional)"
        name="message"
        rows={4}
        maxLength={L.message}
        defaultValue={values?.message}
        error={errors.message}
      />
      {/* Honeypot: invisible to people and skipped by the keyboard; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Não preencha este campo
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <Button type="submit" busy={busy} busyLabel="Enviando..." className="w-full py-3 text-base">
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
