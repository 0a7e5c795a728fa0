/**
 * What the browser downloads: no database table definitions and no server-only code in any
 * built client chunk. Runs after `npm run build` (scripts/test-all.sh), with its own config
 * (vitest.build.config.ts); a missing build is a failure, never a silent pass.
 *
 * The markers are strings minification keeps: Drizzle's entity names and symbols, SQL names of
 * our tables, columns and constraints, and strings only our *.server modules hold.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const ASSETS = path.resolve(process.env.BUILD_DIR ?? "build", "client/assets");

const MARKERS: Record<string, string[]> = {
  "Drizzle table definitions": ["drizzle:", "PgTable", "PgColumn", "drizzle-orm"],
  "our tables' SQL names": [
    "blog_posts_slug_unique",
    "setup_fee_cents",
    "email_verified",
    "status_funil",
    "referrals_status_check",
    "rate_limits",
  ],
  "server-only code": [
    "AsyncLocalStorage",
    "pg_notify",
    "public_content_changed",
    "better-auth",
    "sanitize-html",
    "node:crypto",
    "Requisição recusada",
  ],
  // app/modules/auth/password-policy.server.ts: the common-password list stays on the server.
  "common-password list": ["trustno1", "mudar123"],
};

function chunks(): { name: string; code: string }[] {
  if (!existsSync(ASSETS)) {
    throw new Error(`${ASSETS} não existe: rode \`npm run build\` antes (scripts/test-all.sh já faz).`);
  }
  return readdirSync(ASSETS)
    .filter((f) => f.endsWith(".js"))
    .map((name) => ({ name, code: readFileSync(path.join(ASSETS, name), "utf8") }));
}

describe("built client assets", () => {
  it("exist (the check below would pass on nothing)", () => {
    expect(chunks().length).toBeGreaterThan(5);
  });

  for (const [what, markers] of Object.entries(MARKERS)) {
    it(`carry no ${what}`, () => {
      const found = chunks().flatMap(({ name, code }) =>
        markers.filter((m) => code.includes(m)).map((m) => `${name}: ${m}`),
      );
      expect(found).toEqual([]);
    });
  }
});

// The plain pages' one script each: the public site's (app/site-script/site.ts, decision 018)
// and the client area's (app/site-script/client-area.ts, decision 046), inlined into their pages.
const SCRIPTS = {
  "the public pages' script": "site-script/site.js",
  "the client area's script": "site-script/client-area.js",
};

describe.each(Object.entries(SCRIPTS))("%s", (_, file) => {
  it("is one classic script of at most 6 KiB gzip, with no framework and no server code", () => {
    const code = readFileSync(path.resolve(process.env.BUILD_DIR ?? "build", file), "utf8");
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(6 * 1024);
    // Inlined as a classic <script>: no module syntax.
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    const found = Object.values(MARKERS)
      .flat()
      .concat(["react", "__reactRouter"])
      .filter((m) => code.includes(m));
    expect(found).toEqual([]);
  });
});
