import { expect, test } from "../../support/fixtures";
import { expectNoA11yViolations } from "../../support/e2e";

test("settings sections: notifications addresses and webhooks (SSRF refused, secret shown once, delete)", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/settings");
  const sections = page.getByRole("navigation", { name: "Seções das configurações" });
  await sections.getByRole("link", { name: "Notificações" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/notifications$/);
  const field = page.getByLabel("E-mails que recebem novos leads");
  await field.fill("vendas@loja.dev\nnao-e-email");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText('"nao-e-email" não é um e-mail válido.')).toBeVisible();
  // Saving real addresses would add recipients to the lead alerts other specs check in
  // parallel (the integration tests cover storing them): save the list empty instead.
  await field.fill("");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Notificações salvas com sucesso!")).toBeVisible();
  await expect(field).toHaveValue("");
  await expectNoA11yViolations(page);

  await sections.getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/webhooks$/);
  await page.getByLabel("URL").fill("http://169.254.169.254/latest/meta-data");
  await page.getByLabel("Novo lead (lead.created)").check();
  await page.getByRole("button", { name: "Cadastrar webhook" }).click();
  await expect(
    page.getByText("Endereço não permitido: endereços locais, privados ou internos não são permitidos."),
  ).toBeVisible();

  const url = `https://93.184.215.14/e2e-${Date.now()}`;
  await page.getByLabel("URL").fill(url);
  await page.getByLabel("Novo lead (lead.created)").check();
  await page.getByRole("button", { name: "Cadastrar webhook" }).click();
  const secret = await page.getByTestId("webhook-secret").textContent();
  expect(secret).toMatch(/^whsec_/);
  const row = page.getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("Ativo");
  await expectNoA11yViolations(page);
  await page.reload();
  await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
  await expect(page.getByText(secret!)).toHaveCount(0);

  await row.getByRole("button", { name: `Pausar ${url}` }).click();
  await expect(page.getByText("Webhook pausado")).toBeVisible();
  await expect(row).toContainText("Pausado");
  await row.getByRole("link", { name: `Ver entregas de ${url}` }).click();
  await expect(page.getByText("Nenhuma entrega registrada")).toBeVisible();
  await row.getByRole("button", { name: `Excluir ${url}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Webhook excluído com sucesso")).toBeVisible();
  await expect(row).toHaveCount(0);
});
