import { defineConfig } from "vitest/config";

// Checks over the production build (tests/build): run by scripts/test-all.sh after `npm run build`.
export default defineConfig({
  test: { include: ["tests/build/**/*.test.ts"], environment: "node" },
});
