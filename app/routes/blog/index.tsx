import { Search } from "lucide-react";
import { Form, Link, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/index";
import { PublicErrorBoundary } from "~/components/site/error-boundary";
import { PostCard } from "~/components/site/post-card";
import { listPublishedPosts, normalizeSearch } from "~/modules/blog/blog.server";
import { seoMeta } from "~/lib/meta";
import { buildPageSeo, canonicalFor } from "~/modules/seo/seo.server";
import { publicConfig } from "~/modules/site/site.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeSearch(url.searchParams.get("q"));
  const requestedPage = Number(url.searchParams.get("page") ?? "1");
  // SPEC §8: a failing list is only logged; the page shows its empty state.
  const list = await listPublishedPosts({ q, page: requestedPage }).catch((err) => {
    log.error({ err }, "blog list failed");
    return { posts: [], total: 0, page: 1, pageCount: 1, q };
  });
  const paged = list.page > 1;
  const seo = await buildPageSeo({
    path: "/blog",
    page: {
      // Search results are not pages of their own for search engines; list pages are.
      robots: q ? "noindex, follow" : null,
      canonical: paged && !q ? `${canonicalFor("/blog")}?page=${list.page}` : undefined,
      title: paged ? `Blog: Dicas de Delivery – Página ${list.page} | CardápioDigital` : undefined,
    },
  });
  return { ...list, seo, demoUrl: publicConfig().demoUrl };
}

function pageHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `/blog?${s}` : "/blog";
}

export default function BlogIndex() {
  const { posts, q, page, pageCount, total, demoUrl } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";
  return (
    <main id="conteudo" className="pt-16">
      <header className="bg-gradient-to-b from-brand-50 to-white px-4 pt-12 pb-10 text-center">
        <h1 className="text-4xl font-extrabold text-slate-900">Blog CardápioDigital</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-slate-700">
          Dicas práticas para vender mais pelo delivery próprio, organizar a cozinha e conquistar clientes
          fiéis.
        </p>
        <Form method="get" action="/blog" role="search" className="mx-auto mt-8 flex max-w-xl gap-2">
          <label htmlFor="busca-blog" className="sr-only">
            Buscar no blog
          </label>
          <input
            key={q}
            id="busca-blog"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={100}
            placeholder="Buscar no blog..."
            className="block w-full rounded-full border border-slate-300 bg-white px-5 py-3 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
          <button
            type="submit"
            className="flex items-center gap-2 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
          >
            <Search aria-hidden className="h-4 w-4" />
            Buscar
          </button>
        </Form>
      </header>

      <section aria-label="Artigos" className="mx-auto max-w-6xl px-4 py-12" aria-busy={loading || undefined}>
        <p role="status" className={loading ? "mb-6 text-center text-slate-700" : "sr-only"}>
          {loading ? "Carregando artigos..." : q ? `${total} artigo(s) encontrado(s) para "${q}"` : ""}
        </p>
        {posts.length === 0 ? (
          <div className="py-12 text-center">
            <p className="text-lg text-slate-700">
              {q ? `Nenhum artigo encontrado para "${q}"` : "Nenhum artigo publicado ainda."}
            </p>
            {q && (
              <Link
                to="/blog"
                className="mt-4 inline-block rounded-full border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                Limpar busca
              </Link>
            )}
          </div>
        ) : (
          <ul className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${loading ? "opacity-60" : ""}`}>
            {posts.map((p, i) => (
              <li key={p.id}>
                <PostCard post={p} eager={i < 3} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 && (
          <nav aria-label="Paginação" className="mt-12 flex items-center justify-center gap-4">
            {page > 1 ? (
              <Link
                to={pageHref(q, page - 1)}
                rel="prev"
                className="rounded-full border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                ← Anteriores
              </Link>
            ) : null}
            <span className="text-slate-700">
              Página {page} de {pageCount}
            </span>
            {page < pageCount ? (
              <Link
                to={pageHref(q, page + 1)}
                rel="next"
                className="rounded-full border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
              >
                Próximos →
              </Link>
            ) : null}
          </nav>
        )}
      </section>

      <section aria-labelledby="blog-cta" className="px-4 pb-20">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 rounded-2xl bg-slate-900 p-10 text-center text-white">
          <h2 id="blog-cta" className="text-2xl font-bold">
            Veja como o seu cardápio digital pode ficar
          </h2>
          <p className="max-w-xl text-slate-300">
            Navegue por um cardápio de demonstração e faça um pedido de teste, do jeito que o seu cliente
            faria.
          </p>
          <a
            href={demoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Ver Demonstração
          </a>
        </div>
      </section>
    </main>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
