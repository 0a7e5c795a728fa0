// `npm run check:consistency`, run as a child process against an embedded data
// directory of its own: "Nenhuma diferença" and exit 0 on a consistent database; every difference
// with its ids and exit 1 once a history row disagrees with the subscriptions.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "~/db/client.server";

describe("npm run check:consistency", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "consistency-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = () =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn("npm", ["run", "-s", "check:consistency"], {
        env: { ...process.env, LOG_LEVEL: "silent", DATA_DIR: dir, DATABASE_URL: "" },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      child.on("close", (status) => resolve({ status, stdout, stderr }));
    });

  it("exits 0 on a consistent database and 1, with the ids, on a corrupted history", async () => {
    // An empty database (the script migrates it): nothing to disagree about.
    const clean = await run();
    expect(clean.status, clean.stderr).toBe(0);
    expect(clean.stdout).toContain("Nenhuma diferença");

    // A client whose history says R$ 89,90 a month with no subscription behind it.
    const db = await openPglite(path.join(dir, "pglite"));
    const [{ id }] = (
      await db.pglite!.query<{ id: string }>(
        `insert into clients (name, email, phone, business_name) values ('Corrompido', 'c@c.dev', '11999990000', 'C') returning id`,
      )
    ).rows;
    await db.pglite!.query(
      `insert into subscription_events (client_id, kind, effective_on, mrr_before_cents, mrr_after_cents)
       values ($1, 'inicio', '2026-01-05', 0, 8990)`,
      [id],
    );
    await db.close();
    const corrupted = await run();
    expect(corrupted.status, corrupted.stderr).toBe(1);
    expect(corrupted.stdout).toContain(`ids: ${id}`);
    expect(corrupted.stdout).toContain(
      "Receita mostra MRR R$\u00a089,90; as assinaturas em vigor somam R$\u00a00,00",
    );
  }, 120_000); // two npm processes on a shared machine
});
