import type { PGlite } from "@electric-sql/pglite";
import { chmodSync, existsSync, unlinkSync } from "node:fs";
import { createServer, request } from "node:http";
import path from "node:path";
import { log } from "~/server/logging/logger.server";

/**
 * Backups of the embedded database while the server runs. PGlite lives inside the server's
 * process and no second process may open its files, so `npm run db:backup` asks the server
 * itself, over a Unix socket in DATA_DIR (reachable only by whoever may read DATA_DIR, which
 * holds the data and the secret anyway; no HTTP port, no credentials). The server answers with
 * a copy taken between two transactions: see consistentDump.
 */

export const BACKUP_SOCKET = "backup.sock";

export function backupSocketPath(dataDir: string): string {
  return path.resolve(dataDir, BACKUP_SOCKET);
}

/**
 * A gzipped tar of the data directory as of one instant between transactions: PGlite's
 * transaction lock is held (no other query or transaction runs meanwhile, so none is caught
 * half-way), a CHECKPOINT writes every change to the data files, then dumpDataDir copies them.
 * Everything else waits for the copy (a second or so on the demo database).
 */
export async function consistentDump(pglite: PGlite): Promise<Blob> {
  return pglite.transaction(async (tx) => {
    await tx.exec("checkpoint");
    return pglite.dumpDataDir("gzip");
  });
}

/** Serves POST /backup on DATA_DIR/backup.sock; returns its close(). */
export async function startBackupSocket({
  pglite,
  dataDir,
}: {
  pglite: PGlite;
  dataDir: string;
}): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  // A socket path is limited to about 100 bytes; a deeper DATA_DIR backs up with the server stopped.
  if (Buffer.byteLength(socket) > 100) {
    log.warn({ socket }, "backup socket path too long: npm run db:backup will need the server stopped");
    return async () => {};
  }
  // Left behind by a process that died: nobody listens on it.
  if (existsSync(socket)) unlinkSync(socket);
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/backup") {
      res.writeHead(404).end();
      return;
    }
    const started = performance.now();
    consistentDump(pglite)
      .then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer());
        res.writeHead(200, { "Content-Type": "application/gzip", "Content-Length": bytes.length });
        res.end(bytes);
        log.info(
          { bytes: bytes.length, ms: Math.round(performance.now() - started) },
          "embedded database backed up",
        );
      })
      .catch((err: unknown) => {
        log.error({ err }, "embedded database backup failed");
        res.writeHead(500).end();
      });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socket, () => resolve());
    });
    chmodSync(socket, 0o600);
  } catch (err) {
    // A platform or file system without Unix sockets: the server runs; backups need it stopped.
    log.warn({ err, socket }, "backup socket unavailable: npm run db:backup will need the server stopped");
    return async () => {};
  }
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * The client side (npm run db:backup): asks the running server for a backup. Null when no server
 * answers on the socket (none runs, or it died and left its files behind).
 */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: "/backup", method: "POST" }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`o servidor respondeu ${res.statusCode} ao pedido de backup`)),
      );
      res.on("error", reject);
    });
    req.on("error", (err: NodeJS.ErrnoException) =>
      err.code === "ECONNREFUSED" || err.code === "ENOENT" ? resolve(null) : reject(err),
    );
    req.end();
  });
}
