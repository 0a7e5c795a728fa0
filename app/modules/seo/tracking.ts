// Client-safe part of tracking: id formats, the shapes the loader sends and the nonce injection.

/** Only ids in these formats are rendered (the settings form can validate with the same rules). */
export const TRACKING_ID_FORMATS = {
  googleAnalyticsId: /^(G|UA|AW|DC)-[A-Z0-9-]{4,24}$/i,
  googleTagManagerId: /^GTM-[A-Z0-9]{4,12}$/i,
  facebookPixelId: /^\d{6,20}$/,
} as const;

export interface HeadNode {
  tag: "script" | "noscript" | "style" | "meta" | "link";
  attrs: Record<string, string>;
  content: string | null;
}

/** The tags of one consent category. */
export interface TrackingGroup {
  /** Snippets and, for marketing, the custom head HTML, as <head> elements. */
  head: HeadNode[];
  /** <noscript> fallbacks (GTM iframe, Pixel image) for the top of <body>. */
  bodyStart: string[];
  /** The custom body HTML (marketing only), placed at the end of <body>. */
  bodyEnd: string | null;
}

/**
 * What the public pages may load, by consent category (LGPD): `analytics` (GTM, GA) and
 * `marketing` (Meta Pixel, the admin's custom head/body scripts). `google` says whether the Consent
 * Mode bootstrap is needed. The page renders a group only when its category was accepted.
 */
export interface Tracking {
  google: boolean;
  analytics: TrackingGroup;
  marketing: TrackingGroup;
}

/** Anything that needs a choice: without trackers nor custom scripts, no banner is shown. */
export function hasTrackers(t: Tracking | undefined | null): boolean {
  if (!t) return false;
  return t.analytics.head.length > 0 || t.marketing.head.length > 0 || !!t.marketing.bodyEnd;
}

/** Gives every <script> tag of an HTML fragment this request's nonce (replacing any other). */
export function withNonce(html: string, nonce: string | undefined): string {
  if (!nonce) return html;
  return html.replace(/<script\b([^>]*)>/gi, (_m, attrs: string) => {
    const rest = attrs.replace(/\snonce\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, "");
    return `<script nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, "")}"${rest}>`;
  });
}
