// Runs the Playwright E2E suite against the production build, on the system Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findChromium } from "./find-chromium.mjs";

const chrome = findChromium();
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(buildDir, "server/index.js"))) {
  const b = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
const r = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROME_PATH: chrome, E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
rmSync(`${dataDir}-clock`, { recursive: true, force: true });
process.exit(r.status ?? 1);
