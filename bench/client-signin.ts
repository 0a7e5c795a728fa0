// bench/client-signin: does "Entrar" at /cliente/entrar answer a client's address as fast as an
// unknown one? A difference tells anyone which addresses are clients'.
//
// Starts the production server (node server.mjs, demo data, a real SMTP server on loopback), then
// POSTs the sign-in form (`/cliente/entrar.data`, what the page sends) alternately for a client's
// address and an unknown one, one request at a time, after a warm-up: `--requests` answers timed
// (default 200, half each). Each answer is timed alone: after a client's request the bench waits
// for its link to reach the SMTP server (the job it queued has ended), then `--gap-ms` after every
// request (default 300 ms: the queue wakes its worker twice after an enqueue, the second time
// 165 ms later, and that trailing work of one request must not land in the next one's time; with
// 50 ms the answer after a client's was measurably slower on PostgreSQL). Prints both medians,
// their difference (goal < 10 %), p90, and what the SMTP server received (links for the client
// only: the two kinds of request did end differently, in the background).
//
//   npx tsx bench/client-signin.ts [--requests 200] [--warmup 20] [--gap-ms 300] [--db pglite|pg] [--port 3308]
//
// PostgreSQL mode creates the database bench_signin (dropped at the end). Everything listens on
// 127.0.0.1; the loop is bounded by --requests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_CLIENT_AREA_EMAIL } from "../app/server/dev-data/demo-business-content";
import { arg } from "../scripts/lib/connect";
import { startSmtpServer } from "../tests/support/smtp";
import { createDatabase, databaseExists, dropDatabase, withDatabase } from "./lib/pg-admin";
import { ensureBuild, startApp } from "./lib/servers";
import { machine, percentile, sleep, stamp, table } from "./lib/stats";

const dbKind = (arg("db") ?? "pglite") as "pglite" | "pg";
const REQUESTS = Number(arg("requests") ?? 200);
const WARMUP = Number(arg("warmup") ?? 20);
const GAP_MS = Number(arg("gap-ms") ?? 300);
const appPort = Number(arg("port") ?? 3308);
const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbUrl = withDatabase(SERVER, "bench_signin");
const OUT = path.resolve("bench/out");
const CLIENT = DEMO_CLIENT_AREA_EMAIL;
const UNKNOWN = "ninguem.aqui@exemplo.com.br";

async function main() {
  if (!(REQUESTS > 0 && REQUESTS <= 10_000 && WARMUP >= 0 && GAP_MS >= 0))
    throw new Error("--requests entre 1 e 10000, --warmup e --gap-ms ≥ 0");
  const built = ensureBuild();
  if (built !== null) console.log(`build: ${built.toFixed(1)} s`);
  const smtp = await startSmtpServer();
  if (dbKind === "pg") {
    if (await databaseExists(dbUrl)) await dropDatabase(dbUrl);
    await createDatabase(dbUrl);
  }
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-signin-"));
  console.log(`iniciando o servidor (${dbKind}, dados de demonstração)…`);
  const app = await startApp({
    port: appPort,
    logFile: path.join(OUT, "client-signin-server.log"),
    timeoutMs: 240_000,
    env: {
      DATA_DIR: dataDir,
      ...(dbKind === "pg" ? { DATABASE_URL: dbUrl } : {}),
      SEED_DEMO: "true",
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: "admin@bench.dev",
      ADMIN_PASSWORD: "senha-bench-123",
      // The limit counts per address and per client address: here every request is one address.
      RATE_LIMIT_CLIENT_LINK: "1000000",
      LOG_LEVEL: "warn",
    },
  });
  const times: Record<"client" | "unknown", number[]> = { client: [], unknown: [] };
  const bodies = new Set<string>();
  const statuses = new Set<number>();
  try {
    const ask = async (email: string) => {
      const started = performance.now();
      const res = await fetch(`${app.url}/cliente/entrar.data`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({ email }),
      });
      const body = await res.text();
      const ms = performance.now() - started;
      statuses.add(res.status);
      bodies.add(body);
      return ms;
    };
    const linksReceived = () => smtp.received.filter((m) => m.to.includes(CLIENT)).length;
    /** A client's request is followed by its job (token, message, delivery): let it end first. */
    const settle = async (links: number) => {
      const until = Date.now() + 10_000;
      while (linksReceived() < links && Date.now() < until) await sleep(5);
      if (GAP_MS) await sleep(GAP_MS);
    };
    let links = 0;
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const kind = i % 2 === 0 ? "client" : "unknown";
      const ms = await ask(kind === "client" ? CLIENT : UNKNOWN);
      if (i >= WARMUP) times[kind].push(ms);
      if (kind === "client") links++;
      await settle(links);
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbKind === "pg") await dropDatabase(dbUrl);
    await smtp.close();
  }
  const toClient = smtp.received.filter((m) => m.to.includes(CLIENT)).length;
  const toUnknown = smtp.received.filter((m) => m.to.includes(UNKNOWN)).length;
  const med = { client: percentile(times.client, 50), unknown: percentile(times.unknown, 50) };
  const diff = (Math.abs(med.client - med.unknown) / Math.min(med.client, med.unknown)) * 100;
  const row = (label: string, s: number[]) => [
    label,
    s.length,
    `${percentile(s, 50).toFixed(1)} ms`,
    `${percentile(s, 90).toFixed(1)} ms`,
    `${Math.min(...s).toFixed(1)} ms`,
  ];
  const report = [
    `### client-signin — ${stamp()}`,
    "",
    `${machine()}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")}; banco ${dbKind === "pg" ? "PostgreSQL" : "PGlite (embutido)"}; ` +
      `POST /cliente/entrar.data, ${REQUESTS} pedidos alternados após ${WARMUP} de aquecimento, um de cada vez ` +
      `(depois de um pedido do cliente, espera o link chegar ao SMTP), mais ${GAP_MS} ms entre eles.`,
    "",
    table(
      ["endereço", "pedidos", "mediana", "p90", "mínimo"],
      [row(`de cliente (${CLIENT})`, times.client), row(`desconhecido (${UNKNOWN})`, times.unknown)],
    ),
    "",
    `diferença entre as medianas: ${diff.toFixed(1)} % (meta < 10 %) → ${diff < 10 ? "OK" : "ACIMA DA META"}`,
    `respostas: status ${[...statuses].join(", ")}; ${bodies.size === 1 ? "corpo idêntico" : `${bodies.size} corpos diferentes`} para os dois endereços`,
    `e-mails recebidos pelo SMTP: ${toClient} para o cliente, ${toUnknown} para o endereço desconhecido`,
    "",
  ].join("\n");
  writeFileSync(path.join(OUT, `client-signin-${dbKind}.md`), report);
  console.log(`\n${report}`);
}

await main();
