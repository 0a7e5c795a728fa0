import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Vite sets BASE_URL="/" for its own use; the app reads BASE_URL as its public URL.
    env: {
      BASE_URL: "http://localhost:3000",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      LOG_LEVEL: "silent",
    },
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
