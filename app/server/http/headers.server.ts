/**
 * Security headers for every response, and `Cache-Control: private, no-store` on the private
 * areas (isPrivatePath). Scripts run only with this request's nonce (or, on the cached public
 * pages, whose bytes are the same for everyone, the hashes of their inline scripts); 'strict-dynamic' lets those
 * trusted scripts (React Router's, and the tracking snippets the server renders with the nonce)
 * load what they need. https:/'unsafe-inline' are ignored by browsers that understand nonces and
 * only keep very old ones working.
 */
export function securityHeaders({
  nonce,
  hashes,
  secure,
  path,
}: {
  nonce?: string;
  /** Instead of a nonce: the 'sha256-…' sources of the page's inline scripts (public-page.server.ts). */
  hashes?: string[];
  secure: boolean;
  path?: string;
}) {
  // A cached page without inline scripts (XML, `.data`) runs no script at all.
  const scripts = !hashes
    ? `'nonce-${nonce}' 'strict-dynamic' https: 'unsafe-inline'`
    : hashes.length
      ? `${hashes.join(" ")} 'strict-dynamic' https: 'unsafe-inline'`
      : "'none'";
  const csp = [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    "frame-src https://www.googletagmanager.com https://www.youtube.com https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (secure) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  if (path !== undefined && isPrivatePath(path)) headers["Cache-Control"] = "private, no-store";
  return headers;
}

/**
 * The back office, the portal and the restaurant's area (their pages, their `.data` requests,
 * their sign-in pages, which carry flash messages, and the client area's receipts, JSON download
 * and pages opened from an e-mailed link, whose URL holds a token): a shared cache or the
 * browser's back-forward history must never keep a copy, so they answer
 * `Cache-Control: private, no-store`.
 */
const PRIVATE_PATH = /^\/(admin|representante|cliente)(\/|\.data$|$)/;

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH.test(path);
}

export const CROSS_SITE_MESSAGE = "Requisição recusada: origem não permitida.";

/**
 * CSRF defence for state-changing requests: refused when the browser says the request comes
 * from another site (Sec-Fetch-Site) or its Origin is not ours. Same-site cookies (SameSite=Lax)
 * are the second layer.
 */
export function checkOrigin(req: {
  method: string;
  origin?: string;
  secFetchSite?: string;
  host?: string;
  protocol: string;
  allowedOrigins?: string[];
}): { ok: true } | { ok: false; message: string } {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method.toUpperCase())) return { ok: true };
  const site = req.secFetchSite?.toLowerCase();
  if (site && site !== "same-origin" && site !== "none") {
    return { ok: false, message: CROSS_SITE_MESSAGE };
  }
  if (req.origin) {
    const own = new Set(req.allowedOrigins ?? []);
    if (req.host) own.add(`${req.protocol}://${req.host}`);
    if (req.origin === "null" || !own.has(req.origin)) {
      return { ok: false, message: CROSS_SITE_MESSAGE };
    }
  }
  return { ok: true };
}
