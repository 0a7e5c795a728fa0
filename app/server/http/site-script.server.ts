import { readFileSync } from "node:fs";
import path from "node:path";
import { log } from "~/server/logging/logger.server";

let source: string | null | undefined;

/**
 * The public pages' enhancement script (app/site-script/site.ts), built by
 * vite.site-script.config.ts into the build folder and inlined into every public page (one small
 * script, no extra request; the page cache names it in the CSP by hash). Read once. Null, with a
 * warning, when it was not built: the pages still work as plain HTML.
 */
export function siteScript(): string | null {
  if (source !== undefined) return source;
  const file = path.resolve(process.env.BUILD_DIR ?? "build", "site-script/site.js");
  try {
    source = readFileSync(file, "utf8").trim();
  } catch {
    log.warn({ file }, "site script not built (npm run build): public pages run without it");
    source = null;
  }
  return source;
}
