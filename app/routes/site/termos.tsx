import { useLoaderData } from "react-router";
import { PublicErrorBoundary } from "~/components/site/error-boundary";
import { LegalPage } from "~/components/site/legal-page";
import { getLegalPage } from "~/modules/legal/privacy-settings.server";
import { seoMeta } from "~/lib/meta";
import { buildPageSeo, canonicalFor } from "~/modules/seo/seo.server";
import type { Route } from "./+types/termos";

const TITLE = "Termos de Uso";

// /termos (LGPD): the admin's text (Configurações → Privacidade) or the default one.
export async function loader() {
  const [page, seo] = await Promise.all([
    getLegalPage({ page: "termos" }),
    buildPageSeo({
      path: "/termos",
      page: {
        canonical: canonicalFor("/termos"),
        title: `${TITLE} | CardápioDigital`,
        description:
          "Termos de Uso do site CardápioDigital: regras para usar o site, os formulários e a área do representante, propriedade intelectual, responsabilidades e legislação aplicável.",
      },
    }),
  ]);
  return { html: page.html, updatedAt: page.updatedAt?.toISOString() ?? null, seo };
}

export default function TermsPage() {
  const { html, updatedAt } = useLoaderData<typeof loader>();
  return <LegalPage title={TITLE} html={html} updatedAt={updatedAt} />;
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
