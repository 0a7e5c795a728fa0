import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAIL_KIND_LABELS } from "./notifications.constants";

// The mail log names every kind in pt-BR, never a raw `auth.convite-admin`.
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe("mail kinds", () => {
  it("every kind queued anywhere in the app has a pt-BR label", () => {
    const kinds = new Set<string>();
    for (const file of sourceFiles("app")) {
      const text = readFileSync(file, "utf8");
      if (!text.includes("queueMail")) continue;
      for (const m of text.matchAll(/kind: "([a-z]+\.[a-z-]+)"/g)) kinds.add(m[1]);
    }
    expect(kinds.size).toBeGreaterThanOrEqual(8);
    const missing = [...kinds].filter((k) => !MAIL_KIND_LABELS[k]);
    expect(missing).toEqual([]);
    expect(MAIL_KIND_LABELS["auth.convite-admin"]).toBe("Convite de administrador");
  });
});
