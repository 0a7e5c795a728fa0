import { likeContains } from "~/lib/list-params";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "~/db/schema";
import * as blogIndex from "~/routes/blog/index";
import * as blogPost from "~/routes/blog/post";
import { useTestDatabase } from "../../../tests/support/db";
import { context, get, outcome } from "../../../tests/support/requests";
import {
  getPublishedPostBySlug,
  listPublishedPosts,
  listRecentPublishedPosts,
  listRelatedPosts,
} from "./blog.server";

const t = useTestDatabase();
type IndexArgs = Parameters<typeof blogIndex.loader>[0];
type PostArgs = Parameters<typeof blogPost.loader>[0];

const day = 86_400_000;
const base = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  const rows = Array.from({ length: 12 }, (_, i) => ({
    title: `Artigo ${String(i + 1).padStart(2, "0")} sobre delivery`,
    slug: `artigo-${i + 1}`,
    excerpt: `Resumo do artigo ${i + 1}`,
    content: `<p>Texto ${i + 1}</p>`,
    published: true,
    createdAt: new Date(base + i * day),
    updatedAt: new Date(base + i * day),
  }));
  await t.db.insert(blogPosts).values([
    ...rows,
    {
      title: "Promoção 50% e cupom_secreto",
      slug: "promocao",
      excerpt: "Desconto de 50% no PIX",
      content: `<h2>Oferta</h2><p onclick="alert(1)">Veja <a href="javascript:alert(1)">aqui</a></p><script>alert(1)</script>`,
      published: true,
      createdAt: new Date(base + 20 * day),
      updatedAt: new Date(base + 21 * day),
    },
    {
      title: "RASCUNHO Cardápio secreto",
      slug: "rascunho-secreto",
      excerpt: "Não publicado",
      content: "<p>x</p>",
      published: false,
      createdAt: new Date(base + 30 * day),
    },
  ]);
});

describe("public blog queries", () => {
  it("lists only published posts, newest first, one page at a time", async () => {
    const first = await listPublishedPosts({ page: 1, perPage: 9 });
    expect(first.total).toBe(13);
    expect(first.pageCount).toBe(2);
    expect(first.posts.map((p) => p.slug).slice(0, 3)).toEqual(["promocao", "artigo-12", "artigo-11"]);
    expect(first.posts.some((p) => p.slug === "rascunho-secreto")).toBe(false);
    const second = await listPublishedPosts({ page: 2, perPage: 9 });
    expect(second.posts.map((p) => p.slug)).toEqual(["artigo-4", "artigo-3", "artigo-2", "artigo-1"]);
    // Past the end: the last page; nonsense: the first.
    expect((await listPublishedPosts({ page: 99, perPage: 9 })).page).toBe(2);
    expect((await listPublishedPosts({ page: Number("abc"), perPage: 9 })).page).toBe(1);
  });

  it("searches title or excerpt case-insensitively, never drafts", async () => {
    expect((await listPublishedPosts({ q: "ARTIGO 03" })).posts.map((p) => p.slug)).toEqual(["artigo-3"]);
    expect((await listPublishedPosts({ q: "resumo do artigo 12" })).posts.map((p) => p.slug)).toEqual([
      "artigo-12",
    ]);
    expect((await listPublishedPosts({ q: "secreto" })).posts.map((p) => p.slug)).toEqual(["promocao"]);
    expect((await listPublishedPosts({ q: "não existe nada assim" })).total).toBe(0);
  });

  it("treats % and _ typed by the visitor as plain characters", async () => {
    expect(likeContains("50%_x\\")).toBe("%50\\%\\_x\\\\%");
    expect((await listPublishedPosts({ q: "50%" })).posts.map((p) => p.slug)).toEqual(["promocao"]);
    expect((await listPublishedPosts({ q: "%" })).posts.map((p) => p.slug)).toEqual(["promocao"]);
    expect((await listPublishedPosts({ q: "cupom_" })).posts.map((p) => p.slug)).toEqual(["promocao"]);
    expect((await listPublishedPosts({ q: "_" })).posts.map((p) => p.slug)).toEqual(["promocao"]);
  });

  it("finds an article only when published, and related posts without it", async () => {
    expect(await getPublishedPostBySlug({ slug: "rascunho-secreto" })).toBeNull();
    const post = await getPublishedPostBySlug({ slug: "artigo-5" });
    expect(post?.title).toBe("Artigo 05 sobre delivery");
    const related = await listRelatedPosts({ excludeId: post!.id });
    expect(related.map((p) => p.slug)).toEqual(["promocao", "artigo-12", "artigo-11"]);
    expect((await listRecentPublishedPosts({ limit: 3 })).map((p) => p.slug)).toEqual([
      "promocao",
      "artigo-12",
      "artigo-11",
    ]);
  });
});

describe("/blog and /blog/{slug} loaders", () => {
  it("reads ?q= and ?page= from the URL and marks search results noindex", async () => {
    const res = await outcome(() =>
      blogIndex.loader({
        request: get("/blog?q=artigo&page=2"),
        params: {},
        context: context(),
      } as IndexArgs),
    );
    const d = res.data as Awaited<ReturnType<typeof blogIndex.loader>>;
    expect(d.q).toBe("artigo");
    expect(d.page).toBe(2);
    expect(d.posts).toHaveLength(3);
    expect(d.seo.robots).toBe("noindex, follow");
    expect(d.seo.canonical).toBe("http://localhost:3000/blog");
    const paged = (await blogIndex.loader({
      request: get("/blog?page=2"),
      params: {},
      context: context(),
    } as IndexArgs)) as Awaited<ReturnType<typeof blogIndex.loader>>;
    expect(paged.seo.canonical).toBe("http://localhost:3000/blog?page=2");
    expect(paged.seo.robots).toBeNull();
  });

  it("redirects a missing or unpublished slug to /blog with 302", async () => {
    for (const slug of ["nao-existe", "rascunho-secreto"]) {
      const res = await outcome(() =>
        blogPost.loader({ request: get(`/blog/${slug}`), params: { slug }, context: context() } as PostArgs),
      );
      expect(res.status).toBe(302);
      expect(res.location).toBe("/blog");
    }
  });

  it("renders the article's HTML sanitized, with up to 3 related posts and its own SEO", async () => {
    const res = await outcome(() =>
      blogPost.loader({
        request: get("/blog/promocao"),
        params: { slug: "promocao" },
        context: context(),
      } as PostArgs),
    );
    const d = res.data as Awaited<ReturnType<typeof blogPost.loader>>;
    expect(d.post.html).toBe(`<h2>Oferta</h2><p>Veja <a>aqui</a></p>`);
    expect(d.related).toHaveLength(3);
    expect(d.related.some((p) => p.slug === "promocao")).toBe(false);
    expect(d.seo).toMatchObject({
      title: "Promoção 50% e cupom_secreto | Blog CardápioDigital",
      description: "Desconto de 50% no PIX",
      canonical: "http://localhost:3000/blog/promocao",
      og: { type: "article", image: "http://localhost:3000/images/og-cardapio-digital.jpg" },
      article: { publishedTime: "2026-01-21T00:00:00.000Z", modifiedTime: "2026-01-22T00:00:00.000Z" },
    });
    const types = d.seo.jsonLd.map((j) => j["@type"]);
    expect(types).toEqual(["Organization", "BlogPosting", "BreadcrumbList"]);
  });
});
