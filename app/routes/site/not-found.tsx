import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/site/error-page";
import { seoMeta, type PageSeo } from "~/lib/meta";
import { buildPageSeo } from "~/modules/seo/seo.server";

// Unknown public URL: a real 404 status with the pt-BR page inside the public shell. Paths
// without fixed texts take the settings' SEO values (SPEC §2), and are never indexed.
export async function loader({ request }: Route.LoaderArgs) {
  const seo = await buildPageSeo({ path: new URL(request.url).pathname, page: { robots: "noindex" } });
  throw data({ seo }, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

export function meta({ error }: Route.MetaArgs) {
  const seo = isRouteErrorResponse(error) ? (error.data as { seo?: PageSeo } | null)?.seo : undefined;
  if (!seo)
    return [{ title: "Página não encontrada | CardápioDigital" }, { name: "robots", content: "noindex" }];
  return seoMeta({ ...seo, title: `Página não encontrada | ${seo.title}` });
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
