// Issue 27 item 7: `npm ci` refuses a lockfile that lacks the optional packages of other
// platforms (it was written on one platform where the registry answered 404 for the others).
// On macOS, Windows or any CI using `npm ci`, the install then fails at once. This test reads
// package-lock.json the way `npm ci` does: every optional dependency a locked package declares
// must have its own locked entry, whatever the platform it is for.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
}
const lock = JSON.parse(readFileSync(path.resolve("package-lock.json"), "utf8")) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};
const entries = Object.entries(lock.packages);

/** The entry node_modules resolution would pick for `name` required from `from`. */
function resolveFrom(from: string, name: string): LockedPackage | undefined {
  let dir = from;
  for (;;) {
    const hit = lock.packages[`${dir ? `${dir}/` : ""}node_modules/${name}`];
    if (hit) return hit;
    if (!dir) return undefined;
    const i = dir.lastIndexOf("/node_modules/");
    dir = i < 0 ? "" : dir.slice(0, i);
  }
}

const PLATFORMS = ["darwin", "win32", "linux"];
const FAMILIES = ["@rollup/rollup-", "@tailwindcss/oxide-", "@esbuild/", "lightningcss-"];

describe("package-lock.json installs with `npm ci` on every platform", () => {
  it("is a v3 lockfile", () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
  });

  it("locks every optional dependency of every locked package", () => {
    const missing: string[] = [];
    for (const [at, pkg] of entries) {
      for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
        if (!resolveFrom(at, name)) missing.push(`${at || "(root)"} → ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(FAMILIES)("locks the darwin, win32 and linux builds of %s*", (family) => {
    const parents = entries.filter(([, p]) =>
      Object.keys(p.optionalDependencies ?? {}).some((d) => d.startsWith(family)),
    );
    expect(parents.length, `nothing depends on ${family}*`).toBeGreaterThan(0);
    for (const [at, pkg] of parents) {
      const wanted = Object.keys(pkg.optionalDependencies!).filter((d) => d.startsWith(family));
      for (const os of PLATFORMS) {
        const locked = wanted.filter((d) => resolveFrom(at, d)?.os?.includes(os));
        expect(locked.length, `${at}: no ${os} build of ${family}* locked`).toBeGreaterThan(0);
      }
    }
  });
});
