import type { NextFunction, Request as ExpressRequest, Response } from "express";
import { eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "~/db/client.server";
import { representatives } from "~/db/schema";
import { baseUrl } from "~/lib/env.server";
import { log } from "~/server/logging/logger.server";

/**
 * The representative's referral link: `{BASE_URL}/?ref={code}`.
 *
 * The visit is remembered in one first-party cookie holding only the code, for 90 days. It is
 * strictly necessary for the programme the visitor was invited through (crediting the commission
 * of the contact they may send), carries nothing about the visitor and feeds no tracker, so it
 * is set without the consent banner, like the session attribution cookie (decision 015).
 */
export const REFERRAL_COOKIE = "__indicacao";
export const REFERRAL_COOKIE_MAX_AGE = 60 * 60 * 24 * 90;
export const REFERRAL_PARAM = "ref";
const CODE = /^[a-z0-9]{4,16}$/;

/** The code as stored (lower case), or null when it cannot be one. */
export function cleanReferralCode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const code = value.trim().toLowerCase();
  return CODE.test(code) ? code : null;
}

export function referralLink(code: string): string {
  return `${baseUrl()}/?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}

/** The representative a code names, or null (unknown codes are ignored silently). */
export async function findRepresentativeByCode(
  code: string | null,
  db: DbOrTx = getDb(),
): Promise<{ id: string; name: string } | null> {
  const clean = cleanReferralCode(code);
  if (!clean) return null;
  const [row] = await db
    .select({ id: representatives.id, name: representatives.name })
    .from(representatives)
    .where(eq(representatives.referralCode, clean))
    .limit(1);
  return row ?? null;
}

/** The code in a Cookie header, or null. */
export function readReferralCode(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const i = part.indexOf("=");
    if (i < 0 || part.slice(0, i).trim() !== REFERRAL_COOKIE) continue;
    return cleanReferralCode(part.slice(i + 1));
  }
  return null;
}

export function referralCookie(code: string): string {
  const secure = baseUrl().startsWith("https:") ? "; Secure" : "";
  return `${REFERRAL_COOKIE}=${code}; Max-Age=${REFERRAL_COOKIE_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** Paths a referral link can point at: the public site, never the portals, assets or data requests. */
function isLinkTarget(path: string): boolean {
  return !/^\/(admin|representante|assets)(\/|$)/.test(path) && !path.endsWith(".data");
}

/**
 * The redirect target: the path and query of `url`, never another site. A raw request path such
 * as `/.//evil.example` parses to the pathname `//evil.example`, which a browser reads as a
 * protocol-relative URL, so leading slashes are collapsed to one; the result is parsed again
 * and anything that would leave this origin becomes `/`.
 */
export function sameOriginPath(url: URL): string {
  const target = `/${url.pathname.replace(/^[/\\]+/, "")}${url.search}${url.hash}`;
  const base = "http://same.invalid";
  return new URL(target, base).origin === base ? target : "/";
}

/**
 * Express middleware, mounted before the page cache: a GET carrying `?ref=` is answered with a
 * redirect to the same URL without it, setting the cookie when the code names a representative.
 * So the cookie is set whatever the page cache holds, the cache never sees (nor stores a copy
 * per) referral code, and the page the visitor lands on is the same cached page everyone gets.
 * The first representative keeps the visitor: a valid cookie is not replaced by another link.
 */
export function referralLinkMiddleware() {
  return (req: ExpressRequest, res: Response, next: NextFunction) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isLinkTarget(req.path)) return next();
    const url = new URL(req.originalUrl, "http://x");
    if (!url.searchParams.has(REFERRAL_PARAM)) return next();
    const raw = url.searchParams.get(REFERRAL_PARAM);
    url.searchParams.delete(REFERRAL_PARAM);
    const target = sameOriginPath(url);
    void (async () => {
      const current = readReferralCode(req.headers.cookie);
      const keep = current ? await findRepresentativeByCode(current) : null;
      const found = keep ? null : await findRepresentativeByCode(cleanReferralCode(raw));
      if (found) res.append("Set-Cookie", referralCookie(cleanReferralCode(raw)!));
    })()
      .catch((err: unknown) => log.error({ err }, "referral link lookup failed"))
      .finally(() => {
        res.setHeader("Cache-Control", "no-store");
        res.redirect(302, target);
      });
  };
}
