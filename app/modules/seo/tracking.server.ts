import { getSettings, type Settings } from "~/modules/settings/index.server";
import { TRACKING_ID_FORMATS, type HeadNode, type Tracking, type TrackingGroup } from "./tracking";

// Tracking (SPEC §7 "Tracking injection", DESIGN §5): rendered into the HTML by the server, each
// <script> with the request's CSP nonce, so the snippets run before hydration and nothing else
// can run. Ids are checked against their real formats before they reach a script. Under the
// LGPD every snippet belongs to a consent category and is rendered only once it is accepted
// (app/lib/consent.ts, app/components/site/tracking.tsx).

const GA_ID = TRACKING_ID_FORMATS.googleAnalyticsId;
const GTM_ID = TRACKING_ID_FORMATS.googleTagManagerId;
const PIXEL_ID = TRACKING_ID_FORMATS.facebookPixelId;

// One inline script that adds gtag.js itself: React hoists a rendered <script async src> to the top
// of <head>, above the Consent Mode defaults, which must come first (LGPD).
const gaNodes = (id: string): HeadNode[] => [
  {
    tag: "script",
    attrs: {},
    content: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(id)});(function(d){var s=d.createElement('script');s.async=true;s.src=${JSON.stringify(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`)};d.head.appendChild(s);})(document);`,
  },
];

// Google's snippet, plus the documented hand-over of the nonce to gtm.js.
const gtmNode = (id: string): HeadNode => ({
  tag: "script",
  attrs: {},
  content: `(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;var n=d.querySelector('[nonce]');n&&j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'));f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer',${JSON.stringify(id)});`,
});

const pixelNode = (id: string): HeadNode => ({
  tag: "script",
  attrs: {},
  content: `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${JSON.stringify(id)});fbq('track','PageView');`,
});

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", "#39": "'" };
const decode = (s: string) => s.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_, e: string) => ENTITIES[e]);

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of source.matchAll(re)) {
    const name = m[1].toLowerCase();
    // Inline handlers never run under the nonce CSP; a nonce typed by hand would be stale.
    if (name.startsWith("on") || name === "nonce" || !/^[a-z][a-z0-9:_-]*$/.test(name)) continue;
    attrs[name] = decode(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/**
 * The admin's custom <head> HTML as the elements a <head> may hold (script, noscript, style,
 * meta, link); anything else is dropped. Plain JavaScript without tags counts as one script.
 */
export function parseHeadHtml(html: string | null | undefined): HeadNode[] {
  const source = html?.trim();
  if (!source) return [];
  if (!source.startsWith("<")) return [{ tag: "script", attrs: {}, content: source }];
  const nodes: HeadNode[] = [];
  const re =
    /<!--[\s\S]*?-->|<(script|style|noscript)\b([^>]*)>([\s\S]*?)<\/\1\s*>|<(meta|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
  for (const m of source.matchAll(re)) {
    if (m[1]) {
      nodes.push({ tag: m[1].toLowerCase() as HeadNode["tag"], attrs: parseAttrs(m[2]), content: m[3] });
    } else if (m[4]) {
      nodes.push({
        tag: m[4].toLowerCase() as HeadNode["tag"],
        attrs: parseAttrs(m[5].replace(/\/\s*$/, "")),
        content: null,
      });
    }
  }
  return nodes;
}

/**
 * An external script as an inline loader that adds it (same attributes, in order). Cached public
 * pages allow their inline scripts by hash (docs/decisions/017): a parser-inserted
 * `<script src>` would have no nonce to show, while a script added by a trusted one runs under
 * 'strict-dynamic'.
 */
export function scriptLoader(attrs: Record<string, string>): HeadNode {
  const sets = Object.entries(attrs)
    .filter(([k]) => k !== "src" && k !== "async" && k !== "defer")
    .map(([k, v]) => `s.setAttribute(${JSON.stringify(k)},${JSON.stringify(v)});`)
    .join("");
  const async = "async" in attrs || "defer" in attrs ? "true" : "false";
  // JSON.stringify leaves "</script>" alone: escape "<" so the loader cannot close its own tag.
  const src = JSON.stringify(attrs.src).replace(/</g, "\\u003c");
  return {
    tag: "script",
    attrs: {},
    content: `(function(d){var s=d.createElement('script');s.src=${src};s.async=${async};${sets.replace(/</g, "\\u003c")}(d.head||d.body).appendChild(s);})(document);`,
  };
}

const toLoader = (node: HeadNode): HeadNode =>
  node.tag === "script" && node.attrs.src ? scriptLoader(node.attrs) : node;

/** The custom body HTML with each `<script src>` turned into its inline loader. */
export function loadersInBody(html: string): string {
  return html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (whole, attrs: string) => {
    const parsed = parseAttrs(attrs);
    if (!parsed.src) return whole;
    return `<script>${scriptLoader(parsed).content}</script>`;
  });
}

/** What the public pages may render for tracking, by consent category, from the (cached) settings. */
export function trackingFromSettings(settings: Settings | null): Tracking {
  const analytics: TrackingGroup = { head: [], bodyStart: [], bodyEnd: null };
  const marketing: TrackingGroup = { head: [], bodyStart: [], bodyEnd: null };
  const gtm = settings?.googleTagManagerId?.trim();
  const ga = settings?.googleAnalyticsId?.trim();
  const pixel = settings?.facebookPixelId?.trim();
  if (gtm && GTM_ID.test(gtm)) {
    analytics.head.push(gtmNode(gtm));
    analytics.bodyStart.push(
      `<iframe src="https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(gtm)}" height="0" width="0" style="display:none;visibility:hidden" title="Google Tag Manager"></iframe>`,
    );
  }
  if (ga && GA_ID.test(ga)) analytics.head.push(...gaNodes(ga));
  if (pixel && PIXEL_ID.test(pixel)) {
    marketing.head.push(pixelNode(pixel));
    marketing.bodyStart.push(
      `<img height="1" width="1" style="display:none" alt="" src="https://www.facebook.com/tr?id=${pixel}&amp;ev=PageView&amp;noscript=1">`,
    );
  }
  marketing.head.push(...parseHeadHtml(settings?.customScriptsHead).map(toLoader));
  const body = settings?.customScriptsBody?.trim();
  marketing.bodyEnd = body ? loadersInBody(body) : null;
  return { google: analytics.head.length > 0, analytics, marketing };
}

export async function getTracking(): Promise<Tracking> {
  const settings = await getSettings().catch(() => null);
  return trackingFromSettings(settings);
}
