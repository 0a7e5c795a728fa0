import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The plain-HTML pages' progressive-enhancement scripts, built apart from the React Router app:
// one classic script each, with no framework, inlined by the pages that use them. The default
// mode builds the public site's (app/site-script/site.ts, docs/decisions/018-public-site-as-plain-html.md);
// `--mode client-area` the client area's (app/site-script/client-area.ts, decision 046), into the
// same folder (IIFE builds take one entry each).
export default defineConfig(({ mode }) => {
  const name = mode === "client-area" ? "client-area" : "site";
  return {
    resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
    envDir: false,
    publicDir: false,
    build: {
      outDir: `${process.env.BUILD_DIR ?? "build"}/site-script`,
      // The first build empties the folder; the second adds its file beside the first's.
      emptyOutDir: name === "site",
      target: "es2022",
      minify: true,
      lib: {
        entry: fileURLToPath(new URL(`./app/site-script/${name}.ts`, import.meta.url)),
        formats: ["iife"],
        name: name === "site" ? "siteScript" : "clientAreaScript",
        fileName: () => `${name}.js`,
      },
    },
  };
});
