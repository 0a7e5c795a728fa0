// bench/mail-queue: the job queue and e-mail delivery, against a real SMTP server on loopback.
//
// 1. Drain: N messages recorded in the mail log (queueMail, in transactions of 100), then the
//    time until the SMTP server has received all of them → messages/s (goal ≥ 200/s).
// 2. Alert delay: the production server (node server.mjs) takes contact-form submissions at a
//    steady rate; for each, the time from the POST's answer to the new-lead alert arriving at
//    the SMTP server → p50/p95 (goal p95 ≤ 2 s).
//
//   npx tsx bench/mail-queue.ts [--db pglite|pg] [--messages 2000] [--contacts 100] [--rate 10]
//
// PostgreSQL mode creates the database bench_mail (dropped at the end). Ports: app 3305.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { arg } from "../scripts/lib/connect";
import { startSmtpServer } from "../tests/support/smtp";
import { HONEYPOT_FIELD } from "../app/modules/leads/contact.options";
import { createDatabase, databaseExists, dropDatabase, withDatabase } from "./lib/pg-admin";
import { ensureBuild, startApp } from "./lib/servers";
import { machine, percentile, sleep, stamp, table } from "./lib/stats";

const dbKind = (arg("db") ?? "pglite") as "pglite" | "pg";
const MESSAGES = Number(arg("messages") ?? 2000);
const CONTACTS = Number(arg("contacts") ?? 100);
const RATE = Number(arg("rate") ?? 10);
const SERVER = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbUrl = withDatabase(SERVER, "bench_mail");
const appPort = Number(arg("port") ?? 3305);
const OUT = path.resolve("bench/out");

async function freshPostgres() {
  if (await databaseExists(dbUrl)) await dropDatabase(dbUrl);
  await createDatabase(dbUrl);
}

async function waitUntil(check: () => boolean, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await sleep(10);
  }
  return true;
}

/** Part 1, in this process: the modules the server runs, on a fresh database. */
async function measureDrain(smtpUrl: string) {
  process.env.SMTP_URL = smtpUrl;
  process.env.LOG_LEVEL = "silent";
  const { openPglite, openPostgres, migrateDatabase, setDatabase } = await import("../app/db/client.server");
  const { resetEnvCache } = await import("../app/lib/env.server");
  const { JOBS } = await import("../app/jobs.server");
  const { startJobs, stopJobs } = await import("../app/server/jobs/queue.server");
  const { queueMail } = await import("../app/server/mail/mail.server");
  resetEnvCache();
  const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-mail-"));
  if (dbKind === "pg") await freshPostgres();
  const database = dbKind === "pg" ? await openPostgres(dbUrl) : await openPglite(tmp);
  await migrateDatabase(database);
  setDatabase(database);
  await startJobs({ database, databaseUrl: dbKind === "pg" ? dbUrl : undefined, jobs: JOBS, worker: false });
  const html = `<p>${"Conteúdo de teste. ".repeat(40)}</p>`;
  const tEnqueue = performance.now();
  for (let i = 0; i < MESSAGES; i += 100) {
    await database.db.transaction(async (tx) => {
      for (let j = i; j < Math.min(i + 100, MESSAGES); j++) {
        await queueMail(tx, {
          kind: "bench",
          to: `destino${j}@exemplo.com.br`,
          subject: `Mensagem ${j}`,
          html,
          text: `Mensagem ${j}`,
        });
      }
    });
  }
  const enqueueMs = performance.now() - tEnqueue;
  await stopJobs();
  return { database, tmp, enqueueMs, startJobs, stopJobs, JOBS };
}

async function main() {
  const sink = await startSmtpServer({ parse: false });
  const smtp = await startSmtpServer();
  mkdirSync(OUT, { recursive: true });

  // 1. Drain rate.
  const drain = await measureDrain(sink.url);
  const t0 = performance.now();
  await drain.startJobs({
    database: drain.database,
    databaseUrl: dbKind === "pg" ? dbUrl : undefined,
    jobs: drain.JOBS,
    worker: true,
  });
  const drained = await waitUntil(() => sink.count >= MESSAGES, 10 * 60_000);
  const drainMs = performance.now() - t0;
  const rate = (sink.count / drainMs) * 1000;
  await sink.close();
  console.log(
    `drain (${dbKind}): ${sink.count}/${MESSAGES} mensagens em ${(drainMs / 1000).toFixed(1)} s → ${rate.toFixed(0)} msg/s` +
      ` (gravar ${MESSAGES} no registro: ${(drain.enqueueMs / 1000).toFixed(1)} s)${drained ? "" : "  INCOMPLETO"}`,
  );
  await drain.stopJobs();
  await drain.database.close();
  rmSync(drain.tmp, { recursive: true, force: true });
  if (dbKind === "pg") await dropDatabase(dbUrl);

  // 2. Contact → alert delay, through the production server.
  const builtIn = ensureBuild();
  if (builtIn !== null) console.log(`build: ${builtIn.toFixed(1)} s`);
  if (dbKind === "pg") await freshPostgres();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-mail-app-"));
  const app = await startApp({
    port: appPort,
    logFile: path.join(OUT, "mail-queue-server.log"),
    env: {
      DATA_DIR: dataDir,
      ...(dbKind === "pg" ? { DATABASE_URL: dbUrl } : {}),
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: "admin@bench.dev",
      ADMIN_PASSWORD: "senha-bench-123",
      RATE_LIMIT_CONTACT: "1000000",
      LOG_LEVEL: "warn",
    },
  });
  const sentAt = new Map<string, number>();
  const delays: number[] = [];
  let refused = 0;
  try {
    // Warm up (first render, JIT) before measuring.
    await fetch(`${app.url}/`).then((r) => r.arrayBuffer());
    const tag = randomBytes(3).toString("hex");
    const started = performance.now();
    for (let i = 0; i < CONTACTS; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const name = `Atraso ${tag} ${i}`;
      void fetch(`${app.url}/_root.data?index`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
        body: new URLSearchParams({
          name,
          business: `Lanchonete ${i}`,
          phone: "(11) 98765-4321",
          email: `atraso.${tag}.${i}@exemplo.com.br`,
          plan: "unsure",
          message: "",
          [HONEYPOT_FIELD]: "",
        }),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.ok) sentAt.set(name, performance.now());
        else refused++;
      });
    }
    const arrivedAt = new Map<string, number>();
    await waitUntil(() => {
      for (const m of smtp.received) {
        const name = /^Novo lead: (.+) \(/.exec(m.subject)?.[1];
        if (name && !arrivedAt.has(name)) arrivedAt.set(name, m.at);
      }
      return arrivedAt.size >= CONTACTS - refused;
    }, 120_000);
    for (const [name, at] of sentAt) {
      const arrived = arrivedAt.get(name);
      if (arrived !== undefined) delays.push(arrived - at);
    }
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbKind === "pg") await dropDatabase(dbUrl);
    await smtp.close();
  }
  const p50 = percentile(delays, 50);
  const p95 = percentile(delays, 95);
  console.log(
    `alerta de novo lead (${dbKind}): ${delays.length}/${CONTACTS} recebidos (${refused} recusados), ` +
      `atraso p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, máx ${Math.max(...delays).toFixed(0)} ms`,
  );
  const report = [
    `### mail-queue — ${stamp()}`,
    "",
    `${machine()}; banco ${dbKind === "pg" ? "PostgreSQL" : "PGlite (embutido)"}; servidor SMTP real (smtp-server) em 127.0.0.1.`,
    "",
    table(
      ["medida", "resultado", "meta"],
      [
        [`envio de ${MESSAGES} mensagens do registro`, `${rate.toFixed(0)} msg/s`, "≥ 200 msg/s"],
        [`contato → alerta saindo (${delays.length} contatos a ${RATE}/s), p50`, `${p50.toFixed(0)} ms`, ""],
        ["contato → alerta saindo, p95", `${p95.toFixed(0)} ms`, "≤ 2 000 ms"],
      ],
    ),
    "",
  ].join("\n");
  writeFileSync(path.join(OUT, `mail-queue-${dbKind}.md`), report);
  console.log(`\n${report}`);
}

await main();
