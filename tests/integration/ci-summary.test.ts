// The CI's last line ("N passed, M failed") counts every suite: PostgreSQL (Node 26), the PGlite
// files (Node 24), the build check and E2E; a missing report is a failure, not a silent gap.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const vitestReport = (passed: number, failed: number) =>
  JSON.stringify({ numTotalTestSuites: 1, numPassedTests: passed, numFailedTests: failed, testResults: [] });
const playwrightReport = JSON.stringify({ stats: { expected: 7, unexpected: 0, skipped: 0 }, errors: [] });

function summary(files: Record<string, string>): { line: string; code: number; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "summary-"));
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  try {
    const out = execFileSync(process.execPath, ["scripts/test-summary.mjs", dir], { encoding: "utf8" });
    return { line: out.trimEnd().split("\n").at(-1)!, code: 0, out };
  } catch (err) {
    const e = err as { stdout: string; status: number };
    return { line: e.stdout.trimEnd().split("\n").at(-1)!, code: e.status, out: e.stdout };
  }
}

const others = {
  "vitest-pg.json": vitestReport(90, 0),
  "vitest-build.json": vitestReport(3, 0),
  "e2e.json": playwrightReport,
};

describe("CI summary", () => {
  it("adds the PGlite run to the totals", () => {
    expect(summary({ ...others, "vitest-pglite.json": vitestReport(100, 2) })).toMatchObject({
      line: "200 passed, 2 failed",
      code: 1,
    });
    expect(summary({ ...others, "vitest-pglite.json": vitestReport(100, 0) })).toMatchObject({
      line: "200 passed, 0 failed",
      code: 0,
    });
  });

  it("fails when the PGlite run left no report", () => {
    expect(summary(others)).toMatchObject({ line: "100 passed, 1 failed", code: 1 });
  });

  // Issue 26: "no flaky (retried) test" must be readable from the CI log, not only the total.
  it("names a browser test that passed only on its retry, above the total", () => {
    const e2e = JSON.stringify({
      stats: { expected: 6, unexpected: 0, skipped: 0, flaky: 1 },
      errors: [],
      suites: [
        {
          file: "site/contact.spec.ts",
          specs: [],
          suites: [
            {
              title: "contato",
              specs: [
                {
                  title: "envia o formulário",
                  file: "site/contact.spec.ts",
                  tests: [{ status: "flaky", projectName: "chromium" }],
                },
                {
                  title: "mostra o FAQ",
                  file: "site/contact.spec.ts",
                  tests: [{ status: "expected", projectName: "chromium" }],
                },
              ],
            },
          ],
        },
      ],
    });
    const result = summary({ ...others, "e2e.json": e2e, "vitest-pglite.json": vitestReport(100, 0) });
    expect(result).toMatchObject({ line: "200 passed, 0 failed", code: 0 });
    expect(result.out).toContain("1 teste(s) instável(is), aprovado(s) só na repetição:");
    expect(result.out).toContain("site/contact.spec.ts › envia o formulário (chromium)");
    expect(result.out).not.toContain("mostra o FAQ");
    expect(summary({ ...others, "vitest-pglite.json": vitestReport(100, 0) }).out).not.toContain("instáve");
  });
});
