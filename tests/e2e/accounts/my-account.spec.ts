import { expect, test } from "../../support/fixtures";
import { expectNoA11yViolations, gotoReady } from "../../support/e2e";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function signInElsewhere(browser: import("@playwright/test").Browser, email: string, password: string) {
  const ctx = await browser.newContext({ userAgent: FIREFOX });
  const page = await ctx.newPage();
  await page.goto("/representante/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/representante\/dashboard$/);
  return { ctx, page };
}

test("the session list shows both browsers and 'Sair de todos os outros dispositivos' ends the other one", async ({
  representative,
  browser,
}) => {
  // Several sign-ins (password hashing) in two browsers: slow on a loaded machine.
  test.slow();
  const { page, email, password } = representative;
  const other = await signInElsewhere(browser, email, password);

  await page.getByRole("link", { name: "Minha conta" }).click();
  await expect(page).toHaveURL(/\/representante\/conta$/);
  const sessions = page.getByRole("list", { name: "Sessões ativas" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "Esta sessão" })).toHaveCount(1);
  await expect(sessions.filter({ hasText: "Firefox 133 · Windows (computador)" })).toHaveCount(1);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Sair de todos os outros dispositivos" }).click();
  await expect(page.getByText("Sessões nos outros dispositivos encerradas.")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText("Esta sessão");

  await other.page.goto("/representante/indicacoes");
  await expect(other.page).toHaveURL(/\/representante\/login$/);
  await other.ctx.close();
});

test("changing the password asks the current one and ends the other session", async ({
  representative,
  browser,
}) => {
  // Several sign-ins (password hashing) in two browsers: slow on a loaded machine.
  test.slow();
  const { page, email, password } = representative;
  const other = await signInElsewhere(browser, email, password);

  await gotoReady(page, "/representante/conta");
  await page.getByLabel("Senha atual").fill("senha-errada-1");
  await page.getByLabel("Nova senha", { exact: true }).fill("senha-trocada-1");
  await page.getByLabel("Confirmar nova senha").fill("senha-trocada-1");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("A senha atual está incorreta.")).toBeVisible();

  await page.getByLabel("Senha atual").fill(password);
  await page.getByLabel("Nova senha", { exact: true }).fill("senha-trocada-1");
  await page.getByLabel("Confirmar nova senha").fill("senha-trocada-1");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(
    page.getByText("Senha alterada. As sessões nos outros dispositivos foram encerradas."),
  ).toBeVisible();
  // This browser stays signed in; the other one is out.
  await page.reload();
  await expect(page).toHaveURL(/\/representante\/conta$/);
  await other.page.goto("/representante/dashboard");
  await expect(other.page).toHaveURL(/\/representante\/login$/);

  await other.page.getByLabel("E-mail", { exact: true }).fill(email);
  await other.page.getByLabel("Senha").fill("senha-trocada-1");
  await other.page.getByRole("button", { name: "Entrar" }).click();
  await expect(other.page).toHaveURL(/\/representante\/dashboard$/);
  await other.ctx.close();
});

test("a representative renames themself; the portal header follows", async ({ representative }) => {
  const { page } = representative;
  await gotoReady(page, "/representante/conta");
  const field = page.getByRole("textbox", { name: "Nome", exact: true });
  await field.fill("A");
  await page.getByRole("button", { name: "Salvar nome" }).click();
  await expect(page.getByText("O nome deve ter pelo menos 3 caracteres.")).toBeVisible();
  await field.fill("Parceira Renomeada");
  await page.getByRole("button", { name: "Salvar nome" }).click();
  await expect(page.getByText("Nome atualizado.")).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Parceira Renomeada");
});

// The shared E2E admin is not renamed here (other specs run in parallel with it).
test("an admin reaches 'Minha conta' from the sidebar and sees this session", async ({ adminPage }) => {
  await adminPage.getByRole("link", { name: "Minha conta" }).click();
  await expect(adminPage).toHaveURL(/\/admin\/account$/);
  await expect(adminPage.getByRole("heading", { name: "Minha conta" })).toBeVisible();
  const sessions = adminPage.getByRole("list", { name: "Sessões ativas" }).getByRole("listitem");
  await expect(sessions.filter({ hasText: "Esta sessão" })).toHaveCount(1);
  await expectNoA11yViolations(adminPage);
});
