import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { PGLITE_FILES, POSTGRES_ONLY_FILES } from "./tests/engines.ts";

// TEST_ENGINE=pglite: only the engine-sensitive files (tests/engines.ts), as `npm test` runs them
// on PGlite after the whole suite on PostgreSQL. Without a PostgreSQL (TEST_DATABASE_URL), the
// files that compare with it are left out.
const pgliteSubset = process.env.TEST_ENGINE === "pglite";
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: pgliteSubset
      ? Object.keys(PGLITE_FILES)
      : ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    exclude: ["**/node_modules/**", ...(onPostgres ? [] : Object.keys(POSTGRES_ONLY_FILES))],
    environment: "node",
    // Vite sets BASE_URL="/" for its own use; the app reads BASE_URL as its public URL.
    env: {
      BASE_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      LOG_LEVEL: "silent",
    },
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/per-file.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    // A worker imports the app once for all its files, not once per file (that was half of the
    // suite's time, issue 42). Each file still has its own database (tests/support/db.ts), and
    // tests/support/per-file.ts puts the environment, the clock and the caches back after it.
    isolate: false,
  },
});
