import { baseUrl } from "~/lib/env.server";
import { whatsappNumber } from "~/lib/whatsapp";
import { getSettings, type Settings } from "~/modules/settings/index.server";
import { publicConfig } from "~/modules/site/index.server";
import { FIXED_SEO, type PageSeoPath, type Texts } from "./fixed-seo";
import { SITE_NAME, type PageSeo } from "~/lib/meta";

export { FIXED_SEO };

export const DEFAULT_OG_IMAGE = "/images/og-cardapio-digital.jpg";
const LOGO = "/images/logo-cardapio-digital.png";

/** Fallback when the settings were never saved (SPEC §9: default title and description exist). */
const DEFAULT_TEXTS: Texts = FIXED_SEO["/"];

/** "/images/x.png" → absolute; http(s) URLs kept; anything else is no URL at all. */
export function absoluteUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl()}${url}`;
  return null;
}

/** Canonical addresses have no trailing slash, the home included. */
export function canonicalFor(path: string): string {
  const clean = path.replace(/\/+$/, "");
  return `${baseUrl()}${clean}`;
}

/** The admin's title/description for a fixed page (Configurações → SEO → Textos por página). */
export function pageOverride(
  path: PageSeoPath,
  settings: Pick<
    Settings,
    "homeTitle" | "homeDescription" | "blogTitle" | "blogDescription" | "contactTitle" | "contactDescription"
  > | null,
): { title: string | null; description: string | null } {
  if (!settings) return { title: null, description: null };
  if (path === "/") return { title: settings.homeTitle, description: settings.homeDescription };
  if (path === "/blog") return { title: settings.blogTitle, description: settings.blogDescription };
  return { title: settings.contactTitle, description: settings.contactDescription };
}

function textsFor(path: string, settings: Settings | null): Texts & { canonical: string } {
  const key = path === "/" || path === "/blog" || path === "/contato" ? path : null;
  if (key) {
    // The spec's fixed texts are the defaults; the admin may override the title and description.
    const own = pageOverride(key, settings);
    return {
      ...FIXED_SEO[key],
      title: own.title || FIXED_SEO[key].title,
      description: own.description || FIXED_SEO[key].description,
      canonical: canonicalFor(path),
    };
  }
  if (path.startsWith("/blog/")) return { ...FIXED_SEO["/blog/*"], canonical: canonicalFor(path) };
  return {
    title: settings?.title || DEFAULT_TEXTS.title,
    description: settings?.description || DEFAULT_TEXTS.description,
    keywords: settings?.keywords || DEFAULT_TEXTS.keywords,
    canonical: settings?.canonicalUrl?.replace(/\/+$/, "") || canonicalFor(path),
  };
}

export function organizationJsonLd(): Record<string, unknown> {
  const base = baseUrl();
  const phone = whatsappNumber(publicConfig().whatsappNumber);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${base}/#organizacao`,
    name: SITE_NAME,
    url: base,
    logo: `${base}${LOGO}`,
    description: FIXED_SEO["/"].description,
    ...(phone
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            telephone: `+${phone}`,
            contactType: "sales",
            areaServed: "BR",
            availableLanguage: "Portuguese",
          },
        }
      : {}),
  };
}

/** The admin's own JSON-LD (settings.structured_data), when it is valid JSON. */
function customJsonLd(settings: Settings | null): Record<string, unknown>[] {
  const raw = settings?.structuredData?.trim();
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    const items = Array.isArray(parsed) ? parsed : [parsed];
    return items.filter(
      (i): i is Record<string, unknown> => !!i && typeof i === "object" && !Array.isArray(i),
    );
  } catch {
    return [];
  }
}

export interface PageOverrides {
  title?: string;
  description?: string;
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article";
  robots?: string | null;
  /** Canonical override (e.g. a paginated list keeps its ?page=). */
  canonical?: string;
  article?: { publishedTime: string; modifiedTime: string } | null;
  jsonLd?: Record<string, unknown>[];
}

/**
 * Everything a public page puts in its <head> for search engines and link previews, computed
 * on the server so it is in the first HTML response. Settings come from the 5-minute cache.
 */
export async function buildPageSeo({
  path,
  page = {},
}: {
  path: string;
  page?: PageOverrides;
}): Promise<PageSeo> {
  const settings = await getSettings().catch(() => null);
  const texts = textsFor(path, settings);
  const title = page.title ?? texts.title;
  const description = page.description ?? texts.description;
  const canonical = page.canonical ?? texts.canonical;
  const isHome = path === "/";
  const ogTitle = isHome ? settings?.ogTitle || title : title;
  const ogDescription = isHome ? settings?.ogDescription || description : description;
  // WhatsApp and Facebook show no SVG previews: such a page image falls back to the default.
  const pageImage = page.image && !/\.svg(\?|#|$)/i.test(page.image) ? page.image : null;
  const image =
    absoluteUrl(pageImage) ?? absoluteUrl(settings?.ogImage) ?? (absoluteUrl(DEFAULT_OG_IMAGE) as string);
  return {
    title,
    description,
    keywords: texts.keywords || null,
    canonical,
    robots: page.robots ?? null,
    og: {
      type: page.type ?? "website",
      title: ogTitle,
      description: ogDescription,
      image,
      imageAlt: page.imageAlt ?? ogTitle,
      url: canonical,
    },
    article: page.article ?? null,
    jsonLd: [organizationJsonLd(), ...(page.jsonLd ?? []), ...customJsonLd(settings)],
  };
}

const price = (cents: number) => (cents / 100).toFixed(2);

/** Product/Offer per plan for the home (prices in BRL, monthly). */
export function plansJsonLd(
  plans: { name: string; description: string | null; priceCents: number; setupFeeCents: number }[],
): Record<string, unknown>[] {
  const base = baseUrl();
  return plans.map((p) => ({
    "@context": "https://schema.org",
    "@type": "Product",
    name: `Cardápio Digital – Plano ${p.name}`,
    description:
      p.description ||
      `Plano ${p.name} do cardápio digital com pedidos online, mensalidade fixa e sem comissão por pedido.`,
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: {
      "@type": "Offer",
      url: `${base}/#planos`,
      price: price(p.priceCents),
      priceCurrency: "BRL",
      availability: "https://schema.org/InStock",
      priceSpecification: [
        {
          "@type": "UnitPriceSpecification",
          price: price(p.priceCents),
          priceCurrency: "BRL",
          referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
        },
        ...(p.setupFeeCents > 0
          ? [
              {
                "@type": "UnitPriceSpecification",
                name: "Taxa de ativação",
                price: price(p.setupFeeCents),
                priceCurrency: "BRL",
              },
            ]
          : []),
      ],
      seller: { "@id": `${base}/#organizacao` },
    },
  }));
}

/** BlogPosting and BreadcrumbList for an article. */
export function articleJsonLd(post: {
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}): Record<string, unknown>[] {
  const base = baseUrl();
  const url = canonicalFor(`/blog/${post.slug}`);
  const image = absoluteUrl(post.imageUrl);
  return [
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title.slice(0, 110),
      description: post.excerpt,
      ...(image ? { image: [image] } : {}),
      datePublished: post.createdAt.toISOString(),
      dateModified: post.updatedAt.toISOString(),
      inLanguage: "pt-BR",
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      url,
      author: { "@type": "Organization", name: SITE_NAME, url: base },
      publisher: {
        "@type": "Organization",
        name: SITE_NAME,
        logo: { "@type": "ImageObject", url: `${base}${LOGO}` },
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Início", item: base },
        { "@type": "ListItem", position: 2, name: "Blog", item: `${base}/blog` },
        { "@type": "ListItem", position: 3, name: post.title, item: url },
      ],
    },
  ];
}
