import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expectNoA11yViolations } from "../../support/e2e";

// Issue 28 item 7: without SMTP nothing says "enviado". The suite's server has SMTP, so this spec
// starts its own, without SMTP_URL (own port and data dir, like restart.spec.ts).
const PORT = Number(process.env.E2E_PORT ?? 3210) + 42;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: "admin@sem-smtp.dev", password: "senha-sem-smtp-123" };

function startApp(dataDir: string): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    BASE_URL: BASE,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
  };
  delete env.SMTP_URL;
  return spawn(process.execPath, ["server.mjs"], { env, stdio: "ignore" });
}

test("without SMTP the invitation says so and links to its message in the mail log", async ({ page }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-sem-smtp-"));
  const app = startApp(dataDir);
  try {
    await expect
      .poll(
        () =>
          fetch(`${BASE}/healthz`).then(
            (r) => r.status,
            () => 0,
          ),
        {
          timeout: 150_000,
          intervals: [500],
        },
      )
      .toBe(200);
    await page.goto(`${BASE}/admin/login`);
    await page.getByLabel("E-mail", { exact: true }).fill(ADMIN.email);
    await page.getByLabel("Senha").fill(ADMIN.password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto(`${BASE}/admin/users`);
    await expect(page.locator("html[data-hydrated]")).toBeAttached({ timeout: 15_000 });
    await page.getByRole("textbox", { name: "Nome", exact: true }).fill("Convidada Sem Smtp");
    await page.getByLabel("E-mail", { exact: true }).fill("convidada@sem-smtp.dev");
    await page.getByRole("button", { name: "Enviar convite", exact: true }).click();
    const notice = page.getByRole("status").filter({ hasText: "Convite criado — sem SMTP configurado" });
    await expect(notice).toHaveText("Convite criado — sem SMTP configurado: veja o e-mail em E-mails");
    await expect(page.getByText("Convite enviado")).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "convidada@sem-smtp.dev" })).toContainText(
      "Convite pendente",
    );
    await expectNoA11yViolations(page);

    await notice.getByRole("link", { name: "E-mails" }).click();
    await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Convite para o painel administrativo").first()).toBeVisible();
    await expect(page.getByText("convidada@sem-smtp.dev").first()).toBeVisible();
    // The mail log names the kind in pt-BR.
    await expect(page.getByText("Convite de administrador")).toBeVisible();
  } finally {
    app.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
