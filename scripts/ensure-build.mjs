// `npm start` on a fresh clone: build once when there is no production build yet, quietly, so
// that the admin's credentials printed at the first boot are not buried under ~240 lines of
// build output. One line says what is happening, one how long it took; on failure the build's
// whole output is shown (issue 27 item 7).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** True when `dir` holds both parts of a production build. */
export function hasBuild(dir) {
  return (
    existsSync(path.join(dir, "server/index.js")) &&
    existsSync(path.join(dir, "site-script/site.js")) &&
    existsSync(path.join(dir, "site-script/client-area.js"))
  );
}

/**
 * Builds with `command` when `dir` has no build. Resolves to "present" or "built"; rejects after
 * printing the captured output when the build fails. `print` receives the lines for the person.
 */
export function ensureBuild({ dir, command = "npm run -s build", print = console.log, now = Date.now }) {
  if (hasBuild(dir)) return Promise.resolve("present");
  print("Nenhum build encontrado: gerando o build de produção (npm run build, cerca de 1 minuto)...");
  const started = now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (c) => output.push(c));
    child.stderr.on("data", (c) => output.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) {
        print(`Build pronto em ${Math.round((now() - started) / 1000)} s.`);
        resolve("built");
      } else {
        print(Buffer.concat(output).toString("utf8").trimEnd());
        print(`O build falhou (código ${code}); a saída completa está acima.`);
        reject(new Error(`build failed with code ${code}`));
      }
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureBuild({ dir: path.resolve(process.env.BUILD_DIR ?? "build") }).catch(() => process.exit(1));
}
