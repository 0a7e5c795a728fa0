import { Clock, MessageCircle, Rocket } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/home";
import { PublicErrorBoundary } from "~/components/site/error-page";
import { Benefits } from "~/components/site/landing/benefits";
import { ContactForm, type ContactActionData } from "~/components/site/landing/contact-form";
import { Faq } from "~/components/site/landing/faq";
import { Hero } from "~/components/site/landing/hero";
import { Offerings } from "~/components/site/landing/offerings";
import { Plans } from "~/components/site/landing/plans";
import { REP_SCROLL_DELAY_MS, RepresentativeProgram } from "~/components/site/landing/representative";
import { Testimonials } from "~/components/site/landing/testimonials";
import { replyError, replyInvalid, replyOk, toast } from "~/lib/form-reply";
import { CONTACT_TOASTS, PLAN_REPRESENTATIVE } from "~/modules/leads/contact.options";
import { CONTACT_MESSAGES } from "~/modules/leads/contact.schema";
import { submitContactForm } from "~/modules/leads/contact.server";
import { listPlans } from "~/modules/plans/plans.server";
import { seoMeta } from "~/modules/seo/meta";
import { buildPageSeo, plansJsonLd } from "~/modules/seo/seo.server";
import { readFormData } from "~/server/http/form.server";
import { log } from "~/server/logging/logger.server";
import { hitRateLimit, rateLimited, rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";
import { directAttribution, readAttribution } from "~/modules/site/attribution.server";
import { publicConfig } from "~/modules/site/site.server";

export async function loader() {
  // SPEC §8: plan load failures are only logged; the list shows its empty text.
  const plans = await listPlans().catch((err) => {
    log.error({ err }, "plans failed");
    return [];
  });
  const seo = await buildPageSeo({ path: "/", page: { jsonLd: plansJsonLd(plans) } });
  const publicPlans = plans.map(
    ({ id, name, priceCents, setupFeeCents, description, features, isPopular }) => ({
      id,
      name,
      priceCents,
      setupFeeCents,
      description,
      features,
      isPopular,
    }),
  );
  return { plans: publicPlans, seo, demoUrl: publicConfig().demoUrl };
}

/** The contact form (SPEC §2, §4, §5) → a lead in the funnel. */
export async function action({ request, context }: Route.ActionArgs) {
  const limit = await hitRateLimit("contact", context.clientIp).catch(() => ({ ok: true }) as const);
  if (!limit.ok) return rateLimited(limit.retryAfter);
  // A body that is not a form is a 400 with a pt-BR message (thrown), not the 500 below.
  const formData = await readFormData(request);
  try {
    const result = await submitContactForm({
      formData,
      attribution: (await readAttribution(request)) ?? directAttribution(request),
    });
    if (result.kind === "invalid") {
      const { fieldErrors, values } = result;
      return replyInvalid(fieldErrors, { values, formError: CONTACT_MESSAGES.formInvalid });
    }
    // A bot gets the same answer as a person, so the honeypot teaches it nothing.
    return replyOk(toast.success(CONTACT_TOASTS.success));
  } catch (err) {
    log.error({ err }, "contact form failed");
    return replyError(CONTACT_TOASTS.failure);
  }
}

// Keeps Retry-After on the 429 of the contact form's rate limit.
export const headers = rateLimitHeaders;

// Plans do not change because someone sent the contact form.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === "POST") return false;
  return defaultShouldRevalidate;
}

export default function Home({ actionData }: Route.ComponentProps) {
  const { plans, demoUrl } = useLoaderData<typeof loader>();
  const contactData = actionData as ContactActionData | undefined;
  const [plan, setPlan] = useState(contactData?.ok ? "" : (contactData?.values?.plan ?? ""));
  const formRef = useRef<HTMLFormElement>(null);

  const goToContact = useCallback((value: string, delay = 0) => {
    setPlan(value);
    setTimeout(() => {
      document.getElementById("contato")?.scrollIntoView({ behavior: "smooth" });
      formRef.current?.querySelector<HTMLInputElement>("input[name=name]")?.focus({ preventScroll: true });
    }, delay);
  }, []);

  return (
    <main id="conteudo">
      <Hero demoUrl={demoUrl} />
      <Offerings />
      <RepresentativeProgram onTalkToTeam={() => goToContact(PLAN_REPRESENTATIVE, REP_SCROLL_DELAY_MS)} />
      <Benefits />
      <Testimonials />
      <Plans plans={plans} onChoose={(id) => goToContact(id)} />
      <section id="contato" aria-labelledby="contato-titulo" className="scroll-mt-20 px-4 py-20">
        <div className="mx-auto grid max-w-6xl gap-12 md:grid-cols-5">
          <div className="md:col-span-2">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Contato</p>
            <h2 id="contato-titulo" className="mt-2 text-3xl font-bold text-slate-900 md:text-4xl">
              Vamos colocar o seu cardápio no ar?
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">
              Conte um pouco sobre o seu negócio. Um especialista entra em contato para tirar suas dúvidas e
              indicar o melhor plano.
            </p>
            <ul className="mt-8 space-y-4 text-slate-800">
              <li className="flex gap-3">
                <Clock aria-hidden className="h-6 w-6 flex-none text-brand-700" />
                Resposta em até 24 horas.
              </li>
              <li className="flex gap-3">
                <Rocket aria-hidden className="h-6 w-6 flex-none text-brand-700" />
                Sistema pronto em 3 a 5 dias úteis após a confirmação do pagamento.
              </li>
              <li className="flex gap-3">
                <MessageCircle aria-hidden className="h-6 w-6 flex-none text-brand-700" />
                Prefere conversar agora? Use o botão do WhatsApp no canto da tela.
              </li>
            </ul>
          </div>
          <div className="md:col-span-3">
            <ContactForm
              plans={plans}
              plan={plan}
              onPlanChange={setPlan}
              formRef={formRef}
              actionData={contactData}
            />
          </div>
        </div>
      </section>
      <Faq />
    </main>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
