import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { TrackingBodyEnd, TrackingBodyStart, TrackingHead } from "~/components/site/tracking";
import { blogPosts, plans } from "~/db/schema";
import * as home from "~/routes/site/home";
import * as siteLayout from "~/routes/site/layout";
import * as notFound from "~/routes/site/not-found";
import { getSettings, saveSettings, type SettingsInput } from "~/modules/settings/settings.server";
import { useTestDatabase } from "../../../tests/support/db";
import { context, get, outcome } from "../../../tests/support/requests";
import { buildRobots, buildRss, buildSitemap, xmlEscape } from "./feeds.server";
import { seoMeta } from "~/lib/meta";
import { buildPageSeo } from "./seo.server";
import { parseHeadHtml, trackingFromSettings } from "./tracking.server";
import { hasTrackers, withNonce } from "./tracking";
import { consentCookie, parseConsent, type Consent } from "~/lib/consent";

const t = useTestDatabase();
type LayoutArgs = Parameters<typeof siteLayout.loader>[0];

const EMPTY_SETTINGS: SettingsInput = {
  title: null,
  description: null,
  keywords: null,
  ogTitle: null,
  ogDescription: null,
  ogImage: null,
  canonicalUrl: null,
  googleAnalyticsId: null,
  googleTagManagerId: null,
  facebookPixelId: null,
  customScriptsHead: null,
  customScriptsBody: null,
  structuredData: null,
  homeTitle: null,
  homeDescription: null,
  blogTitle: null,
  blogDescription: null,
  contactTitle: null,
  contactDescription: null,
};

beforeAll(async () => {
  await t.db.insert(plans).values([
    { name: "Black", priceCents: 14990, setupFeeCents: 0 },
    { name: "Básico", priceCents: 4990, setupFeeCents: 9900, description: "Para começar" },
  ]);
  await t.db.insert(blogPosts).values([
    {
      title: "Publicado & <bom>",
      slug: "publicado",
      excerpt: "Resumo com \"aspas\" & 'apóstrofo'",
      published: true,
      createdAt: new Date("2026-02-01T12:00:00Z"),
      updatedAt: new Date("2026-02-03T12:00:00Z"),
    },
    { title: "Rascunho escondido", slug: "rascunho", excerpt: "x", published: false },
  ]);
});

async function layoutData(request = get("/")) {
  const res = await outcome(() =>
    siteLayout.loader({ request, params: {}, context: context() } as unknown as LayoutArgs),
  );
  return res.data as { tracking: ReturnType<typeof trackingFromSettings> };
}

describe("SEO of the public pages", () => {
  it("gives the home its fixed texts, canonical without trailing slash, OG and JSON-LD", async () => {
    await saveSettings({
      input: { ...EMPTY_SETTINGS, ogTitle: "Título social", ogImage: "https://cdn.exemplo.com/og.png" },
    });
    const d = (await home.loader({ request: new Request("http://localhost:3000/") } as never)).seo;
    expect(d.title).toBe("Cardápio Digital e Delivery sem Comissão | CardápioDigital");
    expect(d.description.length).toBeGreaterThanOrEqual(140);
    expect(d.canonical).toBe("http://localhost:3000");
    expect(d.og).toMatchObject({ title: "Título social", image: "https://cdn.exemplo.com/og.png" });
    expect(d.jsonLd.map((j) => [j["@type"], j.name])).toEqual([
      ["Organization", "CardápioDigital"],
      ["Product", "Cardápio Digital – Plano Básico"],
      ["Product", "Cardápio Digital – Plano Black"],
    ]);
    expect(d.jsonLd[1]).toMatchObject({ offers: { price: "49.90", priceCurrency: "BRL" } });

    const tags = seoMeta(d);
    expect(tags).toContainEqual({ title: d.title });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "http://localhost:3000" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://cdn.exemplo.com/og.png" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags.filter((tag) => "script:ld+json" in tag)).toHaveLength(3);
  });

  it("serves the admin's per-page title and description on /, /blog and /contato, the fixed texts when empty", async () => {
    await saveSettings({
      input: {
        ...EMPTY_SETTINGS,
        title: "Título geral",
        homeTitle: "Cardápio sem comissão para o seu restaurante",
        homeDescription: "Descrição da página inicial escolhida pelo admin.",
        blogTitle: "Dicas para restaurantes",
        contactDescription: "Fale com a nossa equipe.",
      },
    });
    const homeSeo = await buildPageSeo({ path: "/" });
    expect(homeSeo).toMatchObject({
      title: "Cardápio sem comissão para o seu restaurante",
      description: "Descrição da página inicial escolhida pelo admin.",
      og: { title: "Cardápio sem comissão para o seu restaurante" },
    });
    const blog = await buildPageSeo({ path: "/blog" });
    expect(blog.title).toBe("Dicas para restaurantes");
    expect(blog.description).toContain("Dicas práticas para vender mais no delivery"); // fixed default
    const contact = await buildPageSeo({ path: "/contato" });
    expect(contact.title).toContain("Fale Conosco"); // fixed default
    expect(contact.description).toBe("Fale com a nossa equipe.");
    expect(contact.canonical).toBe("http://localhost:3000/contato");
    // An article keeps its own title (the override is for the list page only).
    expect((await buildPageSeo({ path: "/blog/um-post", page: { title: "Post" } })).title).toBe("Post");
    // What the home page really renders in its <head>.
    expect(
      seoMeta((await home.loader({ request: new Request("http://localhost:3000/") } as never)).seo),
    ).toContainEqual({
      title: "Cardápio sem comissão para o seu restaurante",
    });
    await saveSettings({ input: EMPTY_SETTINGS });
    expect((await buildPageSeo({ path: "/" })).title).toBe(
      "Cardápio Digital e Delivery sem Comissão | CardápioDigital",
    );
  });

  it("uses fixed texts for /blog and /contato and the settings' values elsewhere", async () => {
    await saveSettings({
      input: {
        ...EMPTY_SETTINGS,
        title: "Título das configurações",
        description: "Descrição das configurações",
        keywords: "a, b",
        canonicalUrl: "https://www.exemplo.com.br/",
        structuredData: '{"@context":"https://schema.org","@type":"WebSite","name":"Extra"}',
      },
    });
    expect((await buildPageSeo({ path: "/blog" })).title).toContain("Blog");
    expect((await buildPageSeo({ path: "/contato" })).title).toContain("Fale Conosco");
    const other = await buildPageSeo({ path: "/qualquer-coisa" });
    expect(other).toMatchObject({
      title: "Título das configurações",
      description: "Descrição das configurações",
      keywords: "a, b",
      canonical: "https://www.exemplo.com.br",
    });
    expect(other.jsonLd.map((j) => j["@type"])).toEqual(["Organization", "WebSite"]);

    const res = await outcome(() =>
      notFound.loader({ request: get("/nao-existe"), params: {}, context: context() } as never),
    );
    expect(res.status).toBe(404);
    expect(res.data).toMatchObject({
      seo: { description: "Descrição das configurações", robots: "noindex" },
    });
  });

  it("ignores structured data that is not valid JSON", async () => {
    await saveSettings({ input: { ...EMPTY_SETTINGS, structuredData: "{ isto não é json" } });
    expect((await buildPageSeo({ path: "/" })).jsonLd.map((j) => j["@type"])).toEqual(["Organization"]);
  });
});

describe("tracking from settings", () => {
  it("shows a GA id in the public HTML on the first request after saving, despite the cache", async () => {
    await saveSettings({ input: EMPTY_SETTINGS });
    await getSettings(); // cache warm, without tracking
    expect((await layoutData()).tracking.analytics.head).toEqual([]);

    await saveSettings({ input: { ...EMPTY_SETTINGS, googleAnalyticsId: "G-TESTE12345" } });
    // The visitor accepted statistics (the cookie the banner writes).
    const { tracking, consent } = (await layoutData(get("/", "outro=1; consentimento=v1.10"))) as Awaited<
      ReturnType<typeof layoutData>
    > & { consent: Consent | null };
    expect(consent).toEqual({ analytics: true, marketing: false });
    const html = renderToStaticMarkup(createElement(TrackingHead, { tracking, consent, nonce: "n0nce" }));
    expect(html).toContain(`src="https://www.googletagmanager.com/gtag/js?id=G-TESTE12345"`);
    expect(html).toContain(`gtag('config',"G-TESTE12345")`);
    // Consent Mode v2 first: defaults denied, then the remembered choice.
    expect(html.indexOf("gtag('consent','default'")).toBeLessThan(html.indexOf("gtag/js"));
    expect(html).toContain(`gtag('consent','update',{"ad_storage":"denied"`);
    expect(html).toContain(`"analytics_storage":"granted"`);
    // Every script carries the nonce, so it runs under the CSP.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    for (const s of scripts) expect(s).toContain(`nonce="n0nce"`);
  });

  it("renders GTM, Pixel and custom scripts with the nonce, once each", () => {
    const tracking = trackingFromSettings({
      ...EMPTY_SETTINGS,
      id: 1,
      leadAlertEmails: [],
      supportEmail: null,
      updatedAt: new Date(),
      googleTagManagerId: "GTM-ABC1234",
      facebookPixelId: "123456789012345",
      customScriptsHead: `<!-- verificação --><meta name="google-site-verification" content="abc"><script async src="https://cdn.exemplo.com/a.js?x=1&amp;y=2" nonce="velho" onload="evil()"></script><script>window.__head = 1;</script><div>fora do head</div>`,
      customScriptsBody: `<script>window.__body = 1;</script><p>Widget</p><SCRIPT src="https://cdn.exemplo.com/b.js"></SCRIPT>`,
    });
    const all = { analytics: true, marketing: true };
    const head = renderToStaticMarkup(
      createElement(TrackingHead, { tracking, consent: all, nonce: "abc123" }),
    );
    expect(head.match(/googletagmanager\.com\/gtm\.js/g)).toHaveLength(1);
    expect(head.match(/fbq\('init',"123456789012345"\)/g)).toHaveLength(1);
    expect(head).toContain(`<meta name="google-site-verification" content="abc"/>`);
    // An external script becomes an inline loader (allowed by hash on cached pages, decision 017).
    expect(head).toContain(`s.src="https://cdn.exemplo.com/a.js?x=1&y=2";s.async=true;`);
    expect(head).not.toMatch(/<script[^>]*\ssrc=/);
    expect(head).toContain("window.__head = 1;");
    expect(head).not.toContain("velho");
    expect(head).not.toContain("onload");
    expect(head).not.toContain("fora do head");
    for (const s of head.match(/<script\b[^>]*>/g) ?? []) expect(s).toContain(`nonce="abc123"`);

    const start = renderToStaticMarkup(createElement(TrackingBodyStart, { tracking, consent: all }));
    expect(start).toContain("https://www.googletagmanager.com/ns.html?id=GTM-ABC1234");
    expect(start).toContain("https://www.facebook.com/tr?id=123456789012345");

    const end = renderToStaticMarkup(
      createElement(
        Fragment,
        null,
        createElement(TrackingBodyEnd, { tracking, consent: all, nonce: "abc123" }),
      ),
    );
    expect(end).toContain(`<script nonce="abc123">window.__body = 1;</script><p>Widget</p>`);
    expect(end).toContain(
      `<script nonce="abc123">(function(d){var s=d.createElement('script');s.src="https://cdn.exemplo.com/b.js";s.async=false;`,
    );
    expect(end).not.toMatch(/<script[^>]*\ssrc=/);
  });

  it("drops ids that are not real GA/GTM/Pixel ids (no script injection through them)", () => {
    const tracking = trackingFromSettings({
      ...EMPTY_SETTINGS,
      id: 1,
      leadAlertEmails: [],
      supportEmail: null,
      updatedAt: new Date(),
      googleAnalyticsId: `G-1");alert(1);//`,
      googleTagManagerId: "GTM-<script>",
      facebookPixelId: "12ab",
    });
    const empty = { head: [], bodyStart: [], bodyEnd: null };
    expect(tracking).toEqual({ google: false, analytics: empty, marketing: empty });
    expect(hasTrackers(tracking)).toBe(false);
  });

  it("renders nothing beyond the Consent Mode defaults before a choice, and each category only once accepted", () => {
    const tracking = trackingFromSettings({
      ...EMPTY_SETTINGS,
      id: 1,
      leadAlertEmails: [],
      supportEmail: null,
      updatedAt: new Date(),
      googleAnalyticsId: "G-TESTE12345",
      googleTagManagerId: "GTM-ABC1234",
      facebookPixelId: "123456789012345",
      customScriptsHead: "<script>window.__head = 1;</script>",
      customScriptsBody: "<script>window.__body = 1;</script>",
    });
    expect(hasTrackers(tracking)).toBe(true);
    const render = (consent: Consent | null) =>
      renderToStaticMarkup(
        createElement(
          Fragment,
          null,
          createElement(TrackingHead, { tracking, consent, nonce: "n" }),
          createElement(TrackingBodyStart, { tracking, consent }),
          createElement(TrackingBodyEnd, { tracking, consent, nonce: "n" }),
        ),
      );
    const none = render(null);
    expect(none.match(/<script\b/g)).toHaveLength(1);
    expect(none).toContain(
      `gtag('consent','default',{"ad_storage":"denied","ad_user_data":"denied","ad_personalization":"denied","analytics_storage":"denied"`,
    );
    expect(none).not.toContain("consent','update'");
    for (const tag of ["googletagmanager", "facebook", "__head", "__body"]) expect(none).not.toContain(tag);

    const refused = render({ analytics: false, marketing: false });
    for (const tag of ["googletagmanager", "facebook", "__head", "__body"])
      expect(refused).not.toContain(tag);

    const stats = render({ analytics: true, marketing: false });
    expect(stats).toContain("googletagmanager.com/gtag/js?id=G-TESTE12345");
    expect(stats).toContain("googletagmanager.com/gtm.js");
    expect(stats).toContain("googletagmanager.com/ns.html?id=GTM-ABC1234");
    for (const tag of ["facebook", "__head", "__body"]) expect(stats).not.toContain(tag);

    const ads = render({ analytics: false, marketing: true });
    expect(ads).not.toContain("googletagmanager");
    for (const tag of ["connect.facebook.net", "facebook.com/tr", "__head", "__body"])
      expect(ads).toContain(tag);
    expect(ads).toContain(`"ad_storage":"granted"`);
  });

  it("reads only a well-formed choice from the cookie", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("a=1")).toBeNull();
    expect(parseConsent("consentimento=v1.01")).toEqual({ analytics: false, marketing: true });
    expect(parseConsent("x=1; consentimento=v1.11")).toEqual({ analytics: true, marketing: true });
    expect(parseConsent("consentimento=v1.1")).toBeNull();
    expect(parseConsent("consentimento=v2.11")).toBeNull();
    expect(parseConsent("consentimento=v1.11x")).toBeNull();
    expect(consentCookie({ analytics: true, marketing: false }, true)).toMatch(
      /^consentimento=v1\.10; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/,
    );
  });

  it("treats bare JavaScript as one script and replaces stale nonces", () => {
    expect(parseHeadHtml("console.log('oi')")).toEqual([
      { tag: "script", attrs: {}, content: "console.log('oi')" },
    ]);
    expect(withNonce(`<script nonce='x' type="module">a</script>`, "N")).toBe(
      `<script nonce="N" type="module">a</script>`,
    );
  });
});

describe("sitemap.xml, rss.xml and robots.txt", () => {
  it("lists the home, /contato, /privacidade, /termos, /blog and only published posts with lastmod", async () => {
    const xml = await buildSitemap();
    expect(xml.startsWith(`<?xml version="1.0" encoding="UTF-8"?>`)).toBe(true);
    expect(xml).toContain("<loc>http://localhost:3000</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/blog</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/contato</loc>");
    expect(xml).toContain(
      "<loc>http://localhost:3000/blog/publicado</loc>\n    <lastmod>2026-02-03T12:00:00.000Z</lastmod>",
    );
    expect(xml).not.toContain("rascunho");
    expect(xml.match(/<url>/g)).toHaveLength(6);
  });

  it("publishes an RSS 2.0 feed of published posts with escaped text", async () => {
    const xml = await buildRss();
    expect(xml).toContain(`<rss version="2.0"`);
    expect(xml).toContain("<title>Publicado &amp; &lt;bom&gt;</title>");
    expect(xml).toContain(
      "<description>Resumo com &quot;aspas&quot; &amp; &apos;apóstrofo&apos;</description>",
    );
    expect(xml).toContain("<pubDate>Sun, 01 Feb 2026 12:00:00 GMT</pubDate>");
    expect(xml).not.toContain("Rascunho");
    expect(xml.match(/<item>/g)).toHaveLength(1);
    expect(xmlEscape("a\u0001b")).toBe("ab");
  });

  it("keeps crawlers out of /admin and /representante and points to the sitemap", () => {
    expect(buildRobots()).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /representante\n\nSitemap: http://localhost:3000/sitemap.xml\n",
    );
  });
});
