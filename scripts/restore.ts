// npm run db:restore -- --in FILE --yes
// Replaces the current database with a backup made by `npm run db:backup`.
// PostgreSQL: pg_restore --clean piped to psql in one transaction. PGlite: the current data directory is kept
// aside (pglite.before-restore-<date>) and the backup is unpacked in its place; server stopped.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { openPglite } from "../app/db/client.server";
import { env } from "../app/lib/env.server";
import { arg } from "./lib/connect";

const e = env();
const file = arg("in");

function fail(pt: string, en: string): never {
  console.error(`ERRO: ${pt}\nERROR: ${en}`);
  process.exit(1);
}

if (!file || !existsSync(file))
  fail("informe o arquivo com --in ARQUIVO.", "pass the backup file with --in FILE.");
const target = e.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : path.resolve(e.DATA_DIR, "pglite");
if (!process.argv.includes("--yes")) {
  fail(
    `isto substitui TODOS os dados de ${target} pelo backup ${file}. Rode de novo com --yes para confirmar.`,
    `this replaces ALL data in ${target} with ${file}. Run again with --yes to confirm.`,
  );
}

if (e.DATABASE_URL) {
  // pg_restore --clean cannot drop the job queue's partitioned tables piece by piece (a
  // partition's primary key is inherited), so the pgboss schema is dropped whole first. Both go
  // through ONE psql transaction: on any error nothing is changed.
  const r = spawnSync(
    "bash",
    [
      "-o",
      "pipefail",
      "-c",
      // A pg_restore that fails half-way appends a statement that fails, so psql rolls back.
      `pg_restore -l "$1" >/dev/null && { echo 'DROP SCHEMA IF EXISTS pgboss CASCADE;'; pg_restore --clean --if-exists --no-owner --no-privileges -f - "$1" || { echo "DO \\$\\$ BEGIN RAISE EXCEPTION 'pg_restore falhou'; END \\$\\$;"; exit 1; }; } | psql --single-transaction -v ON_ERROR_STOP=1 -q -X -d "$2"`,
      "restore",
      file,
      e.DATABASE_URL,
    ],
    { stdio: ["ignore", "inherit", "inherit"] },
  );
  if (r.error)
    fail(`bash/pg_restore/psql não encontrado (${r.error.message}).`, "pg_restore/psql not found.");
  if (r.status !== 0)
    fail(
      `pg_restore terminou com código ${r.status}; nada foi alterado.`,
      `pg_restore failed (${r.status}); nothing changed.`,
    );
} else {
  const dir = target;
  if (existsSync(path.join(dir, "postmaster.pid")) && !process.argv.includes("--force")) {
    fail(
      "o servidor parece estar rodando (postmaster.pid presente). Pare o servidor antes de restaurar.",
      "the server seems to be running (postmaster.pid present). Stop it before restoring.",
    );
  }
  let kept: string | null = null;
  if (existsSync(dir)) {
    kept = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19)}`;
    renameSync(dir, kept);
  }
  try {
    const db = await openPglite(dir, new Blob([readFileSync(file)]));
    await db.close();
  } catch (err) {
    if (kept) renameSync(kept, dir);
    fail(
      `o backup não pôde ser aberto (${(err as Error).message}); dados originais mantidos.`,
      "backup could not be opened; original data kept.",
    );
  }
  if (kept) console.log(`Dados anteriores guardados em / previous data kept in: ${kept}`);
}
console.log(`Banco restaurado a partir de / database restored from: ${file}`);
