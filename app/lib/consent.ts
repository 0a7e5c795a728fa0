// The visitor's cookie choice (LGPD): one first-party cookie, read by the server (which
// renders only the consented trackers) and by the browser (the banner). Client-safe and tiny: the
// public bundle carries it.

export const CONSENT_COOKIE = "consentimento";
/** Six months, after which the banner asks again (ANPD's guidance: review the choice periodically). */
export const CONSENT_MAX_AGE = 60 * 60 * 24 * 182;
/** Fired by the footer's "Preferências de cookies" link; the consent slot opens the preferences. */
export const OPEN_CONSENT_EVENT = "consent:open";

export interface Consent {
  analytics: boolean;
  marketing: boolean;
}

const VALUE = /^v1\.([01])([01])$/;

/** The choice in a Cookie header (or `document.cookie`); null when none was made (or it is unreadable). */
export function parseConsent(cookieHeader: string | null | undefined): Consent | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== CONSENT_COOKIE) continue;
    const m = VALUE.exec(part.slice(eq + 1).trim());
    return m ? { analytics: m[1] === "1", marketing: m[2] === "1" } : null;
  }
  return null;
}

export function consentValue(c: Consent): string {
  return `v1.${c.analytics ? 1 : 0}${c.marketing ? 1 : 0}`;
}

/** The `document.cookie` assignment that remembers a choice. */
export function consentCookie(c: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consentValue(c)}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

const G = (on: boolean) => (on ? "granted" : "denied");

/** Google Consent Mode v2 signals for a choice (null: nothing chosen, everything denied). */
export function consentModeSignals(c: Consent | null) {
  return {
    ad_storage: G(!!c?.marketing),
    ad_user_data: G(!!c?.marketing),
    ad_personalization: G(!!c?.marketing),
    analytics_storage: G(!!c?.analytics),
  };
}

/**
 * The inline bootstrap rendered before any Google tag: Consent Mode v2 defaults `denied`, then the
 * remembered choice as an update. A few hundred bytes; it defines `gtag` for the tags that follow.
 */
export function consentBootstrap(c: Consent | null): string {
  const base = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('consent','default',${JSON.stringify(
    {
      ...consentModeSignals(null),
      functionality_storage: "granted",
      security_storage: "granted",
      wait_for_update: 500,
    },
  )});`;
  return c ? `${base}gtag('consent','update',${JSON.stringify(consentModeSignals(c))});` : base;
}

/** First-party cookies the trackers set, removed when their category is withdrawn. */
const TRACKER_COOKIE = /^(_ga|_gid|_gat|_gcl|_fbp|_fbc)/;

/**
 * Set-Cookie values that remove the trackers' cookies a request carries, on the host and on its
 * parent domain (where Google's and Meta's tags put them).
 */
export function trackerCookieRemovals(cookieHeader: string | null, host: string): string[] {
  const domains = [null, host, `.${host.split(".").slice(-2).join(".")}`];
  const out: string[] = [];
  for (const part of (cookieHeader ?? "").split(";")) {
    const name = part.split("=")[0].trim();
    if (!TRACKER_COOKIE.test(name)) continue;
    for (const d of new Set(domains)) out.push(`${name}=; Path=/; Max-Age=0${d ? `; Domain=${d}` : ""}`);
  }
  return out;
}
