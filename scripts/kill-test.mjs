#!/usr/bin/env node
// npm run security:kill [-- --db pg|pglite|both] [--rounds N] [--seconds S]
//
// Crash test: starts the production server, runs a bounded write load, SIGKILLs the server in
// the middle, restarts it on the same database and checks that
//   - every request that got a success answer is stored (durability),
//   - nothing is half-written (invariants below),
//   - the server serves again (pages and writes).
// On PostgreSQL (a scratch database next to KILL_TEST_DATABASE_URL / TEST_DATABASE_URL /
// postgres://postgres@127.0.0.1:5432/postgres) and on the embedded PGlite data directory.
//
// WORKLOADS is the pluggable list: each sends one probe first; a workload whose probe is not
// stored is reported as "not in this build" (its screen has not been merged yet), never as a pass.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";
import {
  loginCookie,
  pgliteDataDir,
  ROOT,
  scratchPostgres,
  startServer,
  TEST_ADMIN,
} from "./security/server-process.mjs";

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const MODES = opt("db", "both") === "both" ? ["pg", "pglite"] : [opt("db")];
const ROUNDS = Number(opt("rounds", 3));
const LOAD_MS = Number(opt("seconds", 4)) * 1000;
const CONCURRENCY = 8;
const PORT = 3319;
const PG_ADMIN_URL =
  process.env.KILL_TEST_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const SEEDED_LEADS = 40;

const run = Math.random().toString(36).slice(2, 7);
let seq = 0;
const uid = (p) => `${p}-${run}-${++seq}`;

async function post(url, path, form, cookie) {
  const headers = { origin: url, "content-type": "application/x-www-form-urlencoded" };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(url + path, {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  return res.status;
}
const success = (s) => s >= 200 && s < 400;

// ---------------------------------------------------------------------------------------------
// Pluggable workloads: request(ctx) → { key, status }; stored(q, keys) → keys found in the DB.
const WORKLOADS = [
  {
    name: "cadastro de representante (user + representatives, uma transação)",
    async request({ url }) {
      const key = `${uid("kill-rep")}@kill.dev`;
      const status = await post(url, "/representante/register", {
        name: "Representante Kill",
        email: key,
        password: "senha-kill-123",
        confirmPassword: "senha-kill-123",
      });
      return { key, status };
    },
    stored: (q, keys) => q(`select email as key from representatives where email = any($1)`, [keys]),
  },
  {
    name: "formulário de contato (POST /)",
    async request({ url }) {
      const key = `${uid("kill-lead")}@kill.dev`;
      const status = await post(url, "/?index", {
        name: "Contato Kill",
        business: "Restaurante Kill",
        phone: "(11) 99999-9999",
        email: key,
        plan: "unsure",
        message: "teste de queda",
      });
      return { key, status };
    },
    stored: (q, keys) => q(`select email as key from leads where email = any($1)`, [keys]),
  },
  {
    name: "novo cliente com plano (client + primeira assinatura)",
    async request({ url, adminCookie, planId }) {
      const key = `${uid("kill-client")}@kill.dev`;
      const status = await post(
        url,
        "/admin/clients/new",
        {
          name: "Cliente Kill",
          email: key,
          phone: "(11) 98888-7777",
          businessName: "Kill Bar",
          planId,
          status: "ativo",
        },
        adminCookie,
      );
      return { key, status };
    },
    stored: (q, keys) => q(`select email as key from clients where email = any($1)`, [keys]),
  },
  {
    name: "conversão de lead em cliente",
    async request({ url, adminCookie, nextLead }) {
      const lead = nextLead();
      if (!lead) return null;
      const status = await post(url, "/admin/leads", { intent: "convert", id: lead.id }, adminCookie);
      return { key: lead.email, status };
    },
    stored: (q, keys) => q(`select email as key from clients where email = any($1)`, [keys]),
  },
];

// Nothing half-written, whatever was interrupted.
const INVARIANTS = [
  [
    "usuário representante sem linha em representatives",
    `select count(*)::int as n from "user" u where u.role = 'representative'
       and not exists (select 1 from representatives r where r.auth_id = u.id)`,
  ],
  [
    "cliente com plano sem nenhuma assinatura",
    // Clients made by a lead conversion get no subscription (the funnel's conversion, SPEC §3): only
    // the client form writes the client and its first subscription together.
    `select count(*)::int as n from clients c where c.plan_id is not null
       and not exists (select 1 from subscriptions s where s.client_id = c.id)
       and not exists (select 1 from leads l where l.converted_client_id = c.id)`,
  ],
  [
    "lead convertido sem o seu cliente",
    `select count(*)::int as n from leads l where l.status_funil = 'convertido'
       and (l.converted_client_id is null or not exists (select 1 from clients c where c.id = l.converted_client_id))`,
  ],
];

// ---------------------------------------------------------------------------------------------
async function openQuery(mode, target) {
  if (mode === "pg") {
    const c = new pg.Client({ connectionString: target });
    c.on("error", () => {}); // the scratch database is dropped with (force) at the end
    await c.connect();
    return { q: async (sql, params) => (await c.query(sql, params)).rows, close: () => c.end() };
  }
  const db = await PGlite.create({ dataDir: path.join(target, "pglite"), extensions: { pg_trgm, unaccent } });
  return { q: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() };
}

async function seedLeads(mode, target) {
  const db = await openQuery(mode, target);
  const leads = [];
  for (let i = 0; i < SEEDED_LEADS; i++) {
    const email = `${uid("kill-conv")}@kill.dev`;
    const [row] = await db.q(
      // Only a lead in "negociando" can be converted (the funnel's last step before a client).
      `insert into leads (name, email, phone, business, plan, status, status_funil)
       values ('Lead Kill', $1, '(11) 97777-6666', 'Kill', 'Premium', 'negociando', 'negociando') returning id`,
      [email],
    );
    leads.push({ id: row.id, email });
  }
  const [plan] = await db.q(`select id from plans order by price_cents limit 1`);
  await db.close();
  return { leads, planId: plan?.id ?? "" };
}

async function round(mode, target, envBase, n) {
  const env = { ...envBase, LOG_LEVEL: "warn" };
  const { leads, planId } = await seedLeads(mode, target);
  let server = await startServer({ port: PORT, env });
  const adminCookie = await loginCookie(server.url, TEST_ADMIN);
  const ctx = { url: server.url, adminCookie, planId, nextLead: () => leads.shift() };

  const results = WORKLOADS.map((w) => ({ w, probe: null, acked: [], failed: 0, errors: 0 }));
  for (const r of results) r.probe = await r.w.request(ctx).catch(() => null);

  let stop = false;
  let killedAt = 0;
  const worker = async (r) => {
    while (!stop) {
      try {
        const out = await r.w.request(ctx);
        if (!out) return;
        if (success(out.status)) r.acked.push(out.key);
        else r.failed++;
      } catch {
        r.errors++; // connection cut by the kill: not acknowledged, may or may not be stored
      }
    }
  };
  const workers = results.flatMap((r) =>
    Array.from({ length: Math.ceil(CONCURRENCY / WORKLOADS.length) }, () => worker(r)),
  );
  const loadStart = Date.now();
  await new Promise((res) => setTimeout(res, LOAD_MS));
  killedAt = Date.now();
  await server.kill();
  stop = true;
  await Promise.all(workers);

  const restartStart = Date.now();
  server = await startServer({ port: PORT, env });
  const restartMs = Date.now() - restartStart;
  const home = await fetch(server.url + "/");
  const after = await WORKLOADS[0].request({ ...ctx, url: server.url });
  await server.stop();

  const db = await openQuery(mode, target);
  const lines = [];
  let ok = home.status === 200 && success(after.status);
  lines.push(`  reinício: ${restartMs} ms; GET / → ${home.status}; novo cadastro → ${after.status}`);
  for (const r of results) {
    const probeStored =
      r.probe && success(r.probe.status) ? (await r.w.stored(db.q, [r.probe.key])).length === 1 : false;
    if (!probeStored) {
      lines.push(
        `  - ${r.w.name}: não existe neste build (sonda ${r.probe?.status ?? "sem resposta"} não gravada) — ignorado`,
      );
      continue;
    }
    const found = new Set((await r.w.stored(db.q, r.acked)).map((x) => x.key));
    const missing = r.acked.filter((k) => !found.has(k));
    if (missing.length) ok = false;
    lines.push(
      `  - ${r.w.name}: ${r.acked.length} confirmadas (2xx/3xx), ${missing.length} perdidas` +
        `, ${r.failed} recusadas, ${r.errors} cortadas pela queda` +
        (missing.length ? ` → PERDIDAS: ${missing.slice(0, 3).join(", ")}` : ""),
    );
  }
  for (const [label, sql] of INVARIANTS) {
    const [{ n }] = await db.q(sql);
    if (Number(n) > 0) ok = false;
    lines.push(`  - invariante "${label}": ${n} ${Number(n) === 0 ? "ok" : "VIOLADA"}`);
  }
  await db.close();
  console.log(
    `${mode} rodada ${n}: ${ok ? "OK" : "FALHOU"} (SIGKILL após ${killedAt - loadStart} ms de carga)`,
  );
  console.log(lines.join("\n"));
  return ok;
}

async function main() {
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) {
    const b = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
    if (b.status !== 0) process.exit(1);
  }
  const verdicts = [];
  for (const mode of MODES) {
    let target;
    let cleanup;
    let env;
    if (mode === "pg") {
      const scratch = await scratchPostgres(PG_ADMIN_URL, "kill");
      target = scratch.url;
      cleanup = scratch.drop;
      env = { DATABASE_URL: scratch.url };
      // First boot migrates the empty database and creates the admin and the demo plans.
      await (await startServer({ port: PORT, env: { ...env, LOG_LEVEL: "warn" } })).stop();
    } else {
      target = await pgliteDataDir(PORT);
      cleanup = async () => rmSync(target, { recursive: true, force: true });
      env = { DATA_DIR: target, DATABASE_URL: "" };
    }
    env = { ...env, RATE_LIMIT_LOGIN: "100000", RATE_LIMIT_REGISTER: "100000", RATE_LIMIT_CONTACT: "100000" };
    console.log(
      `\n=== ${mode === "pg" ? "PostgreSQL" : "PGlite (embutido)"}: ${ROUNDS} rodadas, ${LOAD_MS / 1000}s de carga cada`,
    );
    let all = true;
    for (let i = 1; i <= ROUNDS; i++) {
      try {
        all = (await round(mode, target, env, i)) && all;
      } catch (err) {
        all = false;
        console.log(`${mode} rodada ${i}: FALHOU — ${err.message.split("\n").slice(0, 8).join("\n")}`);
        break;
      }
    }
    verdicts.push([mode, all]);
    await cleanup();
  }
  console.log("\n=== Veredito");
  for (const [mode, ok] of verdicts)
    console.log(`${mode}: ${ok ? "OK — nada perdido, nada pela metade, voltou a servir" : "FALHOU"}`);
  process.exit(verdicts.every(([, ok]) => ok) ? 0 : 1);
}

await main();
