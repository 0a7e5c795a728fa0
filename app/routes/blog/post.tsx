import { ArrowLeft } from "lucide-react";
import { Link, redirect, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/post";
import { PublicErrorBoundary } from "~/components/site/error-boundary";
import { PostCard } from "~/components/site/post-card";
import { formatDate } from "~/lib/format";
import { getPublishedPostBySlug, listRelatedPosts } from "~/modules/blog/blog.server";
import { sanitizePostHtml } from "~/modules/blog/sanitize.server";
import { seoMeta } from "~/lib/meta";
import { articleJsonLd, buildPageSeo } from "~/modules/seo/seo.server";
import { log } from "~/server/logging/logger.server";

export async function loader({ params }: Route.LoaderArgs) {
  // SPEC §8: a missing row or any other error redirects to /blog.
  const post = await getPublishedPostBySlug({ slug: params.slug }).catch((err) => {
    log.error({ err }, "article failed");
    return null;
  });
  if (!post) throw redirect("/blog");
  const related = await listRelatedPosts({ excludeId: post.id }).catch(() => []);
  const seo = await buildPageSeo({
    path: `/blog/${post.slug}`,
    page: {
      title: `${post.title} | Blog CardápioDigital`,
      description: post.excerpt,
      image: post.imageUrl,
      imageAlt: post.title,
      type: "article",
      article: { publishedTime: post.createdAt.toISOString(), modifiedTime: post.updatedAt.toISOString() },
      jsonLd: articleJsonLd(post),
    },
  });
  return {
    post: {
      title: post.title,
      slug: post.slug,
      imageUrl: post.imageUrl,
      createdAt: post.createdAt,
      // Sanitized again on render: rows may predate a rule or come from outside the CMS.
      html: sanitizePostHtml(post.content),
    },
    related,
    seo,
  };
}

const PROSE =
  "tap-text text-lg leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:mt-6 [&_h4]:font-semibold [&_h5]:mt-6 [&_h5]:font-semibold [&_h6]:mt-6 [&_h6]:font-semibold [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:mt-2 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_li[data-list=bullet]]:list-disc [&_.ql-align-center]:text-center [&_.ql-align-right]:text-right [&_.ql-align-justify]:text-justify";

export default function BlogPost() {
  const { post, related } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/blog/") &&
    navigation.location.pathname !== `/blog/${post.slug}`;
  return (
    <main id="conteudo" className="pt-16">
      {loading && (
        <p
          role="status"
          className="fixed inset-x-0 top-16 z-30 bg-brand-700 py-1 text-center text-sm text-white"
        >
          Carregando artigo...
        </p>
      )}
      <article className="mx-auto max-w-3xl px-4 pt-10 pb-12">
        <Link
          to="/blog"
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Voltar para o blog
        </Link>
        <h1 className="mt-6 text-3xl leading-tight font-extrabold text-slate-900 md:text-4xl">
          {post.title}
        </h1>
        <p className="mt-3 text-slate-600">
          Publicado em{" "}
          <time dateTime={new Date(post.createdAt).toISOString()}>{formatDate(post.createdAt)}</time>
        </p>
        {post.imageUrl && (
          <img
            src={post.imageUrl}
            alt={post.title}
            width={1200}
            height={630}
            fetchPriority="high"
            className="mt-8 aspect-[1200/630] w-full rounded-2xl bg-slate-100 object-cover"
          />
        )}
        <div className={`mt-8 ${PROSE}`} dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>

      <section aria-labelledby="cta-artigo" className="px-4 pb-12">
        <div className="mx-auto max-w-3xl rounded-2xl bg-brand-50 p-8 text-center">
          <h2 id="cta-artigo" className="text-2xl font-bold text-slate-900">
            Quer vender pelo seu próprio cardápio digital?
          </h2>
          <p className="mt-2 text-slate-700">
            Mensalidade fixa, zero comissão por pedido e sistema pronto em 3 a 5 dias úteis.
          </p>
          {/* A document load: the landing is server HTML only (ServerHtml) and the browser
              scrolls to the form by the hash. */}
          <Link
            to="/#contato"
            reloadDocument
            className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Fale com um especialista
          </Link>
        </div>
      </section>

      {related.length > 0 && (
        <section aria-labelledby="relacionados" className="bg-slate-50 px-4 py-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="relacionados" className="text-2xl font-bold text-slate-900">
              Artigos Relacionados
            </h2>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((p) => (
                <li key={p.id}>
                  <PostCard post={p} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </main>
  );
}

export function meta({ data }: Route.MetaArgs) {
  return seoMeta(data?.seo);
}

export const ErrorBoundary = PublicErrorBoundary;
