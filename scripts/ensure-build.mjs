// `npm start` on a fresh clone: build once when there is no production build yet.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!existsSync(path.join(dir, "server/index.js")) || !existsSync(path.join(dir, "site-script/site.js"))) {
  console.log("Nenhum build encontrado: executando `npm run build`...");
  execSync("npm run build", { stdio: "inherit" });
}
