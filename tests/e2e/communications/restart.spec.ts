import { expect, test, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { submitForm } from "../../support/e2e";
import { startSmtpServer } from "../../support/smtp";

// Its own server (port, data dir, SMTP server): it is killed with SIGKILL mid-way.
const PORT = Number(process.env.E2E_PORT ?? 3210) + 40;
const SMTP_PORT = PORT + 1000;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: "admin@reinicio.dev", password: "senha-reinicio-123" };

function startApp(dataDir: string): ChildProcess {
  return spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      BASE_URL: BASE,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
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

/** The lead alert's row in the mail log, as the admin sees it (status, attempts, last error). */
async function alertRow(page: Page, name: string): Promise<string> {
  await page.goto(`${BASE}/admin/emails`);
  const row = page.getByRole("row").filter({ hasText: `Novo lead: ${name}` });
  return (await row.count()) ? ((await row.first().innerText()) ?? "") : "";
}

test("SMTP down, lead submitted, app killed -9: after both come back the alert arrives once", async ({
  page,
}) => {
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
    // The worker tries and fails (nothing listens on the SMTP port): the admin's mail log shows
    // the alert still pending after one attempt, with the refused connection. Then a hard kill.
    await submitForm(page.request, `${BASE}/admin/login`, ADMIN, "/admin/dashboard");
    await expect
      .poll(() => alertRow(page, name), { timeout: 60_000 })
      .toMatch(/Pendente\s+1\s+.*ECONNREFUSED/s);
    app.kill("SIGKILL");
    await new Promise((r) => app.once("exit", r));

    smtp = await startSmtpServer({ port: SMTP_PORT });
    app = startApp(dataDir);
    await healthy();
    const mine = () => smtp!.received.filter((m) => m.subject.startsWith(`Novo lead: ${name}`));
    // The failed attempt retries after its backoff (20 s), or at once if it never ran.
    await expect.poll(() => mine().length, { timeout: 90_000, intervals: [500] }).toBe(1);
    // A new process: sign in again to read its mail log.
    await submitForm(page.request, `${BASE}/admin/login`, ADMIN, "/admin/dashboard");
    // Recorded as sent on its second attempt: a message marked sent is never delivered again
    // (the delivery job returns at once for it), so the one message is the only one.
    await expect.poll(() => alertRow(page, name), { timeout: 30_000 }).toMatch(/Enviado\s+2\s/);
    expect(mine()).toHaveLength(1);
    expect(mine()[0].to).toEqual([ADMIN.email]);
  } finally {
    app.kill("SIGKILL");
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
