import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";
import tseslint from "typescript-eslint";

// Layering (DESIGN §3, docs/architecture.md), one way only:
//   routes → modules → server → db/lib          (routes may also use server and db/lib directly,
//   components → modules (*.schema, types) → lib  but never the database)
// - routes never import the database;
// - modules, components, server, db and lib never import routes;
// - server (infrastructure) never imports a domain module; db and lib import neither;
// - code that can reach the browser (components, lib, *.schema.ts) imports no database and no
//   *.server module at run time (types are fine: they vanish from the bundle).
// import-x/no-cycle keeps the whole tree free of import cycles.
const noRoutes = { group: ["~/routes/*", "**/routes/*"], message: "Only the route table imports routes." };
const noDb = {
  group: ["~/db/*", "**/db/client.server", "**/db/schema*"],
  message: "Routes go through app/modules, never the database.",
};
const noModules = {
  group: ["~/modules/*", "**/modules/*"],
  message: "db, lib and server are below the domain: no module imports (emit an event instead).",
};
/** The database schema takes the domain's status lists (client-safe *.constants) and nothing else. */
const noModulesButConstants = {
  group: ["~/modules/*/*", "**/modules/*/*", "!~/modules/*/*.constants", "!**/modules/*/*.constants"],
  message: "The database imports only the domains' *.constants files (client-safe lists).",
};
const noServer = {
  group: ["~/server/*", "!~/server/logging", "**/server/*", "!**/server/logging"],
  message: "db/lib are the bottom layer; only the logger is shared with them.",
};
const browserSafe = {
  group: ["~/db/*", "**/db/*", "*.server", "**/*.server"],
  message: "Runs in the browser: no database or *.server module at run time (import type is fine).",
  allowTypeImports: true,
};
const zodOnlyThroughLib = {
  name: "zod",
  message: "Import { z } from ~/lib/zod (jitless, CSP).",
  allowTypeImports: true,
};
/**
 * Between domain modules: another module is entered by its front door (`index.server.ts`, kept by
 * scripts/front-doors.mjs) or its client-safe `*.constants` / `*.schema`, never by its internals;
 * a module's own files import each other freely (docs/architecture.md, "Modules").
 */
const frontDoorsOnly = (module) => ({
  group: [
    "~/modules/*/*",
    "!~/modules/*/index.server",
    "!~/modules/*/*.constants",
    "!~/modules/*/*.schema",
    `!~/modules/${module}/**`,
  ],
  message:
    "Outro módulo entra pela porta da frente: ~/modules/<módulo>/index.server (node scripts/front-doors.mjs).",
});
const MODULES = readdirSync(new URL("./app/modules", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/** One rule entry per file group (a later entry of the same rule replaces an earlier one). */
const restrict = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { paths: [zodOnlyThroughLib], patterns }],
});

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
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
    plugins: { "import-x": importX },
    settings: {
      // The plugin's TypeScript settings (parsers, extensions), with the `~` alias resolved from
      // tsconfig.json's paths.
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
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
  // Logs go through app/server/logging (pino, with the request id); scripts/ print as they like.
  { files: ["app/**"], rules: { "no-console": "error" } },
  { files: ["app/**"], ignores: ["app/lib/zod.ts"], rules: restrict() },
  { files: ["app/routes/**"], rules: restrict(noDb) },
  ...MODULES.map((m) => ({ files: [`app/modules/${m}/**`], rules: restrict(noRoutes, frontDoorsOnly(m)) })),
  {
    files: ["app/modules/**/*.schema.ts", "app/modules/**/*.constants.ts"],
    rules: restrict(noRoutes, browserSafe),
  },
  { files: ["app/components/**"], rules: restrict(noRoutes, browserSafe) },
  { files: ["app/server/**"], rules: restrict(noRoutes, noModules) },
  { files: ["app/db/**"], rules: restrict(noRoutes, noModulesButConstants, noServer) },
  // A domain's constants are plain lists: they import nothing, so anything may import them.
  {
    files: ["app/modules/**/*.constants.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["*"], message: "Constants import nothing." }] },
      ],
    },
  },
  { files: ["app/lib/**"], ignores: ["app/lib/zod.ts"], rules: restrict(noRoutes, noModules, noServer) },
  {
    files: ["app/lib/**"],
    ignores: ["app/lib/zod.ts", "app/lib/**/*.server.ts"],
    rules: restrict(noRoutes, noModules, noServer, browserSafe),
  },
  // One clock: a module asks `now()`/`today()` of app/server/clock.server.ts, which tests and the
  // E2E test clock move; the system time is read there only. An exception says why on its line.
  {
    files: ["app/modules/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Use now() de ~/server/clock.server (o relógio que os testes movem).",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Use now() de ~/server/clock.server (o relógio que os testes movem).",
        },
      ],
    },
  },
  // Tests exercise routes and the database directly on purpose.
  {
    files: ["**/*.test.ts", "**/*.property.ts", "tests/**"],
    rules: { "@typescript-eslint/no-restricted-imports": "off", "no-console": "off" },
  },
);
