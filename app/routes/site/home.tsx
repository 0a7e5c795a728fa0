import { useCallback, useRef, useState } from "react";
import { useLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/home";
import { PublicErrorBoundary } from "~/components/site/error-boundary";
import { Benefits } from "~/components/site/landing/benefits";
import type { ContactActionData } from "~/components/site/landing/contact-form";
import { ContactIsland, loadContact } from "~/components/site/landing/contact-island";
import { Faq } from "~/components/site/landing/faq";
import { Hero } from "~/components/site/landing/hero";
import type { DeferHydrationHandle } from "~/lib/deferred-hydration";
import { handleLandingClick } from "~/components/site/landing/landing-clicks";
import { Offerings } from "~/components/site/landing/offerings";
import { Plans } from "~/components/site/landing/plans";
import { REP_SCROLL_DELAY_MS, RepresentativeProgram } from "~/components/site/landing/representative";
import { Testimonials } from "~/components/site/landing/testimonials";
import { reloadOnClientNavigation, ServerHtml } from "~/components/ui/server-html";
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

// The landing's copy is server HTML only (ServerHtml): client-side navigations here load the document.
export const clientLoader = reloadOnClientNavigation;

// Complete as HTML: a stored copy hydrates on the visitor's first sign of life (root.tsx).
export const handle: DeferHydrationHandle = { deferHydration: true };

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
    // The form hydrates on demand: its plan can be set once it is React's.
    void loadContact().then(() => {
      setPlan(value);
      setTimeout(() => {
        document.getElementById("contato")?.scrollIntoView({ behavior: "smooth" });
        formRef.current?.querySelector<HTMLInputElement>("input[name=name]")?.focus({ preventScroll: true });
      }, delay);
    });
  }, []);
  const onClick = (event: React.MouseEvent) =>
    handleLandingClick(event, {
      choosePlan: (id) => goToContact(id),
      talkToTeam: (value) => goToContact(value, REP_SCROLL_DELAY_MS),
    });

  // Issue 17 item 9: the copy is HTML only, the contact form hydrates when needed.
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegation: the targets are links and buttons
    <main id="conteudo" onClick={onClick}>
      <ServerHtml>
        {import.meta.env.SSR && (
          <>
            <Hero demoUrl={demoUrl} />
            <Offerings />
            <RepresentativeProgram plans={plans} />
            <Benefits />
            <Testimonials />
            <Plans plans={plans} />
          </>
        )}
      </ServerHtml>
      <ContactIsland
        plans={plans}
        plan={plan}
        onPlanChange={setPlan}
        formRef={formRef}
        actionData={contactData}
      />
      <ServerHtml>{import.meta.env.SSR && <Faq />}</ServerHtml>
    </main>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
