// Sums every JSON report in a folder (Vitest and Playwright) into one line "N passed, M failed".
// Playwright does not retry in CI (playwright.config.ts), so an unstable test fails the run. When
// retries are turned on (E2E_RETRIES), a test that passed only on its retry is counted as passed
// but named above the total.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "reports";
let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];

// Playwright's JSON nests suites (file → describe → …); a test whose outcome is "flaky" failed
// first and passed on its retry.
function collectFlaky(suite, file) {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === "flaky") flaky.push(`${spec.file ?? file} › ${spec.title} (${t.projectName})`);
    }
  }
  for (const child of suite.suites ?? []) collectFlaky(child, suite.file ?? file);
}
const expected = ["vitest-pg.json", "vitest-pglite.json", "vitest-build.json", "e2e.json"];
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
for (const name of expected) {
  if (!files.includes(name)) {
    console.log(`${name}: relatório ausente (suíte não rodou até o fim)`);
    failed += 1;
  }
}
for (const f of files) {
  const r = JSON.parse(readFileSync(path.join(dir, f), "utf8"));
  if ("numPassedTests" in r) {
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (
      r.numTotalTestSuites &&
      r.testResults?.some((t) => t.status === "failed" && !t.assertionResults?.length)
    ) {
      failed += 1; // a test file that failed to load
    }
  } else if (r.stats) {
    passed += r.stats.expected + (r.stats.flaky ?? 0);
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
    if (r.errors?.length) failed += r.errors.length;
    for (const suite of r.suites ?? []) collectFlaky(suite, suite.file);
  }
}
if (flaky.length) {
  console.log(`${flaky.length} teste(s) instável(is), aprovado(s) só na repetição:`);
  for (const name of flaky) console.log(`  - ${name}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
