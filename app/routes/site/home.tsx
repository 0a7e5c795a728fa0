import { useCallback, useRef, useState } from "react";
import { useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/home";
import { PublicErrorBoundary } from "~/components/site/error-page";
import { Benefits } from "~/components/site/landing/benefits";
import type { ContactActionData } from "~/components/site/landing/contact-form";
import { ContactSection } from "~/components/site/landing/contact-section";
import { Faq } from "~/components/site/landing/faq";
import { Hero } from "~/components/site/landing/hero";
import { Offerings } from "~/components/site/landing/offerings";
import { Plans } from "~/components/site/landing/plans";
import { REP_SCROLL_DELAY_MS, RepresentativeProgram } from "~/components/site/landing/representative";
import { Testimonials } from "~/components/site/landing/testimonials";
import { PLAN_REPRESENTATIVE } from "~/modules/leads/contact.options";
import { handleContactPost } from "~/modules/leads/contact-post.server";
import { listPlans } from "~/modules/plans/plans.server";
import { seoMeta } from "~/modules/seo/meta";
import { buildPageSeo, plansJsonLd } from "~/modules/seo/seo.server";
import { log } from "~/server/logging/logger.server";
import { rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";
import { publicConfig } from "~/modules/site/site.server";

export async function loader() {
  // SPEC §8: plan load failures are only logged; the list shows its empty text.
  const plans = await listPlans().catch((err) => {
    log.error({ err }, "plans failed");
    return [];
  });
  const seo = await buildPageSeo({ path: "/", page: { jsonLd: plansJsonLd(plans) } });
  const publicPlans = plans.map(
    ({ id, name, priceCents, setupFeeCents, commissionCents, description, features, isPopular }) => ({
      id,
      name,
      priceCents,
      setupFeeCents,
      commissionCents,
      description,
      features,
      isPopular,
    }),
  );
  return { plans: publicPlans, seo, demoUrl: publicConfig().demoUrl };
}

/** The contact form (SPEC §2, §4, §5) → a lead in the funnel. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleContactPost({ request, clientIp: context.clientIp });
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
      <RepresentativeProgram
        plans={plans}
        onTalkToTeam={() => goToContact(PLAN_REPRESENTATIVE, REP_SCROLL_DELAY_MS)}
      />
      <Benefits />
      <Testimonials />
      <Plans plans={plans} onChoose={(id) => goToContact(id)} />
      <ContactSection
        plans={plans}
        plan={plan}
        onPlanChange={setPlan}
        formRef={formRef}
        actionData={contactData}
      />
      <Faq />
    </main>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
