// npm run db:backup -- [--out FILE] [--force]
// PostgreSQL (DATABASE_URL): pg_dump in custom format (a consistent snapshot, server running).
// Embedded PGlite (DATA_DIR): a .tar.gz of the data directory. PGlite is single-process: while the
// server runs, the copy is made BY the server (asked over DATA_DIR/backup.sock, taken between two
// transactions: app/server/backup/embedded-backup.server.ts); with the server stopped, here.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openPglite } from "../app/db/client.server";
import { env } from "../app/lib/env.server";
import { requestBackup } from "../app/server/backup/embedded-backup.server";
import { arg } from "./lib/connect";

const e = env();
const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
const isPg = Boolean(e.DATABASE_URL);
const out = path.resolve(arg("out") ?? `backups/backup-${stamp}.${isPg ? "dump" : "tar.gz"}`);
mkdirSync(path.dirname(out), { recursive: true });

function fail(pt: string, en: string): never {
  console.error(`ERRO: ${pt}\nERROR: ${en}`);
  process.exit(1);
}

if (isPg) {
  const r = spawnSync(
    "pg_dump",
    ["--format=custom", "--no-owner", "--no-privileges", "--file", out, e.DATABASE_URL!],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  if (r.error)
    fail(
      `pg_dump não encontrado (${r.error.message}). Instale o cliente do PostgreSQL.`,
      `pg_dump not found.`,
    );
  if (r.status !== 0)
    fail(`pg_dump terminou com código ${r.status}.`, `pg_dump exited with code ${r.status}.`);
} else {
  const dir = path.resolve(e.DATA_DIR, "pglite");
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    fail(`nenhum banco embutido em ${dir}.`, `no embedded database in ${dir}.`);
  }
  const fromServer = await requestBackup(e.DATA_DIR).catch((err: Error) =>
    fail(`o servidor não conseguiu fazer o backup (${err.message}).`, `the server failed to back up.`),
  );
  if (fromServer) {
    writeFileSync(out, fromServer);
    console.log("Cópia feita pelo servidor em execução / copy made by the running server.");
  } else {
    if (existsSync(path.join(dir, "postmaster.pid")) && !process.argv.includes("--force")) {
      fail(
        `o servidor parece estar rodando (${dir}/postmaster.pid) mas não atendeu o pedido de backup ` +
          `(${path.resolve(e.DATA_DIR, "backup.sock")}). Pare o servidor e rode de novo ` +
          `(ou use --force se ele caiu sem fechar o banco).`,
        `the server seems to be running (postmaster.pid present) but did not answer on backup.sock. ` +
          `Stop it first, or pass --force after a crash.`,
      );
    }
    const db = await openPglite(dir);
    const dump = await db.pglite!.dumpDataDir("gzip");
    writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
    await db.close();
  }
}
console.log(`Backup salvo em / backup written to: ${out}`);
