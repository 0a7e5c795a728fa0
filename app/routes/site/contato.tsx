import type { Route } from "./+types/contato";
import { PublicErrorBoundary } from "~/components/site/error-boundary";
import type { ContactActionData } from "~/components/site/landing/contact-form";
import { ContactSection } from "~/components/site/landing/contact-section";
import { handleContactPost } from "~/modules/leads/contact-post.server";
import { listPlans } from "~/modules/plans/plans.server";
import { seoMeta } from "~/lib/meta";
import { buildPageSeo } from "~/modules/seo/seo.server";
import { log } from "~/server/logging/logger.server";
import { rateLimitHeaders } from "~/server/rate-limit/rate-limit.server";

// /contato: the contact form as a page of its own, with the spec's fixed texts for /contato (or
// the admin's, Configurações → SEO) and its own canonical address. The home keeps its section.
export async function loader() {
  const plans = await listPlans().catch((err) => {
    log.error({ err }, "plans failed");
    return [];
  });
  const seo = await buildPageSeo({ path: "/contato" });
  return { plans: plans.map(({ id, name }) => ({ id, name })), seo };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleContactPost({ request, clientIp: context.clientIp });
}

export const headers = rateLimitHeaders;

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="conteudo">
      <ContactSection
        page
        plans={loaderData.plans}
        plan=""
        actionData={actionData as ContactActionData | undefined}
      />
    </main>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
