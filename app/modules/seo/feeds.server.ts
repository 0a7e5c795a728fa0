import { baseUrl } from "~/lib/env.server";
import { listPublishedPostsForFeeds } from "~/modules/blog/index.server";
import { listPlans } from "~/modules/plans/index.server";
import { FIXED_SEO } from "./seo.server";
import { SITE_NAME } from "~/lib/meta";
import { getPrivacySettings } from "~/modules/legal/index.server";

/** Text for XML: the five predefined entities, and no control characters XML 1.0 forbids. */
export function xmlEscape(s: string): string {
  return (
    s
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

const newest = (dates: Date[]) =>
  dates.length ? new Date(Math.max(...dates.map((d) => d.getTime()))) : null;

/** sitemap.xml: the home, /contato, /privacidade, /termos, /blog and every published post, each with its last change. */
export async function buildSitemap(): Promise<string> {
  const base = baseUrl();
  const [posts, plans, legal] = await Promise.all([
    listPublishedPostsForFeeds(),
    listPlans().catch(() => []),
    getPrivacySettings().catch(() => null),
  ]);
  const postsChanged = newest(posts.map((p) => p.updatedAt));
  const homeChanged = newest([...plans.map((p) => p.updatedAt), ...(postsChanged ? [postsChanged] : [])]);
  const entry = (loc: string, lastmod: Date | null, priority: string) =>
    `  <url>\n    <loc>${xmlEscape(loc)}</loc>\n${
      lastmod ? `    <lastmod>${lastmod.toISOString()}</lastmod>\n` : ""
    }    <priority>${priority}</priority>\n  </url>`;
  const urls = [
    entry(base, homeChanged, "1.0"),
    entry(`${base}/contato`, null, "0.7"),
    entry(`${base}/privacidade`, legal?.updatedAt ?? null, "0.3"),
    entry(`${base}/termos`, legal?.updatedAt ?? null, "0.3"),
    entry(`${base}/blog`, postsChanged, "0.8"),
    ...posts.map((p) => entry(`${base}/blog/${encodeURIComponent(p.slug)}`, p.updatedAt, "0.6")),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** rss.xml (RSS 2.0): the newest published posts. */
export async function buildRss({ limit = 50 }: { limit?: number } = {}): Promise<string> {
  const base = baseUrl();
  const posts = await listPublishedPostsForFeeds({ limit });
  const items = posts.map((p) => {
    const link = `${base}/blog/${encodeURIComponent(p.slug)}`;
    return [
      "    <item>",
      `      <title>${xmlEscape(p.title)}</title>`,
      `      <link>${xmlEscape(link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `      <pubDate>${p.createdAt.toUTCString()}</pubDate>`,
      `      <description>${xmlEscape(p.excerpt)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = newest(posts.map((p) => p.updatedAt)) ?? new Date(0);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    "  <channel>",
    `    <title>${xmlEscape(`Blog ${SITE_NAME}`)}</title>`,
    `    <link>${xmlEscape(`${base}/blog`)}</link>`,
    `    <atom:link href="${xmlEscape(`${base}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    `    <description>${xmlEscape(FIXED_SEO["/blog"].description)}</description>`,
    "    <language>pt-BR</language>",
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** robots.txt: everything public, never the back office or the portal; points to the sitemap. */
export function buildRobots(): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /representante",
    "",
    `Sitemap: ${baseUrl()}/sitemap.xml`,
    "",
  ].join("\n");
}
