import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The app reads its environment at run time (app/lib/env.server.ts), never from .env files
  // at build time (`envDir: false` replaces the deprecated `envFile: false`).
  envDir: false,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: isSsrBuild
    ? {}
    : {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
              ],
            },
          },
        },
      },
}));
