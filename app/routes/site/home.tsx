import type { Route } from "./+types/home";
import { PublicErrorBoundary } from "~/components/site/error-boundary";
import { Benefits } from "~/components/site/landing/benefits";
import type { ContactActionData } from "~/components/site/landing/contact-form";
import { ContactSection } from "~/components/site/landing/contact-section";
import { Faq } from "~/components/site/landing/faq";
import { Hero } from "~/components/site/landing/hero";
import { Offerings } from "~/components/site/landing/offerings";
import { Plans } from "~/components/site/landing/plans";
import { RepresentativeProgram } from "~/components/site/landing/representative";
import { Testimonials } from "~/components/site/landing/testimonials";
import { PLAN_PARAM } from "~/lib/site-script";
import { handleContactPost } from "~/modules/leads/contact-post.server";
import { PLAN_REPRESENTATIVE, PLAN_UNSURE } from "~/modules/leads/contact.options";
import { listPlans } from "~/modules/plans/plans.server";
import { seoMeta } from "~/lib/meta";
import { buildPageSeo, plansJsonLd } from "~/modules/seo/seo.server";
import { publicConfig } from "~/modules/site/site.server";
import { log } from "~/server/logging/logger.server";
import { rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";

export async function loader({ request }: Route.LoaderArgs) {
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
  // A plan's button (`/?plano={id}#contato`) preselects it in the form; anything else is ignored.
  const wanted = new URL(request.url).searchParams.get(PLAN_PARAM) ?? "";
  const known = [PLAN_UNSURE, PLAN_REPRESENTATIVE, ...publicPlans.map((p) => p.id)];
  return {
    plans: publicPlans,
    plan: known.includes(wanted) ? wanted : "",
    seo,
    demoUrl: publicConfig().demoUrl,
  };
}

/** The contact form (SPEC §2, §4, §5) → a lead in the funnel. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleContactPost({ request, clientIp: context.clientIp });
}

// Keeps Retry-After on the 429 of the contact form's rate limit.
export const headers = rateLimitHeaders;

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { plans, plan, demoUrl } = loaderData;
  return (
    <main id="conteudo">
      <Hero demoUrl={demoUrl} />
      <Offerings />
      <RepresentativeProgram plans={plans} />
      <Benefits />
      <Testimonials />
      <Plans plans={plans} />
      <ContactSection plans={plans} plan={plan} actionData={actionData as ContactActionData | undefined} />
      <Faq />
    </main>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
