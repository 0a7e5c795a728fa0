import type { MetaDescriptor } from "react-router";

// Client-safe: the route `meta` exports turn the SEO the loader computed into tags.

export const SITE_NAME = "CardápioDigital";

export interface PageSeo {
  title: string;
  description: string;
  keywords: string | null;
  canonical: string;
  /** e.g. "noindex, follow" for search results and error pages. */
  robots: string | null;
  og: {
    type: "website" | "article";
    title: string;
    description: string;
    image: string;
    imageAlt: string;
    url: string;
  };
  article: { publishedTime: string; modifiedTime: string } | null;
  jsonLd: Record<string, unknown>[];
}

/** Every tag of a public page: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function seoMeta(seo: PageSeo | null | undefined): MetaDescriptor[] {
  if (!seo) return [{ title: SITE_NAME }];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:type", content: seo.og.type },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: seo.og.title },
    { property: "og:description", content: seo.og.description },
    { property: "og:url", content: seo.og.url },
    { property: "og:image", content: seo.og.image },
    { property: "og:image:alt", content: seo.og.imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.og.title },
    { name: "twitter:description", content: seo.og.description },
    { name: "twitter:image", content: seo.og.image },
  ];
  if (seo.keywords) tags.push({ name: "keywords", content: seo.keywords });
  if (seo.robots) tags.push({ name: "robots", content: seo.robots });
  if (seo.article) {
    tags.push(
      { property: "article:published_time", content: seo.article.publishedTime },
      { property: "article:modified_time", content: seo.article.modifiedTime },
    );
  }
  for (const item of seo.jsonLd) tags.push({ "script:ld+json": item });
  return tags;
}
