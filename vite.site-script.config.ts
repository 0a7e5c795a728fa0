import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The public pages' progressive-enhancement script (app/site-script/site.ts), built apart from
// the React Router app: one classic script with no framework, inlined by the public layout
// (docs/decisions/018-public-site-as-plain-html.md).
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  envDir: false,
  publicDir: false,
  build: {
    outDir: `${process.env.BUILD_DIR ?? "build"}/site-script`,
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    lib: {
      entry: fileURLToPath(new URL("./app/site-script/site.ts", import.meta.url)),
      formats: ["iife"],
      name: "siteScript",
      fileName: () => "site.js",
    },
  },
});
