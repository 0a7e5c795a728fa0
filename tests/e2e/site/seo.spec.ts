import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

// What crawlers and link previews (which run no JavaScript) get in the first HTML response.

async function html(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { "user-agent": "WhatsApp/2.23 Bot" }, maxRedirects: 0 });
  expect(res.status()).toBe(200);
  return res.text();
}

function attr(doc: string, selector: RegExp): string | null {
  return selector.exec(doc)?.[1] ?? null;
}

function jsonLdTypes(doc: string): string[] {
  return [...doc.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => (JSON.parse(m[1]) as { "@type": string })["@type"],
  );
}

function expectCommonTags(doc: string, canonical: string) {
  expect(attr(doc, /<title>([^<]+)<\/title>/)).toBeTruthy();
  expect(attr(doc, /<meta name="description" content="([^"]+)"/)).toBeTruthy();
  expect(attr(doc, /<link rel="canonical" href="([^"]+)"/)).toBe(canonical);
  for (const p of ["og:title", "og:description", "og:image", "og:url", "og:type"]) {
    expect(attr(doc, new RegExp(`<meta property="${p}" content="([^"]+)"`)), p).toBeTruthy();
  }
  expect(doc).toContain(`<meta name="twitter:card" content="summary_large_image"/>`);
  expect(jsonLdTypes(doc)).toContain("Organization");
}

test("home HTML has its content, title, description, canonical, OG and Product JSON-LD", async ({
  request,
  baseURL,
}) => {
  const doc = await html(request, "/");
  expectCommonTags(doc, baseURL!);
  expect(attr(doc, /<title>([^<]+)<\/title>/)).toBe(
    "Cardápio Digital e Delivery sem Comissão | CardápioDigital",
  );
  // One Product per plan; other tests on this shared server may have added plans.
  expect(jsonLdTypes(doc).filter((t) => t === "Product").length).toBeGreaterThanOrEqual(3);
  for (const text of ["Perguntas frequentes", "Mais Popular", "Selecione um plano", "Quem usa, recomenda"]) {
    expect(doc).toContain(text);
  }
});

test("/blog HTML lists the posts with its own SEO", async ({ request, baseURL }) => {
  const doc = await html(request, "/blog");
  expectCommonTags(doc, `${baseURL}/blog`);
  expect(doc).toContain("Como montar um cardápio digital que vende mais");
  expect(doc).not.toContain("Rascunho: novidades do aplicativo");
});

test("article HTML has the body, its own title/description/image and BlogPosting + BreadcrumbList", async ({
  request,
  baseURL,
}) => {
  const slug = "como-montar-um-cardapio-digital-que-vende-mais";
  const doc = await html(request, `/blog/${slug}`);
  expectCommonTags(doc, `${baseURL}/blog/${slug}`);
  expect(attr(doc, /<title>([^<]+)<\/title>/)).toBe(
    "Como montar um cardápio digital que vende mais | Blog CardápioDigital",
  );
  expect(attr(doc, /<meta name="description" content="([^"]+)"/)).toContain("Fotos, descrições e categorias");
  expect(attr(doc, /<meta property="og:image" content="([^"]+)"/)).toMatch(/\.(jpe?g|png|webp)$/);
  expect(attr(doc, /<meta property="og:type" content="([^"]+)"/)).toBe("article");
  expect(doc).toContain("<h2>Comece pelas categorias</h2>");
  expect(jsonLdTypes(doc)).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
});

async function isWellFormedXml(page: Page, xml: string) {
  return page.evaluate(
    (text) =>
      new DOMParser().parseFromString(text, "application/xml").getElementsByTagName("parsererror").length ===
      0,
    xml,
  );
}

test("sitemap.xml and rss.xml are valid XML with only published posts; robots.txt", async ({
  request,
  page,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const sm = await sitemap.text();
  expect(await isWellFormedXml(page, sm)).toBe(true);
  expect(sm).toContain(`<loc>${baseURL}/blog/como-montar-um-cardapio-digital-que-vende-mais</loc>`);
  expect(sm).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  expect(sm).not.toContain("novidades-do-aplicativo-para-clientes");

  const rss = await (await request.get("/rss.xml")).text();
  expect(await isWellFormedXml(page, rss)).toBe(true);
  expect(rss).toContain("<title>5 ideias para divulgar o seu delivery no Instagram</title>");
  expect(rss).not.toContain("novidades-do-aplicativo-para-clientes");

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /representante");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("tracking and custom scripts are never rendered in /admin or /representante", async ({ request }) => {
  for (const path of ["/admin/login", "/representante/login"]) {
    const doc = await (await request.get(path)).text();
    expect(doc).not.toContain("googletagmanager");
    expect(doc).not.toContain("data-custom-scripts");
  }
});
