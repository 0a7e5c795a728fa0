/**
 * A stored URL as it may be rendered into src/href: http(s) URLs and root-relative paths only.
 * Anything else (javascript:, data:, vbscript:, protocol-relative "//host") becomes null, so a
 * bad value saved by any path (import, direct SQL, an old bug) never reaches a page.
 */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const s = url.trim();
  if (s.startsWith("/") && !s.startsWith("//")) return s;
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}
