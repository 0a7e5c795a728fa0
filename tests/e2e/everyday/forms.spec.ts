// Issue 17 item 5: forms that do not lose work, read reais as a Brazilian types them, refuse
// duplicate features and speak when a field is left, not on the first keystroke.
import { type Page } from "@playwright/test";
import { expect, test } from "../../support/fixtures";
import { expectToast, unique } from "../../support/admin";

/** What a tab close or reload would do: true when the page asks the browser to confirm. */
const beforeUnloadAsks = (page: Page) =>
  page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test("money in reais as typed in Brazil; the same feature twice is refused", async ({ adminPage: page }) => {
  const name = unique("Plano Reais");
  await page.goto("/admin/plans/new");
  await page.getByLabel("Nome do plano").fill(name);
  await page.getByLabel("Preço mensal (R$)").fill("59,90");
  await page.getByLabel("Taxa de Ativação (R$)").fill("1.234,56");
  const feature = page.getByLabel("Adicionar funcionalidade");
  await feature.fill("Cardápio digital");
  await feature.press("Enter");
  await feature.fill("  cardapio DIGITAL ");
  await feature.press("Enter");
  await expect(page.getByText('A funcionalidade "Cardápio digital" já está na lista.')).toBeVisible();
  const list = page.getByRole("list", { name: "Funcionalidades do plano" });
  await expect(list.getByRole("listitem")).toHaveText(["Cardápio digital"]);
  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expectToast(page, "Plano criado com sucesso!");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(/R\$\s59,90\/mês/);
  await expect(row).toContainText(/R\$\s1\.234,56/);

  // A dot and two final digits is still a decimal point.
  await row.getByRole("link", { name: `Editar ${name}` }).click();
  await page.getByLabel("Preço mensal (R$)").fill("79.90");
  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expectToast(page, "Plano atualizado com sucesso!");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(/R\$\s79,90\/mês/);
});

test("unsaved changes: leaving asks first, in Portuguese; saving does not", async ({ adminPage: page }) => {
  await page.goto("/admin/blog/new");
  await expect(page.getByRole("textbox", { name: "Conteúdo" })).toBeVisible();
  // Nothing typed yet: nothing to lose.
  expect(await beforeUnloadAsks(page)).toBe(false);
  await page.getByLabel("Título", { exact: true }).fill("Rascunho que não pode sumir");
  expect(await beforeUnloadAsks(page)).toBe(true);

  await page.getByRole("link", { name: "Planos" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Sair sem salvar?" });
  await expect(dialog).toContainText("Você tem alterações que ainda não foram salvas.");
  await dialog.getByRole("button", { name: "Continuar editando" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByLabel("Título", { exact: true })).toHaveValue("Rascunho que não pode sumir");

  await page.getByRole("link", { name: "Planos" }).click();
  await dialog.getByRole("button", { name: "Sair sem salvar" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);

  // Plan, client and settings forms ask too (their own submit goes through: see the plan test).
  for (const [url, label, value] of [
    ["/admin/plans/new", "Nome do plano", "Plano esquecido"],
    ["/admin/clients/new", "Nome do negócio", "Negócio esquecido"],
    ["/admin/settings", "Palavras-chave", "palavras esquecidas"],
  ] as const) {
    await page.goto(url);
    await page.getByLabel(label, { exact: true }).fill(value);
    expect(await beforeUnloadAsks(page)).toBe(true);
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Continuar editando" }).click();
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
});

test("a field's message appears when it is left, not on the first keystroke", async ({ adminPage: page }) => {
  await page.goto("/admin/clients/new");
  const email = page.getByLabel("E-mail", { exact: true });
  await email.pressSequentially("a");
  await expect(page.getByText("Informe um e-mail válido.")).toHaveCount(0);
  await email.press("Tab");
  await expect(page.getByText("Informe um e-mail válido.")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  // Fixed and left again: the message goes; other fields were never touched and stay quiet.
  await email.fill("cliente@exemplo.com.br");
  await email.press("Tab");
  await expect(page.getByText("Informe um e-mail válido.")).toHaveCount(0);
  await expect(page.getByText("Informe o nome do negócio.")).toHaveCount(0);
});
