import { and, count, desc, eq, ne, or } from "drizzle-orm";
import { containsText } from "~/server/db-tools/search.server";
import { getDb } from "~/db/client.server";
import { blogPosts } from "~/db/schema";
import { safeHttpUrl } from "~/lib/safe-url";

export const BLOG_PAGE_SIZE = 9;
export const BLOG_SEARCH_MAX = 100;
/** SPEC §9: related articles 3, footer recent posts 3. */
export const RELATED_LIMIT = 3;

const published = eq(blogPosts.published, true);
const newestFirst = [desc(blogPosts.createdAt), desc(blogPosts.id)] as const;

const cardColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  imageUrl: blogPosts.imageUrl,
  createdAt: blogPosts.createdAt,
};

export type PostCard = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  imageUrl: string | null;
  createdAt: Date;
};

/** Stored image URLs reach pages only as http(s) or root-relative URLs (see safeHttpUrl). */
function withSafeImage<T extends { imageUrl: string | null }>(row: T): T {
  return { ...row, imageUrl: safeHttpUrl(row.imageUrl) };
}

/** Footer: title and slug of the newest published posts. */
export async function listRecentPublishedPosts({ limit = 3 }: { limit?: number } = {}) {
  return getDb()
    .select({ title: blogPosts.title, slug: blogPosts.slug })
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
}

/** A search term as the public list uses it: trimmed, bounded, empty when absent. */
export function normalizeSearch(q: string | null | undefined): string {
  return (q ?? "").trim().slice(0, BLOG_SEARCH_MAX);
}

/**
 * Public list (SPEC §2 /blog): published posts newest first, optionally matching `q` in the
 * title or excerpt case-insensitively; one page of cards plus what the pager needs. A page past
 * the end shows the last page.
 */
export async function listPublishedPosts({
  q,
  page = 1,
  perPage = BLOG_PAGE_SIZE,
}: {
  q?: string | null;
  page?: number;
  perPage?: number;
}): Promise<{ posts: PostCard[]; total: number; page: number; pageCount: number; q: string }> {
  const term = normalizeSearch(q);
  const where = term
    ? and(published, or(containsText(blogPosts.title, term), containsText(blogPosts.excerpt, term)))
    : published;
  const db = getDb();
  const [{ total }] = await db.select({ total: count() }).from(blogPosts).where(where);
  const pageCount = Math.max(1, Math.ceil(Number(total) / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const posts = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset((current - 1) * perPage);
  return { posts: posts.map(withSafeImage), total: Number(total), page: current, pageCount, q: term };
}

/** Article: one published post by slug, or null (unpublished counts as missing). */
export async function getPublishedPostBySlug({ slug }: { slug: string }) {
  const [post] = await getDb()
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), published))
    .limit(1);
  return post ? withSafeImage(post) : null;
}

/** SPEC §7: published posts other than the current one, newest first, at most 3. */
export async function listRelatedPosts({
  excludeId,
  limit = RELATED_LIMIT,
}: {
  excludeId: string;
  limit?: number;
}): Promise<PostCard[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(blogPosts)
    .where(and(published, ne(blogPosts.id, excludeId)))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(withSafeImage);
}

/** sitemap.xml and rss.xml: every published post with its dates, newest first. */
export async function listPublishedPostsForFeeds({ limit = 50_000 }: { limit?: number } = {}) {
  const rows = await getDb()
    .select({
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      imageUrl: blogPosts.imageUrl,
      createdAt: blogPosts.createdAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(published)
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(withSafeImage);
}
