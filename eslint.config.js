import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One-way imports (DESIGN §3): routes → modules → db/lib. Modules never import routes;
// routes never import the database; db/lib import neither.
const noRoutes = { group: ["~/routes/*", "**/routes/*"], message: "Modules/db/lib never import routes." };
const noDb = {
  group: ["~/db/*", "**/db/client.server", "**/db/schema*"],
  message: "Routes go through app/modules, never the database.",
};
const noModules = {
  group: ["~/modules/*", "**/modules/*"],
  message: "db/lib are the bottom layer: no module imports.",
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench/out/**",
      ".data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "jsx-a11y/no-autofocus": "off",
    },
  },
  { files: ["app/routes/**"], rules: { "no-restricted-imports": ["error", { patterns: [noDb] }] } },
  {
    files: ["app/modules/**", "app/components/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes] }] },
  },
  {
    files: ["app/db/**", "app/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noRoutes, noModules] }] },
  },
  // zod only through app/lib/zod.ts, which turns off its eval probe before any schema exists.
  {
    files: ["app/**"],
    ignores: ["app/lib/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Import { z } from ~/lib/zod (jitless, CSP).", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  // Tests exercise routes and the database directly on purpose.
  { files: ["**/*.test.ts", "tests/**"], rules: { "no-restricted-imports": "off" } },
);
