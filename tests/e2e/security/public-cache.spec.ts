// Public pages at the limit (issue 19, docs/decisions/017): every anonymous visitor gets the same
// bytes, allowed by CSP hashes instead of a per-response nonce, with shared-cache headers, a
// strong ETag and 304s; a signed-in request never gets a shared-cache header nor a cached body.
// They are plain HTML (issue 26, decision 018): no framework script, module preload or context.
// Settings are one site-wide record: the tracking test puts back what it found before it ends.
import type { APIResponse, Page } from "@playwright/test";
import { createHash } from "node:crypto";
import { expect, test } from "../../support/fixtures";
import { plainHtmlProblems, watchForXss } from "./support";

const PUBLIC_PAGES = ["/", "/blog", "/contato", "/privacidade", "/termos"];

async function firstArticle(request: { get: (u: string) => Promise<APIResponse> }) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const slug = /\/blog\/([^<]+)<\/loc>/.exec(sitemap)?.[1];
  expect(slug, "a published post in the sitemap").toBeTruthy();
  return `/blog/${slug}`;
}

/** Every inline script of the page is allowed by one of the CSP's hashes; no nonce anywhere. */
function expectHashesCoverScripts(html: string, csp: string, what: string) {
  expect(csp, `${what}: no nonce in the CSP`).not.toContain("'nonce-");
  expect(csp, `${what}: strict-dynamic kept`).toContain("'strict-dynamic'");
  expect(html, `${what}: no nonce attribute in the HTML`).not.toMatch(/\snonce="/);
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length, what).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    if (/application\/(ld\+)?json/.test(attrs)) continue;
    expect(attrs, `${what}: no parser-inserted external script`).not.toMatch(/\ssrc=/);
    const hash = createHash("sha256").update(body, "utf8").digest("base64");
    expect(csp, `${what}: hash of <script${attrs}>${body.slice(0, 60)}`).toContain(`'sha256-${hash}'`);
  }
}

test("anonymous visitors get identical bytes, CSP hashes, shared-cache headers, ETag and 304", async ({
  request,
}) => {
  const pages = [...PUBLIC_PAGES, await firstArticle(request)];
  for (const url of pages) {
    const a = await request.get(url);
    const b = await request.get(url);
    expect(a.status(), url).toBe(200);
    expect((await b.body()).equals(await a.body()), `${url}: byte-identical bodies`).toBe(true);
    const h = b.headers();
    expect(h["cache-control"], url).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(h.vary, url).toBe("Accept-Encoding");
    expect(h.etag, url).toMatch(/^"[\w-]+"$/);
    expect(h.etag, url).toBe(a.headers().etag);
    expectHashesCoverScripts(await b.text(), h["content-security-policy"], url);
    expect(plainHtmlProblems(await b.text(), h["content-security-policy"]), url).toEqual([]);
    const revalidated = await request.get(url, { headers: { "if-none-match": h.etag } });
    expect(revalidated.status(), `${url}: If-None-Match`).toBe(304);
    expect((await revalidated.body()).length).toBe(0);
  }
  // Sitemap and RSS: the same bytes too, and no script may run in them.
  for (const url of ["/sitemap.xml", "/rss.xml"]) {
    const a = await request.get(url);
    const b = await request.get(url);
    expect((await b.body()).equals(await a.body()), url).toBe(true);
    expect(b.headers()["cache-control"], url).toContain("s-maxage=");
    expect(b.headers()["content-security-policy"], url).toContain("script-src 'none'");
  }
});

test("a post edit changes the article's ETag; a signed-in request never gets a shared-cache header or a cached body", async ({
  adminPage,
  request,
}) => {
  // A post of its own (the demo posts' relative image paths do not pass the edit form).
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Post ETag ${suffix}`;
  await adminPage.goto("/admin/blog/new");
  await adminPage.getByLabel("Título", { exact: true }).fill(title);
  await adminPage.getByLabel("Resumo").fill(`Resumo do post ${suffix} para conferir o ETag.`);
  await adminPage.getByRole("textbox", { name: "Conteúdo" }).click();
  await adminPage.keyboard.type("Texto do post.");
  await adminPage.getByLabel("Publicado").check();
  await adminPage.getByRole("button", { name: "Salvar Post" }).click();
  await expect(adminPage.getByText("Post criado com sucesso!").first()).toBeVisible();
  const article = `/blog/post-etag-${suffix}`;

  const before = await request.get(article);
  expect(before.status()).toBe(200);
  const etag = before.headers().etag;
  expect(etag).toBeTruthy();
  expect((await request.get(article, { headers: { "if-none-match": etag } })).status()).toBe(304);

  // The admin's own requests carry the session cookie: rendered for them, with a nonce.
  const res = await adminPage.request.get(article);
  const h = res.headers();
  expect(h["cache-control"] ?? "").not.toMatch(/public|s-maxage/);
  expect(h.etag).toBeUndefined();
  const nonce = /'nonce-([^']+)'/.exec(h["content-security-policy"])?.[1];
  expect(nonce, "a per-response nonce").toBeTruthy();
  expect(await res.text()).toContain(`nonce="${nonce}"`);

  await adminPage.goto("/admin/blog");
  await adminPage.getByRole("link", { name: `Editar ${title}` }).click();
  await adminPage.getByLabel("Resumo").fill(`Resumo do post ${suffix}, revisto.`);
  await adminPage.getByRole("button", { name: "Salvar Post" }).click();
  await expect(adminPage).toHaveURL(/\/admin\/blog$/);

  const after = await request.get(article);
  expect(await after.text()).toContain("revisto");
  expect(after.headers().etag).not.toBe(etag);
  expect((await request.get(article, { headers: { "if-none-match": etag } })).status()).toBe(200);
});

const TRACKING = {
  "ID do Google Analytics": "G-PUBLIC19T",
  "ID do Google Tag Manager": "GTM-PUBL19T",
  "ID do Pixel do Facebook": "1919191919191919",
  "Scripts no <head>":
    '<script>window.__p19Head = 1;</script><script src="https://cdn.exemplo-scripts.com.br/head.js"></script>',
  "Scripts no fim do <body>":
    '<script>window.__p19Body = 1;</script><script src="https://cdn.exemplo-scripts.com.br/body.js" async></script>',
} as const;
type Field = keyof typeof TRACKING;

async function saveTracking(page: Page, values: Record<Field, string>) {
  await page.goto("/admin/settings");
  const tabs = page.getByRole("tablist", { name: "Seções das configurações" });
  await tabs.getByRole("tab", { name: "Analytics e Tracking" }).click();
  for (const f of [
    "ID do Google Analytics",
    "ID do Google Tag Manager",
    "ID do Pixel do Facebook",
  ] as const) {
    await page.getByLabel(f).fill(values[f]);
  }
  await tabs.getByRole("tab", { name: "Scripts Personalizados" }).click();
  await page.getByLabel("Scripts no <head>").fill(values["Scripts no <head>"]);
  await page.getByLabel("Scripts no fim do <body>").fill(values["Scripts no fim do <body>"]);
  await page.getByRole("button", { name: "Salvar Configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!").first()).toBeVisible();
}

async function readTracking(page: Page): Promise<Record<Field, string>> {
  await page.goto("/admin/settings");
  const out = {} as Record<Field, string>;
  for (const label of Object.keys(TRACKING) as Field[])
    out[label] = await page.getByLabel(label).inputValue();
  return out;
}

test("no CSP violation on any public page with GA, GTM, Pixel and custom scripts configured and consent given", async ({
  adminPage,
  browser,
  request,
}) => {
  test.slow();
  const original = await readTracking(adminPage);
  await saveTracking(adminPage, TRACKING);
  const ctx = await browser.newContext();
  try {
    const hits: string[] = [];
    await ctx.route(/(google-analytics\.com|googletagmanager\.com|facebook\.net|facebook\.com)/, (route) => {
      hits.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "application/javascript", body: "" });
    });
    await ctx.route(/cdn\.exemplo-scripts\.com\.br/, (route) => {
      const which = route.request().url().includes("head.js") ? "__p19HeadExt" : "__p19BodyExt";
      return route.fulfill({
        status: 200,
        contentType: "application/javascript",
        body: `window.${which} = 1;`,
      });
    });
    const base = new URL(adminPage.url()).origin;
    await ctx.addCookies([{ name: "consentimento", value: "v1.11", url: base }]);
    const page = await ctx.newPage();
    const watcher = await watchForXss(page);
    const problems: string[] = [];
    for (const url of [...PUBLIC_PAGES, await firstArticle(request)]) {
      const res = await page.goto(url);
      await page.waitForLoadState("networkidle");
      const csp = res!.headers()["content-security-policy"];
      const html = await res!.text();
      expectHashesCoverScripts(html, csp, url);
      // Plain HTML: the trackers are the only scripts besides the site's own small one.
      expect(plainHtmlProblems(html, csp), url).toEqual([]);
      // The copy for a cookie choice is this visitor's: never in a shared cache.
      expect(res!.headers()["cache-control"], url).toBe("private, max-age=0, must-revalidate");
      // The consented scripts, rendered by the server, ran: each one leaves its mark.
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const w = window as unknown as Record<string, unknown>;
              return {
                head: w.__p19Head ?? null,
                body: w.__p19Body ?? null,
                headExt: w.__p19HeadExt ?? null,
                bodyExt: w.__p19BodyExt ?? null,
              };
            }),
          { message: url },
        )
        .toEqual({ head: 1, body: 1, headExt: 1, bodyExt: 1 });
      problems.push(...(await watcher.check(url)));
    }
    expect(problems).toEqual([]);
    expect(hits.some((u) => u.includes("gtag/js?id=G-PUBLIC19T"))).toBe(true);
    expect(hits.some((u) => u.includes("gtm.js?id=GTM-PUBL19T"))).toBe(true);
    expect(hits.some((u) => u.includes("connect.facebook.net"))).toBe(true);
  } finally {
    await ctx.close();
    await saveTracking(adminPage, original);
  }
});
