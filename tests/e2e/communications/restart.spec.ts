import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSmtpServer } from "../../support/smtp";

// Its own server (port, data dir, SMTP server): it is killed with SIGKILL mid-way.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 40;
const SMTP_PORT = PORT + 1000;
const BASE = `http://localhost:${PORT}`;

function startApp(dataDir: string): ChildProcess {
  return spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      BASE_URL: BASE,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "admin@reinicio.dev",
      ADMIN_PASSWORD: "senha-reinicio-123",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
    },
    stdio: "ignore",
  });
}

async function healthy() {
  await expect
    .poll(
      () =>
        fetch(`${BASE}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(200);
}

test("SMTP down, lead submitted, app killed -9: after both come back the alert arrives once", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-restart-"));
  let app = startApp(dataDir);
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  try {
    await healthy();
    const name = `Reinício ${Date.now()}`;
    const res = await fetch(`${BASE}/?index`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: BASE },
      body: new URLSearchParams({
        name,
        business: "Cantina do Reinício",
        phone: "(11) 98765-4321",
        email: "reinicio@exemplo.com.br",
        plan: "unsure",
        message: "",
      }),
    });
    expect(res.status).toBeLessThan(400);
    // Let the worker try (and fail: nothing listens on the SMTP port), then kill it hard.
    await new Promise((r) => setTimeout(r, 2500));
    app.kill("SIGKILL");
    await new Promise((r) => app.once("exit", r));

    smtp = await startSmtpServer({ port: SMTP_PORT });
    app = startApp(dataDir);
    await healthy();
    const mine = () => smtp!.received.filter((m) => m.subject.startsWith(`Novo lead: ${name}`));
    // The failed attempt retries after its backoff (20 s), or at once if it never ran.
    await expect.poll(() => mine().length, { timeout: 90_000, intervals: [500] }).toBe(1);
    // And not again.
    await new Promise((r) => setTimeout(r, 5000));
    expect(mine()).toHaveLength(1);
    expect(mine()[0].to).toEqual(["admin@reinicio.dev"]);
  } finally {
    app.kill("SIGKILL");
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
