import { consentCookie, consentModeSignals, type Consent } from "~/lib/consent";
import type { HeadNode, Tracking, TrackingGroup } from "~/modules/seo/tracking";

// Applies a choice made in the banner to the page that is open (LGPD, issue 16): the Consent Mode
// update, and the tags of a newly accepted category, added the way the server would have rendered
// them (each script with the document's CSP nonce). Withdrawing a category reloads the page: a tag
// that already ran cannot be unloaded, and the next document is rendered without it.

/** What this document has loaded so far: the consent it was served with, then what was applied. */
let loaded: Consent | null = null;

function documentNonce(): string {
  const s = document.querySelector<HTMLScriptElement>("script[nonce]");
  return s?.nonce || s?.getAttribute("nonce") || "";
}

function scriptFrom(source: { attrs: Record<string, string>; content: string | null }, nonce: string) {
  const el = document.createElement("script");
  for (const [name, value] of Object.entries(source.attrs)) el.setAttribute(name, value);
  el.nonce = nonce;
  if (source.content) el.text = source.content;
  return el;
}

function headElement(node: HeadNode, nonce: string): HTMLElement | null {
  if (node.tag === "script") return scriptFrom(node, nonce);
  if (node.tag === "noscript") return null;
  const el = document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) el.setAttribute(name, value);
  if (node.content) el.textContent = node.content;
  return el;
}

function addGroup(group: TrackingGroup, nonce: string) {
  for (const node of group.head) {
    const el = headElement(node, nonce);
    if (el) document.head.appendChild(el);
  }
  if (group.bodyEnd) {
    const box = document.createElement("div");
    box.setAttribute("data-custom-scripts", "");
    box.innerHTML = group.bodyEnd;
    // Scripts parsed by innerHTML never run: each one is replaced by a fresh element.
    for (const old of Array.from(box.querySelectorAll("script"))) {
      const attrs: Record<string, string> = {};
      for (const a of Array.from(old.attributes)) if (a.name !== "nonce") attrs[a.name] = a.value;
      old.replaceWith(scriptFrom({ attrs, content: old.text }, nonce));
    }
    document.body.appendChild(box);
  }
}

/** First-party cookies the trackers set, removed when their category is withdrawn. */
const TRACKER_COOKIE = /^(_ga|_gid|_gat|_gcl|_fbp|_fbc)/;

function clearTrackerCookies() {
  const host = location.hostname;
  const domains = ["", host, `.${host}`, `.${host.split(".").slice(-2).join(".")}`];
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0].trim();
    if (!TRACKER_COOKIE.test(name)) continue;
    for (const d of domains) {
      document.cookie = `${name}=; Path=/; Max-Age=0${d ? `; Domain=${d}` : ""}`;
    }
  }
}

type GtagWindow = Window & { gtag?: (...args: unknown[]) => void };

/** Remembers the choice and applies it; returns "reload" when the page is being reloaded. */
export function saveConsent({
  tracking,
  served,
  next,
}: {
  tracking: Tracking | undefined;
  served: Consent | null;
  next: Consent;
}): "applied" | "reload" {
  loaded ??= served ?? { analytics: false, marketing: false };
  document.cookie = consentCookie(next, location.protocol === "https:");
  (window as GtagWindow).gtag?.("consent", "update", consentModeSignals(next));
  if ((loaded.analytics && !next.analytics) || (loaded.marketing && !next.marketing)) {
    clearTrackerCookies();
    location.reload();
    return "reload";
  }
  if (tracking) {
    const nonce = documentNonce();
    if (next.analytics && !loaded.analytics) addGroup(tracking.analytics, nonce);
    if (next.marketing && !loaded.marketing) addGroup(tracking.marketing, nonce);
  }
  loaded = { analytics: loaded.analytics || next.analytics, marketing: loaded.marketing || next.marketing };
  return "applied";
}
