import { createCookie } from "react-router";
import { baseUrl } from "~/lib/env.server";

/**
 * Lead attribution (beyond the spec): where a visitor came from, taken on the first page view
 * of the browser session and kept in a first-party session cookie, so it survives navigation
 * between pages and reaches the contact form's POST even without JavaScript.
 */
export interface Attribution {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  gclid: string | null;
  fbclid: string | null;
  referrer: string | null;
  landingPage: string | null;
}

/** What these functions read of a request: a web Request, or the contact endpoint's view of a Node one. */
export interface RequestLike {
  url: string;
  headers: { get(name: string): string | null };
}

const PARAMS = {
  utmSource: "utm_source",
  utmMedium: "utm_medium",
  utmCampaign: "utm_campaign",
  utmTerm: "utm_term",
  utmContent: "utm_content",
  gclid: "gclid",
  fbclid: "fbclid",
} as const;

const MAX_PARAM = 200;
const MAX_URL = 500;

export const EMPTY_ATTRIBUTION: Attribution = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  gclid: null,
  fbclid: null,
  referrer: null,
  landingPage: null,
};

let cookie: ReturnType<typeof createCookie> | undefined;
function attributionCookie() {
  cookie ??= createCookie("__attr", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: baseUrl().startsWith("https:"),
    // No maxAge: a session cookie, gone when the browser closes.
  });
  return cookie;
}

const clean = (v: unknown, max: number): string | null => {
  if (typeof v !== "string") return null;
  const s = v.trim().slice(0, max);
  return s || null;
};

/** The attribution a request carries itself: campaign parameters, external referrer, landing path. */
export function attributionFromRequest(request: Request): Attribution {
  const url = new URL(request.url);
  const out: Attribution = { ...EMPTY_ATTRIBUTION };
  for (const [key, param] of Object.entries(PARAMS) as [keyof typeof PARAMS, string][]) {
    out[key] = clean(url.searchParams.get(param), MAX_PARAM);
  }
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      // Our own pages say nothing about how the visitor found us.
      if (new URL(referer).host !== url.host) out.referrer = clean(referer, MAX_URL);
    } catch {
      out.referrer = null;
    }
  }
  out.landingPage = clean(`${url.pathname}${url.search}`, MAX_URL);
  return out;
}

/** The attribution stored for this session, or null when there is none (or it is unreadable). */
export async function readAttribution(request: RequestLike): Promise<Attribution | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes("__attr=")) return null;
  const value: unknown = await attributionCookie()
    .parse(header)
    .catch(() => null);
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const out: Attribution = { ...EMPTY_ATTRIBUTION };
  for (const key of Object.keys(EMPTY_ATTRIBUTION) as (keyof Attribution)[]) {
    out[key] = clean(v[key], key === "referrer" || key === "landingPage" ? MAX_URL : MAX_PARAM);
  }
  return out;
}

/**
 * Set-Cookie for the first page view of a session (null when the session already has one):
 * later pages never overwrite where the visit started. A direct visit (no campaign parameter,
 * no external referrer) sets nothing: it would only say "direct", and a response without a
 * cookie can be served from the public page cache to every visitor.
 */
export async function captureAttribution(request: Request): Promise<string | null> {
  if (request.headers.get("cookie")?.includes("__attr=")) return null;
  const found = attributionFromRequest(request);
  const informative = Object.entries(found).some(([k, v]) => k !== "landingPage" && v !== null);
  if (!informative) return null;
  return attributionCookie().serialize(found);
}

/**
 * Attribution for a lead sent without a stored one (a direct visit): only the page the form
 * was sent from, taken from the same-origin Referer of the POST.
 */
export function directAttribution(request: RequestLike): Attribution {
  const referer = request.headers.get("referer");
  if (!referer) return { ...EMPTY_ATTRIBUTION };
  try {
    const from = new URL(referer);
    if (from.host !== new URL(request.url).host) return { ...EMPTY_ATTRIBUTION };
    return { ...EMPTY_ATTRIBUTION, landingPage: clean(`${from.pathname}${from.search}`, MAX_URL) };
  } catch {
    return { ...EMPTY_ATTRIBUTION };
  }
}
