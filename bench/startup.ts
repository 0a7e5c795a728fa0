// bench/startup: `npm run build` duration, and the time from starting the production server to
// its first 200 on / (PGlite with demo data): first start on an empty data directory (initdb +
// migrations + demo data), then restarts, with `node server.mjs` and with `npm start`.
//
//   npx tsx bench/startup.ts [--restarts 3] [--no-build] [--port 3303]
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { arg } from "../scripts/lib/connect";
import { startApp, waitFor200 } from "./lib/servers";
import { machine, median, stamp, table } from "./lib/stats";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";

const restarts = Number(arg("restarts") ?? 3);
const port = Number(arg("port") ?? 3303);
const OUT = path.resolve("bench/out");
const secret = randomBytes(32).toString("hex");

function timeBuild(): number {
  const started = performance.now();
  const r = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (r.status !== 0) throw new Error("npm run build falhou");
  return (performance.now() - started) / 1000;
}

async function nodeStart(dataDir: string): Promise<number> {
  const app = await startApp({
    port,
    env: { DATA_DIR: dataDir, DATABASE_URL: "", AUTH_SECRET: secret, LOG_LEVEL: "warn" },
    logFile: path.join(OUT, "startup-server.log"),
    readyPath: "/",
    timeoutMs: 180_000,
  });
  await app.stop();
  return app.readyMs;
}

/** `npm start` (prestart checks the build, then node server.mjs) to the first 200 on /. */
async function npmStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_SECRET: secret,
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
    detached: true,
  });
  try {
    await waitFor200(`http://127.0.0.1:${port}/`, 180_000, child);
    return performance.now() - started;
  } finally {
    // npm runs node as a child: signal the whole group we started.
    await new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      process.kill(-child.pid!, "SIGTERM");
    });
  }
}

function pgliteBreakdown(dataDir: string) {
  const r = spawnSync("npx", ["tsx", "bench/lib/pglite-open.ts", path.join(dataDir, "pglite")], {
    encoding: "utf8",
  });
  const line = r.stdout.trim().split("\n").at(-1) ?? "{}";
  return JSON.parse(line) as Record<string, number>;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const buildSeconds = process.argv.includes("--no-build") ? NaN : timeBuild();
  if (Number.isFinite(buildSeconds)) console.log(`npm run build: ${buildSeconds.toFixed(1)} s`);
  const dataDir = path.join(OUT, "startup-data");
  rmSync(dataDir, { recursive: true, force: true });
  const first = await nodeStart(dataDir);
  console.log(`primeiro início (diretório vazio): ${(first / 1000).toFixed(2)} s`);
  const again: number[] = [];
  const viaNpm: number[] = [];
  for (let i = 0; i < restarts; i++) {
    again.push(await nodeStart(dataDir));
    viaNpm.push(await npmStart(dataDir));
    console.log(
      `reinício #${i + 1}: node ${(again.at(-1)! / 1000).toFixed(2)} s, npm start ${(viaNpm.at(-1)! / 1000).toFixed(2)} s`,
    );
  }
  const breakdown = pgliteBreakdown(dataDir);
  console.log("PGlite (processo à parte):", breakdown);
  const s = (x: number) => `${(x / 1000).toFixed(2)} s`;
  const report = [
    `### startup — ${stamp()}`,
    "",
    `${machine()}; PGlite com dados de demonstração; até o primeiro 200 em / (mediana de ${restarts} reinícios).`,
    "",
    table(
      ["medida", "tempo"],
      [
        ["npm run build", Number.isFinite(buildSeconds) ? `${buildSeconds.toFixed(1)} s` : "—"],
        ["1º início, diretório vazio (initdb + migrações + demo) — node server.mjs", s(first)],
        ["reinício — node server.mjs", s(median(again))],
        ["reinício — npm start", s(median(viaNpm))],
        ["  PGlite: import do módulo", s(breakdown.importMs)],
        ["  PGlite: abrir o diretório existente", s(breakdown.openMs)],
        ["  PGlite: migrações (nada a aplicar)", s(breakdown.migrateMs)],
        ["  PGlite: primeira consulta", s(breakdown.firstQueryMs)],
      ],
    ),
  ].join("\n");
  console.log(`\n${report}\n`);
  writeFileSync(path.join(OUT, "startup.md"), report + "\n");
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
