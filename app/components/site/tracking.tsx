import { useState } from "react";
import type { HeadNode, Tracking } from "~/modules/seo/tracking";
import { withNonce } from "~/modules/seo/tracking";

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

/**
 * The nonce of the document's own response. Client navigations bring new nonces (the root
 * loader runs again); keeping the first one means React never rewrites these nodes, whose
 * scripts already ran.
 */
function useStableNonce(nonce: string | undefined) {
  const [first] = useState(nonce);
  return first;
}

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

/** Tracking snippets and custom head HTML, inside <head>. */
export function TrackingHead({ tracking, nonce }: { tracking?: Tracking; nonce?: string }) {
  const stable = useStableNonce(nonce);
  if (!tracking) return null;
  return (
    <>
      {tracking.head.map((node, i) => (
        <HeadElement key={i} node={node} nonce={stable} />
      ))}
    </>
  );
}

/** <noscript> fallbacks right after <body> opens. */
export function TrackingBodyStart({ tracking }: { tracking?: Tracking }) {
  if (!tracking?.bodyStart.length) return null;
  return (
    <>
      {tracking.bodyStart.map((html, i) => (
        <noscript key={i} dangerouslySetInnerHTML={{ __html: html }} />
      ))}
    </>
  );
}

/**
 * Custom body HTML at the end of <body>. Its scripts run because the browser parses them from
 * the server's HTML with the nonce; React only hydrates the wrapper and never re-runs them.
 */
export function TrackingBodyEnd({ tracking, nonce }: { tracking?: Tracking; nonce?: string }) {
  const stable = useStableNonce(nonce);
  if (!tracking?.bodyEnd) return null;
  return (
    <div data-custom-scripts="" dangerouslySetInnerHTML={{ __html: withNonce(tracking.bodyEnd, stable) }} />
  );
}
