import { useLoaderData } from "react-router";
import { PublicErrorBoundary } from "~/components/site/error-boundary";
import { LegalPage } from "~/components/site/legal-page";
import { getLegalPage } from "~/modules/legal/privacy-settings.server";
import { seoMeta } from "~/lib/meta";
import { buildPageSeo, canonicalFor } from "~/modules/seo/seo.server";
import type { Route } from "./+types/privacidade";

const TITLE = "Política de Privacidade";

// /privacidade (LGPD): the admin's text (Configurações → Privacidade) or the default one.
export async function loader() {
  const [page, seo] = await Promise.all([
    getLegalPage({ page: "privacidade" }),
    buildPageSeo({
      path: "/privacidade",
      page: {
        canonical: canonicalFor("/privacidade"),
        title: `${TITLE} | CardápioDigital`,
        description:
          "Como a CardápioDigital trata os seus dados pessoais: o que coletamos em cada formulário, para quê, bases legais, retenção, compartilhamento, cookies e como exercer seus direitos (LGPD).",
      },
    }),
  ]);
  return { html: page.html, updatedAt: page.updatedAt?.toISOString() ?? null, seo };
}

export default function PrivacyPage() {
  const { html, updatedAt } = useLoaderData<typeof loader>();
  return <LegalPage title={TITLE} html={html} updatedAt={updatedAt} />;
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
