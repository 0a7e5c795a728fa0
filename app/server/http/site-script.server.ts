import { readFileSync } from "node:fs";
import path from "node:path";
import { log } from "~/server/logging/logger.server";

const sources = new Map<string, string | null>();

/**
 * A plain-HTML page's enhancement script, built by vite.site-script.config.ts into the build
 * folder and inlined into the page (one small script, no extra request; the page cache names it
 * in the CSP by hash, private pages carry the request's nonce). Read once. Null, with a warning,
 * when it was not built: the pages still work as plain HTML.
 */
function builtScript(name: "site" | "client-area"): string | null {
  const known = sources.get(name);
  if (known !== undefined) return known;
  const file = path.resolve(process.env.BUILD_DIR ?? "build", `site-script/${name}.js`);
  let source: string | null;
  try {
    source = readFileSync(file, "utf8").trim();
  } catch {
    log.warn({ file }, "enhancement script not built (npm run build): its pages run without it");
    source = null;
  }
  sources.set(name, source);
  return source;
}

/** The public pages' script (app/site-script/site.ts, decision 018). */
export const siteScript = () => builtScript("site");

/** The client area's script (app/site-script/client-area.ts, decision 046). */
export const clientAreaScript = () => builtScript("client-area");
