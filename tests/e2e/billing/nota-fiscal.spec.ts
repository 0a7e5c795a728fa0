import { expect, test } from "@playwright/test";
import { expectNoA11yViolations, gotoReady, loginAsAdmin } from "../../support/e2e";

// Issue 47 item 1: Configurações → Financeiro → Nota fiscal. Bad fiscal data is refused field by
// field in pt-BR and nothing is saved; good data is saved and shown again; the notes' list opens
// from Financeiro. No provider on this server: nothing is issued (the contract tests, against the
// fake Asaas, cover issuing).
test("the fiscal data is validated, saved and shown again; the notes' list opens", async ({ page }) => {
  await loginAsAdmin(page);
  await gotoReady(page, "/admin/settings/billing/nota-fiscal");
  await expect(page.getByRole("heading", { name: "Nota fiscal" })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel("Regime tributário").selectOption({ label: "Lucro Real" });
  await page.getByLabel("Inscrição municipal").fill("7654321");
  const sub = page.getByRole("group", { name: "Serviço da mensalidade" });
  await sub.getByLabel("Código do serviço na prefeitura").fill("0105");
  await sub.getByLabel("Nome do serviço na prefeitura").fill("Licenciamento de software");
  const act = page.getByRole("group", { name: "Serviço da taxa de ativação" });
  await act.getByLabel("Código do serviço na prefeitura").fill("0107");
  await act.getByLabel("Nome do serviço na prefeitura").fill("Suporte técnico");
  await page.getByLabel("ISS", { exact: true }).fill("7");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Informe a alíquota do ISS entre 0 e 5%, como 2 ou 2,5.")).toBeVisible();
  await expect(
    page.getByText(
      "Lucro Presumido e Lucro Real precisam informar o CST e a classificação do IBS/CBS em 2026.",
    ),
  ).toHaveCount(2);
  // What was typed is kept.
  await expect(page.getByLabel("Inscrição municipal")).toHaveValue("7654321");

  await page.getByLabel("ISS", { exact: true }).fill("2,5");
  await page.getByLabel("CST do IBS/CBS").fill("000");
  await page.getByLabel("Classificação tributária (cClassTrib)").fill("000001");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Dados da nota fiscal salvos.")).toBeVisible();

  await gotoReady(page, "/admin/settings/billing/nota-fiscal");
  await expect(page.getByLabel("ISS", { exact: true })).toHaveValue("2,50");
  await expect(page.getByLabel("Regime tributário")).toHaveValue("lucro_real");
  await expect(page.getByLabel("Classificação tributária (cClassTrib)")).toHaveValue("000001");

  await gotoReady(page, "/admin/billing");
  await page.getByRole("link", { name: "Notas fiscais" }).click();
  await expect(page.getByRole("heading", { name: "Notas fiscais" })).toBeVisible();
  await expect(page.getByLabel("Situação")).toBeVisible();
  await expectNoA11yViolations(page);
});
