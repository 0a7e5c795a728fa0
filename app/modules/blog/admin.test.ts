import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { blogPosts } from "~/db/schema";
import { slugify } from "~/lib/slug";
import * as editRoute from "~/routes/admin/blog/edit";
import * as listRoute from "~/routes/admin/blog/list";
import * as newRoute from "~/routes/admin/blog/new";
import { readFlash } from "~/lib/flash.server";
import { useTestDatabase } from "../../../tests/support/db";
import {
  adminCookie,
  context,
  get,
  outcome,
  post,
  representativeCookie,
} from "../../../tests/support/requests";
import { createPost } from "./admin.server";
import { excerptPreview, PostSchema } from "./blog.schema";

const t = useTestDatabase();
const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: context() }) as never;
let admin = "";
let n = 0;

async function flashOf(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__flash="));
  if (!cookie) return null;
  return (await readFlash(new Request("http://x/", { headers: { cookie: cookie.split(";")[0] } }))).toast
    ?.message;
}

function form(over: Record<string, string> = {}) {
  n += 1;
  return { title: `Post ${n}`, slug: `post-${n}`, excerpt: "Resumo do post", content: "<p>Olá</p>", ...over };
}

async function stored(slug: string) {
  const [row] = await t.db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
  return row;
}

beforeAll(async () => {
  admin = await adminCookie();
});

// --- Safety check of stored HTML, independent of the sanitizer's exact allow-list ---------------
const DANGEROUS_TAGS =
  /<\/?(script|iframe|frame|frameset|object|embed|applet|svg|math|style|form|input|button|select|textarea|keygen|meta|link|base|body|video|audio|source|details|marquee|template|noscript|xmp|isindex)\b/i;
const URL_ATTRS = new Set([
  "href",
  "src",
  "srcset",
  "action",
  "formaction",
  "background",
  "poster",
  "data",
  "xlink:href",
]);

function decode(v: string) {
  return v
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  if (DANGEROUS_TAGS.test(html)) problems.push(`tag ${html.match(DANGEROUS_TAGS)![0]}`);
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)) {
    const tag = m[1].toLowerCase();
    for (const a of m[2].matchAll(/([^\s=>"'`/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const name = a[1].toLowerCase();
      const value = decode((a[2] ?? "").replace(/^(["'])(.*)\1$/s, "$2"));
      if (name.startsWith("on")) problems.push(`${tag}[${name}]`);
      if (name === "srcdoc" || name === "formaction" || name === "xlink:href")
        problems.push(`${tag}[${name}]`);
      if (URL_ATTRS.has(name)) {
        // Browsers drop control characters and whitespace inside the scheme; a value without an
        // "alpha…:" scheme is a relative URL and cannot run script.
        const compact = value.replace(/[\p{Cc}\s]/gu, "").toLowerCase();
        const scheme = compact.match(/^([a-z][a-z0-9+.-]*):/)?.[1];
        const ok =
          !scheme ||
          ["http", "https", "mailto", "tel"].includes(scheme) ||
          (tag === "img" && name === "src" && /^data:image\/(png|jpe?g|gif|webp);base64,/.test(compact));
        if (!ok) problems.push(`${tag}[${name}=${value}]`);
      }
      if (name === "style" && /url\s*\(|expression\s*\(|behavior|javascript:|position\s*:/i.test(value))
        problems.push(`${tag}[style=${value}]`);
    }
  }
  return problems;
}

const VECTORS = readFileSync(new URL("../../../tests/fixtures/xss-vectors.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("# "));

describe("sanitizer through the blog save path", () => {
  it("has a corpus of at least 50 vectors", () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it("the safety check itself flags the raw vectors (so it can fail)", () => {
    const flagged = VECTORS.filter((v) => unsafeParts(v).length > 0);
    // Not flagged: a protocol-relative link, a target=_blank link and the backtick-quoted URL
    // (only old IE ran it): unwanted, but not script in a current browser.
    expect(flagged.length).toBeGreaterThanOrEqual(VECTORS.length - 3);
  });

  it.each(VECTORS.map((v, i) => [i + 1, v]))("vector %i is stored harmless: %s", async (i, vector) => {
    const slug = `xss-${i}`;
    const res = await outcome(() =>
      newRoute.action(
        args(post("/admin/blog/new", form({ slug, content: `<p>antes</p>${vector}<p>depois</p>` }), admin)),
      ),
    );
    expect(res.status).toBe(302);
    const row = await stored(slug);
    expect(unsafeParts(row.content)).toEqual([]);
    expect(row.content).toContain("antes");
  });

  it("keeps what the toolbar makes (Quill 2 semantic HTML)", async () => {
    const quill =
      "<h2>Título</h2><h6>Menor</h6><p><strong>negrito</strong> <em>itálico</em> <u>sublinhado</u> <s>tachado</s></p>" +
      "<ol><li>um</li></ol><ul><li>dois</li></ul>" +
      '<p class="ql-align-center"><span style="color: rgb(230, 0, 0);">cor</span> ' +
      '<span style="background-color: rgb(255, 255, 0);">fundo</span> ' +
      '<a href="https://exemplo.com/pagina" rel="noopener noreferrer" target="_blank">link</a></p>' +
      '<p><img src="https://exemplo.com/foto.png"></p>';
    const res = await outcome(() =>
      newRoute.action(args(post("/admin/blog/new", form({ slug: "formatado", content: quill }), admin))),
    );
    expect(res.status).toBe(302);
    const html = (await stored("formatado")).content;
    for (const piece of [
      "<h2>Título</h2>",
      "<h6>",
      "<strong>negrito</strong>",
      "<em>itálico</em>",
      "<u>sublinhado</u>",
      "<s>tachado</s>",
      "<ol><li>um</li></ol>",
      "<ul><li>dois</li></ul>",
      'class="ql-align-center"',
      "color:",
      "background-color:",
      'href="https://exemplo.com/pagina"',
      '<img src="https://exemplo.com/foto.png"',
    ]) {
      expect(html).toContain(piece);
    }
  });

  it("sanitizes on update too", async () => {
    await createPost({ input: PostSchema.parse(form({ slug: "atualizar-xss" })) });
    const row = await stored("atualizar-xss");
    const res = await outcome(() =>
      editRoute.action(
        args(
          post(
            `/admin/blog/edit/${row.id}`,
            form({ slug: "atualizar-xss", content: "<img src=x onerror=alert(1)><script>x</script>" }),
            admin,
          ),
          { id: row.id },
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(await flashOf(res)).toBe("Post atualizado com sucesso!");
    const after = await stored("atualizar-xss");
    expect(after.content).not.toMatch(/onerror|<script/i);
  });
});

describe("slug rule", () => {
  it("generates slugs the spec's way", () => {
    expect(slugify("Olá, Mundo!")).toBe("ola-mundo");
    expect(slugify("  Cardápio   Digital -- 2025  ")).toBe("cardapio-digital-2025");
    expect(slugify("Delivery_sem_comissão?")).toBe("delivery-sem-comissao");
    expect(slugify("!!!")).toBe("");
  });

  it.each(["Com Espaço", "acentuação", "maiúscula-A", "-inicio", "fim-", "dois--hifens", "barra/x"])(
    "refuses the slug %s with a clear message",
    async (slug) => {
      const res = await outcome(() => newRoute.action(args(post("/admin/blog/new", form({ slug }), admin))));
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ fieldErrors: { slug: expect.stringContaining("letras minúsculas") } });
    },
  );

  it("refuses a taken slug on create and on update, but keeps a post's own slug", async () => {
    await createPost({ input: PostSchema.parse(form({ slug: "unico" })) });
    const res = await outcome(() =>
      newRoute.action(args(post("/admin/blog/new", form({ slug: "unico" }), admin))),
    );
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({
      fieldErrors: { slug: "Já existe um post com este slug. Escolha outro." },
      toast: { type: "error", message: "Erro ao criar post" },
    });
    const other = await createPost({ input: PostSchema.parse(form({ slug: "outro" })) });
    if (!other.ok) throw new Error("setup");
    const clash = await outcome(() =>
      editRoute.action(
        args(post(`/admin/blog/edit/${other.post.id}`, form({ slug: "unico" }), admin), {
          id: other.post.id,
        }),
      ),
    );
    expect(clash.status).toBe(409);
    expect(clash.data).toMatchObject({ toast: { message: "Erro ao atualizar post" } });
    const same = await outcome(() =>
      editRoute.action(
        args(
          post(`/admin/blog/edit/${other.post.id}`, form({ slug: "outro", title: "Novo título" }), admin),
          {
            id: other.post.id,
          },
        ),
      ),
    );
    expect(same.status).toBe(302);
    expect((await stored("outro")).title).toBe("Novo título");
  });
});

describe("post form validation", () => {
  it("requires title, slug and excerpt and checks lengths and the image URL", async () => {
    const res = await outcome(() =>
      newRoute.action(
        args(
          post(
            "/admin/blog/new",
            { title: " ", slug: "", excerpt: "", imageUrl: "javascript:alert(1)" },
            admin,
          ),
        ),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      fieldErrors: {
        title: "Título é obrigatório",
        slug: "Slug é obrigatório",
        excerpt: "Resumo é obrigatório",
        imageUrl: "Informe uma URL válida (https://...).",
      },
    });
    const long = await outcome(() =>
      newRoute.action(
        args(post("/admin/blog/new", form({ title: "x".repeat(201), excerpt: "y".repeat(501) }), admin)),
      ),
    );
    expect(long.data).toMatchObject({
      fieldErrors: { title: "Máximo de 200 caracteres.", excerpt: "Máximo de 500 caracteres." },
    });
  });

  it("creates a published post with its image and says so", async () => {
    const res = await outcome(() =>
      newRoute.action(
        args(
          post(
            "/admin/blog/new",
            form({ slug: "com-imagem", imageUrl: "https://img.exemplo.com/a.jpg", published: "on" }),
            admin,
          ),
        ),
      ),
    );
    expect(res.location).toBe("/admin/blog");
    expect(await flashOf(res)).toBe("Post criado com sucesso!");
    expect(await stored("com-imagem")).toMatchObject({
      imageUrl: "https://img.exemplo.com/a.jpg",
      published: true,
    });
  });

  it("accepts one of the site's own images (the demo posts' /images/…) but not a protocol-relative URL", async () => {
    const ok = await outcome(() =>
      newRoute.action(
        args(
          post(
            "/admin/blog/new",
            form({ slug: "imagem-local", imageUrl: "/images/blog/cardapio.svg" }),
            admin,
          ),
        ),
      ),
    );
    expect(ok.location).toBe("/admin/blog");
    expect(await stored("imagem-local")).toMatchObject({ imageUrl: "/images/blog/cardapio.svg" });
    const bad = await outcome(() =>
      newRoute.action(
        args(
          post("/admin/blog/new", form({ slug: "imagem-externa", imageUrl: "//evil.example/a.jpg" }), admin),
        ),
      ),
    );
    expect((bad.data as { fieldErrors: Record<string, string> }).fieldErrors.imageUrl).toBe(
      "Informe uma URL válida (https://...).",
    );
  });

  it("sends an unknown or malformed id back to the list with the spec's error", async () => {
    for (const id of ["nao-e-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await outcome(() => editRoute.loader(args(get(`/admin/blog/edit/${id}`, admin), { id })));
      expect(res.location).toBe("/admin/blog");
      expect(await flashOf(res)).toBe("Erro ao carregar dados do post");
    }
  });
});

describe("list, toggle and delete", () => {
  it("pages on the server and cuts the excerpt at 60 characters", async () => {
    expect(excerptPreview("a".repeat(60))).toBe("a".repeat(60));
    expect(excerptPreview("a".repeat(61))).toBe(`${"a".repeat(60)}...`);
    const res = await outcome(() => listRoute.loader(args(get("/admin/blog?page=2", admin))));
    const d = res.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(d.page).toBe(2);
    expect(d.posts.length).toBe(Math.min(20, Math.max(0, d.total - 20)));
  });

  it("flips published both ways with the spec's toasts", async () => {
    const made = await createPost({ input: PostSchema.parse(form({ slug: "alternar" })) });
    if (!made.ok) throw new Error("setup");
    const id = made.post.id;
    const on = await outcome(() =>
      listRoute.action(args(post("/admin/blog", { intent: "toggle", id }, admin))),
    );
    expect(on.data).toMatchObject({ published: true, toast: { message: "Post publicado com sucesso!" } });
    const off = await outcome(() =>
      listRoute.action(args(post("/admin/blog", { intent: "toggle", id }, admin))),
    );
    expect(off.data).toMatchObject({
      published: false,
      toast: { message: "Post despublicado com sucesso!" },
    });
    const gone = await outcome(() =>
      listRoute.action(
        args(post("/admin/blog", { intent: "toggle", id: "00000000-0000-4000-8000-000000000000" }, admin)),
      ),
    );
    expect(gone.data).toMatchObject({ toast: { type: "error", message: "Erro ao alterar status do post" } });
  });

  it("deletes with the spec's toast and back to the same page", async () => {
    const made = await createPost({ input: PostSchema.parse(form({ slug: "apagar" })) });
    if (!made.ok) throw new Error("setup");
    const res = await outcome(() =>
      listRoute.action(args(post("/admin/blog", { intent: "delete", id: made.post.id, page: "2" }, admin))),
    );
    expect(res.location).toBe("/admin/blog?page=2");
    expect(await flashOf(res)).toBe("Post excluído com sucesso!");
    expect(await stored("apagar")).toBeUndefined();
    const again = await outcome(() =>
      listRoute.action(args(post("/admin/blog", { intent: "delete", id: made.post.id }, admin))),
    );
    expect(await flashOf(again)).toBe("Erro ao excluir post");
  });

  it("anonymous and representative requests change nothing", async () => {
    const made = await createPost({ input: PostSchema.parse(form({ slug: "protegido" })) });
    if (!made.ok) throw new Error("setup");
    const id = made.post.id;
    const rep = await representativeCookie("rep-blog@test.dev");
    for (const cookie of [undefined, rep.cookie]) {
      const attempts = [
        () => listRoute.action(args(post("/admin/blog", { intent: "toggle", id }, cookie))),
        () => listRoute.action(args(post("/admin/blog", { intent: "delete", id }, cookie))),
        () => newRoute.action(args(post("/admin/blog/new", form({ slug: "intruso" }), cookie))),
        () =>
          editRoute.action(
            args(post(`/admin/blog/edit/${id}`, form({ slug: "protegido", title: "Hack" }), cookie), { id }),
          ),
        () => listRoute.loader(args(get("/admin/blog", cookie))),
        () => editRoute.loader(args(get(`/admin/blog/edit/${id}`, cookie), { id })),
      ];
      for (const attempt of attempts) {
        const res = await outcome(attempt);
        expect(res.location).toBe("/admin/login");
      }
    }
    expect(await stored("protegido")).toMatchObject({ published: false, title: made.post.title });
    expect(await stored("intruso")).toBeUndefined();
  });
});
