// The slowest files and tests of each suite, from the JSON reports `npm test` writes
// (reports/*.json: Vitest's and Playwright's). `node scripts/test-durations.mjs [dir] [count]`.
// What to make faster is read here, never guessed: a suite's wall time is its slowest files'.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "reports";
const top = Number(process.argv[3] ?? 15);
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const rel = (file) => path.relative(process.cwd(), file);

/** Vitest: each file's duration (its first start to its last end) and each test's. */
function vitest(report) {
  const files = [];
  const tests = [];
  for (const f of report.testResults ?? []) {
    files.push({ name: rel(f.name), ms: (f.endTime ?? 0) - (f.startTime ?? 0) });
    for (const t of f.assertionResults ?? [])
      tests.push({ name: `${rel(f.name)} › ${t.fullName ?? t.title}`, ms: t.duration ?? 0 });
  }
  return { files, tests };
}

/** Playwright: the tests' durations summed per spec file (a file runs on one worker at a time). */
function playwright(report) {
  const perFile = new Map();
  const tests = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const name = spec.file ?? file;
      for (const t of spec.tests ?? []) {
        const ms = (t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
        perFile.set(name, (perFile.get(name) ?? 0) + ms);
        tests.push({ name: `${name} › ${spec.title} (${t.projectName})`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, suite.file ?? file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  return { files: [...perFile].map(([name, ms]) => ({ name, ms })), tests };
}

function print(title, rows) {
  console.log(`  ${title}`);
  for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, top)) console.log(`  ${secs(r.ms)}  ${r.name}`);
}

const names = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
if (!names.length) console.log(`Nenhum relatório em ${dir}: rode npm test antes.`);
for (const name of names) {
  const report = JSON.parse(readFileSync(path.join(dir, name), "utf8"));
  const isVitest = "numPassedTests" in report;
  const { files, tests } = isVitest ? vitest(report) : playwright(report);
  const wall = isVitest
    ? Math.max(0, ...(report.testResults ?? []).map((f) => f.endTime ?? 0)) - (report.startTime ?? 0)
    : (report.stats?.duration ?? 0);
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  console.log(
    `\n== ${name}: ${tests.length} testes em ${files.length} arquivos; duração ${secs(wall).trim()}, soma dos arquivos ${secs(total).trim()}`,
  );
  print(`${Math.min(top, files.length)} arquivos mais lentos`, files);
  print(`${Math.min(top, tests.length)} testes mais lentos`, tests);
}
