import type { HeadNode, Tracking } from "~/modules/seo/tracking";
import { withNonce } from "~/modules/seo/tracking";
import { consentBootstrap, type Consent } from "~/lib/consent";

// HTML attribute names React spells differently.
const REACT_NAMES: Record<string, string> = {
  class: "className",
  charset: "charSet",
  "http-equiv": "httpEquiv",
  crossorigin: "crossOrigin",
  referrerpolicy: "referrerPolicy",
  fetchpriority: "fetchPriority",
  nomodule: "noModule",
  hreflang: "hrefLang",
};
const BOOLEAN = new Set(["async", "defer", "nomodule"]);

function props(node: HeadNode, nonce: string | undefined) {
  const out: Record<string, string | boolean | undefined> = {};
  for (const [name, value] of Object.entries(node.attrs)) {
    out[REACT_NAMES[name] ?? name] = BOOLEAN.has(name) ? true : value;
  }
  if (node.tag === "script") out.nonce = nonce;
  return out;
}

function HeadElement({ node, nonce }: { node: HeadNode; nonce: string | undefined }) {
  const p = props(node, nonce);
  const html = node.content ? { __html: node.content } : undefined;
  switch (node.tag) {
    case "script":
      return <script {...p} dangerouslySetInnerHTML={html} />;
    case "style":
      return <style {...p} dangerouslySetInnerHTML={html} />;
    case "noscript":
      return <noscript {...p} dangerouslySetInnerHTML={html} />;
    case "meta":
      return <meta {...p} />;
    case "link":
      return <link {...p} />;
  }
}

/**
 * Inside <head>: the Consent Mode v2 bootstrap (defaults `denied`) before any Google tag, then the
 * tags of the categories the visitor accepted (LGPD): analytics (GTM, GA), marketing
 * (Meta Pixel, the admin's custom head HTML).
 */
export function TrackingHead({
  tracking,
  consent,
  nonce,
}: {
  tracking?: Tracking;
  consent?: Consent | null;
  nonce?: string;
}) {
  const chosen = consent ?? null;
  if (!tracking) return null;
  const nodes = [
    ...(chosen?.analytics ? tracking.analytics.head : []),
    ...(chosen?.marketing ? tracking.marketing.head : []),
  ];
  return (
    <>
      {tracking.google && (
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: consentBootstrap(chosen) }} />
      )}
      {nodes.map((node, i) => (
        <HeadElement key={i} node={node} nonce={nonce} />
      ))}
    </>
  );
}

/** <noscript> fallbacks of the accepted categories, right after <body> opens. */
export function TrackingBodyStart({ tracking, consent }: { tracking?: Tracking; consent?: Consent | null }) {
  const chosen = consent ?? null;
  if (!tracking) return null;
  const html = [
    ...(chosen?.analytics ? tracking.analytics.bodyStart : []),
    ...(chosen?.marketing ? tracking.marketing.bodyStart : []),
  ];
  if (!html.length) return null;
  return (
    <>
      {html.map((h, i) => (
        <noscript key={i} dangerouslySetInnerHTML={{ __html: h }} />
      ))}
    </>
  );
}

/**
 * Custom body HTML at the end of <body>, after marketing consent. Its scripts run because the
 * browser parses them from the server's HTML (with the nonce, or named by hash on a cached page).
 */
export function TrackingBodyEnd({
  tracking,
  consent,
  nonce,
}: {
  tracking?: Tracking;
  consent?: Consent | null;
  nonce?: string;
}) {
  const chosen = consent ?? null;
  const html = chosen?.marketing ? tracking?.marketing.bodyEnd : null;
  if (!html) return null;
  return <div data-custom-scripts="" dangerouslySetInnerHTML={{ __html: withNonce(html, nonce) }} />;
}
