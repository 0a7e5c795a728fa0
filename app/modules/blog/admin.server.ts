import { count, desc, eq, ilike, not, or, sql } from "drizzle-orm";
import { likeContains } from "~/lib/list-params";
import { getDb } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors";
import { blogPosts } from "~/db/schema";
import type { PostInput } from "./blog.schema";
import { sanitizePostHtml } from "./sanitize.server";
import { publicContentChanged } from "~/server/cache/public-content.server";
import { diffFields, recordAudit, type Actor } from "~/modules/audit/index.server";
import { now as clockNow } from "~/server/clock.server";

export type Post = typeof blogPosts.$inferSelect;
export type PostSaveResult = { ok: true; post: Post } | { ok: false; code: "slug_taken" | "not_found" };

/** Admin list: newest first, one page, with the total for the pager. */
/** A row of the admin posts list. */
export type AdminPostRow = Awaited<ReturnType<typeof listAdminPosts>>["posts"][number];

export async function listAdminPosts({
  page = 1,
  pageSize = 20,
  q = "",
}: {
  page?: number;
  pageSize?: number;
  /** Case-insensitive "contains" on title, slug or excerpt (server-side, like the other lists). */
  q?: string;
}) {
  const db = getDb();
  const pattern = q ? likeContains(q) : null;
  const where = pattern
    ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.slug, pattern), ilike(blogPosts.excerpt, pattern))
    : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: blogPosts.id,
        title: blogPosts.title,
        slug: blogPosts.slug,
        excerpt: blogPosts.excerpt,
        published: blogPosts.published,
        createdAt: blogPosts.createdAt,
      })
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(blogPosts).where(where),
  ]);
  return { posts: rows, total: Number(n) };
}

export async function getPost({ id }: { id: string }): Promise<Post | null> {
  const [row] = await getDb().select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  return row ?? null;
}

/** The body is sanitized here, on every save: the stored HTML never holds scripts or handlers. */
function values(input: PostInput) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: sanitizePostHtml(input.content),
    imageUrl: input.imageUrl,
    published: input.published,
  };
}

/** What the audit log keeps of a post's fields (not the body: "Conteúdo" says it changed). */
function auditedValues(v: ReturnType<typeof values>) {
  const { content, ...rest } = v;
  return { ...rest, content: content ? `${content.length} caracteres` : "" };
}

export async function createPost({
  input,
  actor = null,
}: {
  input: PostInput;
  actor?: Actor | null;
}): Promise<PostSaveResult> {
  try {
    const post = await getDb().transaction(async (tx) => {
      const [created] = await tx.insert(blogPosts).values(values(input)).returning();
      await recordAudit(tx, {
        actor,
        action: "post.created",
        entityType: "post",
        entityId: created.id,
        entityLabel: created.title,
        changes: diffFields(null, auditedValues(values(input))),
      });
      return created;
    });
    await publicContentChanged();
    return { ok: true, post };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, code: "slug_taken" };
    throw err;
  }
}

export async function updatePost({
  id,
  input,
  actor = null,
}: {
  id: string;
  input: PostInput;
  actor?: Actor | null;
}): Promise<PostSaveResult> {
  try {
    const post = await getDb().transaction(async (tx) => {
      const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for("update");
      if (!before) return null;
      const next = values(input);
      const [updated] = await tx
        .update(blogPosts)
        .set({ ...next, updatedAt: clockNow() })
        .where(eq(blogPosts.id, id))
        .returning();
      await recordAudit(tx, {
        actor,
        action: "post.updated",
        entityType: "post",
        entityId: id,
        entityLabel: updated.title,
        changes: diffFields(auditedValues({ ...next, ...before }), auditedValues(next)),
      });
      return updated;
    });
    if (!post) return { ok: false, code: "not_found" };
    await publicContentChanged();
    return { ok: true, post };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, code: "slug_taken" };
    throw err;
  }
}

/** SPEC §4 toggle: published flips to its opposite in one statement; null when the post is gone. */
export async function togglePostPublished({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<{ published: boolean } | null> {
  const row = await getDb().transaction(async (tx) => {
    const [toggled] = await tx
      .update(blogPosts)
      .set({ published: not(blogPosts.published), updatedAt: sql`now()` })
      .where(eq(blogPosts.id, id))
      .returning({ published: blogPosts.published, title: blogPosts.title });
    if (!toggled) return null;
    await recordAudit(tx, {
      actor,
      action: toggled.published ? "post.published" : "post.unpublished",
      entityType: "post",
      entityId: id,
      entityLabel: toggled.title,
      changes: { published: [!toggled.published, toggled.published] },
    });
    return { published: toggled.published };
  });
  if (row) await publicContentChanged();
  return row;
}

export async function deletePost({
  id,
  actor = null,
}: {
  id: string;
  actor?: Actor | null;
}): Promise<boolean> {
  const rows = await getDb().transaction(async (tx) => {
    const gone = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug });
    if (gone.length) {
      await recordAudit(tx, {
        actor,
        action: "post.deleted",
        entityType: "post",
        entityId: id,
        entityLabel: gone[0].title,
        changes: { title: [gone[0].title, null], slug: [gone[0].slug, null] },
      });
    }
    return gone;
  });
  // Public pages (blog, article, footer, sitemap, RSS) show posts: drop their cached copies.
  if (rows.length > 0) await publicContentChanged();
  return rows.length > 0;
}
