import { createHash } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, submitForm, uniqueEmail } from "../../support/e2e";
import { flattenRoutes } from "../../support/route-list";

export type Who = "anon" | "admin" | "rep";

/** Who may open a URL: admin pages as the admin, portal pages as a representative. */
export function whoFor(url: string): Who {
  if (/^\/admin(\/|$)/.test(url) && !/^\/admin\/(login|logout|forgot-password|reset-password)/.test(url))
    return "admin";
  if (
    /^\/representante(\/|$)/.test(url) &&
    !/^\/representante\/(login|register|logout|esqueci-senha|redefinir-senha)/.test(url)
  )
    return "rep";
  return "anon";
}

/**
 * One concrete URL per GET route of app/routes.ts, so a new route is covered the day it is added:
 * ":slug" gets a published post, ":id" an id that does not exist, "*" an unknown path.
 */
export async function allGetUrls(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const slug = /\/blog\/([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? "nao-existe";
  const urls = new Set<string>();
  for (const r of flattenRoutes()) {
    const url = r.pattern
      .replace(":slug", slug)
      .replace(":id", "00000000-0000-4000-8000-000000000000")
      .replace(/\*$/, "pagina-que-nao-existe");
    urls.add(url);
  }
  return [...urls];
}

/**
 * A request context of its own (own cookie jar) signed in as `who` through the sign-in actions:
 * the E2E admin, or a newly registered representative.
 */
export async function contextFor(
  playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  who: Who,
): Promise<APIRequestContext> {
  const ctx = await playwright.request.newContext({ baseURL });
  if (who === "anon") return ctx;
  if (who === "admin") {
    await submitForm(ctx, "/admin/login", ADMIN, "/admin/dashboard");
    return ctx;
  }
  const creds = { email: uniqueEmail("sec-rep"), password: "senha-rep-123" };
  const form = { name: "Representante Segurança", ...creds, confirmPassword: creds.password };
  await submitForm(ctx, "/representante/register", form, "/representante/login");
  await submitForm(ctx, "/representante/login", creds, "/representante/dashboard");
  return ctx;
}

export function setCookies(headers: { name: string; value: string }[]): string[] {
  return headers.filter((h) => h.name.toLowerCase() === "set-cookie").map((h) => h.value);
}

/**
 * The executable <script> tags of a page. Data blocks (`type="application/ld+json"`, JSON) are
 * never run by the browser and CSP script-src does not apply to them, so they need no nonce.
 */
export function scriptTags(html: string): { tag: string; nonce: string | null }[] {
  const dataBlock = /\stype="application\/(ld\+)?json"/i;
  return [...html.matchAll(/<script\b[^>]*>/gi)]
    .filter((m) => !dataBlock.test(m[0]))
    .map((m) => ({
      tag: m[0].slice(0, 120),
      nonce: /\snonce="([^"]*)"/i.exec(m[0])?.[1] ?? null,
    }));
}

export function cspNonce(csp: string | undefined): string | null {
  return /'nonce-([^']+)'/.exec(csp ?? "")?.[1] ?? null;
}

declare global {
  interface Window {
    __xss?: unknown;
    __cspViolations?: string[];
  }
}

/**
 * Watches a page for script execution: dialogs (alert/confirm/prompt), `window.__xss = 1`,
 * CSP violations (markup that got through escaping but was blocked), console CSP messages,
 * and links/sources with a javascript:/vbscript:/data:text/html URL.
 */
export async function watchForXss(page: Page) {
  const events: string[] = [];
  page.on("dialog", (d) => {
    events.push(`dialog ${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => {});
  });
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) events.push(`console: ${m.text().slice(0, 200)}`);
  });
  page.on("pageerror", (e) => {
    if (/__xss|alert/.test(String(e))) events.push(`pageerror: ${String(e).slice(0, 200)}`);
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`.slice(0, 200));
    });
  });
  return {
    /**
     * Everything seen since the last call, once the handlers an injected element would trigger
     * have had their turn: every eager image has loaded or failed (img onerror), then one more task
     * and frame (ontoggle, onfocus, svg onload). No fixed sleep: the check waits for the page.
     */
    async check(where: string): Promise<string[]> {
      // A lazy image below the fold never loads (and never errs) until it is scrolled to.
      await page.waitForFunction(
        () => Array.from(document.images).every((i) => i.complete || i.loading === "lazy"),
        null,
        { timeout: 10_000 },
      );
      await page.evaluate(
        () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))),
      );
      const inPage = await page.evaluate(() => {
        const out: string[] = [];
        if (window.__xss === 1) out.push("window.__xss was set");
        for (const v of window.__cspViolations ?? []) out.push(`CSP violation: ${v}`);
        window.__cspViolations = [];
        const attrs = ["href", "src", "action", "formaction", "xlink:href", "poster", "data", "background"];
        for (const el of Array.from(document.querySelectorAll("*"))) {
          for (const a of Array.from(el.attributes)) {
            if (!attrs.includes(a.name)) continue;
            // Browsers ignore control characters and spaces inside a URL scheme.
            const v = Array.from(a.value)
              .filter((c) => c.charCodeAt(0) > 32)
              .join("")
              .toLowerCase();
            if (/^(javascript|vbscript):|^data:text\/html/.test(v)) {
              out.push(`${a.name}=${a.value.slice(0, 60)} on <${el.tagName.toLowerCase()}>`);
            }
          }
        }
        return out;
      });
      const all = [...events.splice(0), ...inPage].map((e) => `${where}: ${e}`);
      return all;
    },
  };
}

/**
 * What makes a public page something else than plain HTML (issue 26): a React Router module, a
 * module preload, the router's context, or an inline script its CSP does not name by hash. A
 * page rendered for one request (a 404, a visitor with a flash or session cookie) carries a
 * per-response nonce instead of hashes: its inline scripts must then carry that nonce.
 * JSON data blocks are never run and need neither. Returns the problems found, empty when none.
 */
export function plainHtmlProblems(html: string, csp: string): string[] {
  const problems: string[] = [];
  if (/<script\b[^>]*\stype=["']?module/i.test(html)) problems.push('a <script type="module">');
  if (/<link\b[^>]*\srel=["']?modulepreload/i.test(html)) problems.push("a modulepreload link");
  if (html.includes("__reactRouterContext")) problems.push("React Router's context");
  const nonce = cspNonce(csp);
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\stype=["']?application\/(ld\+)?json/i.test(attrs)) continue;
    const what = `<script${attrs}>${body.slice(0, 60)}`;
    if (/\ssrc=/i.test(attrs)) {
      problems.push(`an external script: ${what}`);
      continue;
    }
    if (nonce) {
      if (/\snonce="([^"]*)"/i.exec(attrs)?.[1] !== nonce) problems.push(`without the CSP's nonce: ${what}`);
      continue;
    }
    const hash = createHash("sha256").update(body, "utf8").digest("base64");
    if (!csp.includes(`'sha256-${hash}'`)) problems.push(`not named by hash in the CSP: ${what}`);
  }
  return problems;
}
