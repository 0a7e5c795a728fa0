import { type Page } from "@playwright/test";
import { expect, test } from "../../support/fixtures";
import { expectNoA11yViolations, uniqueEmail } from "../../support/e2e";
import {
  clientIdByEmail,
  confirmDelete,
  createClientViaForm,
  expectToast,
  unique,
} from "../../support/admin";

async function createPlan(page: Page, name: string, price = "19.90") {
  await page.goto("/admin/plans/new");
  await page.getByLabel("Nome do plano").fill(name);
  await page.getByLabel("Preço mensal (R$)").fill(price);
  await page.getByLabel("Taxa de Ativação (R$)").fill("0");
  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expectToast(page, "Plano criado com sucesso!");
}

async function planIdByName(page: Page, name: string) {
  const href = await page.getByRole("link", { name: `Editar ${name}` }).getAttribute("href");
  return href!.split("/").pop()!;
}

test("plan form: create with features, edit, and the spec's texts", async ({ adminPage: page }) => {
  const name = unique("Plano E2E");
  await page.goto("/admin/plans");
  await page.getByRole("link", { name: "Novo Plano" }).click();
  await expect(page.getByRole("heading", { name: "Novo Plano" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Voltar para lista de planos/ })).toHaveAttribute(
    "href",
    "/admin/plans",
  );
  await expect(page.getByText("Nenhuma funcionalidade adicionada.")).toBeVisible();
  await expect(page.getByLabel("Descrição")).toHaveAttribute("rows", "3");

  // Required fields and the numeric rule, next to the fields; the focus goes to the first one.
  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expect(page.getByText("Informe o nome do plano.")).toBeVisible();
  await expect(page.getByLabel("Nome do plano")).toBeFocused();
  await page.getByLabel("Nome do plano").fill(name);
  await page.getByLabel("Preço mensal (R$)").fill("-5");
  await page.getByLabel("Taxa de Ativação (R$)").fill("0");
  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expect(page.getByText("Preço e taxa de ativação devem ser valores numéricos.")).toBeVisible();

  // Features: Enter or the button adds (trimmed, never empty); each can be removed.
  const feature = page.getByLabel("Adicionar funcionalidade");
  await feature.fill("  Cardápio digital  ");
  await feature.press("Enter");
  await feature.fill("   ");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  await feature.fill("Remover esta");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  const list = page.getByRole("list", { name: "Funcionalidades do plano" });
  await expect(list.getByRole("listitem")).toHaveText(["Cardápio digital", "Remover esta"]);
  await page.getByRole("button", { name: "Remover funcionalidade Remover esta" }).click();
  await expect(list.getByRole("listitem")).toHaveText(["Cardápio digital"]);

  await page.getByLabel("Preço mensal (R$)").fill("19.90");
  await page.getByLabel("Taxa de Ativação (R$)").fill("149");
  await page.getByLabel("Descrição").fill("Plano criado pelo teste.");
  await page.getByLabel("Destacar como plano mais popular").check();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expectToast(page, "Plano criado com sucesso!");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(/R\$\s19,90\/mês/);
  await expect(row).toContainText(/R\$\s149,00/);
  await expect(row).toContainText("Mais popular");
  await expectNoA11yViolations(page);

  await row.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Editar Plano" })).toBeVisible();
  await expect(page.getByLabel("Preço mensal (R$)")).toHaveValue("19,90");
  await expect(page.getByLabel("Destacar como plano mais popular")).toBeChecked();
  await expect(page.getByRole("list", { name: "Funcionalidades do plano" })).toContainText(
    "Cardápio digital",
  );
  await page.getByLabel("Preço mensal (R$)").fill("29.9");
  await page.getByLabel("Destacar como plano mais popular").uncheck();
  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expectToast(page, "Plano atualizado com sucesso!");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(/R\$\s29,90\/mês/);

  await page.goto("/admin/plans/edit/00000000-0000-4000-8000-000000000000");
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expectToast(page, "Erro ao carregar dados do plano");
});

test("plan delete: refused while a client uses it, then deleted", async ({ adminPage: page }) => {
  const name = unique("Plano Em Uso");
  await createPlan(page, name);
  const email = uniqueEmail("usa-plano");
  const clientName = unique("Cliente Plano");
  await createClientViaForm(page, { name: clientName, email, business: "Bar", plan: name });

  await page.goto("/admin/plans");
  // Issue 17 item 8: the use is said in the list and before the confirmation, not only after it.
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("em uso por 1 cliente");
  await page.getByRole("button", { name: `Excluir ${name}`, exact: true }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`O plano ${name} está em uso por 1 cliente`);
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
  await confirmDelete(page, `Excluir ${name}`);
  await expectToast(page, "Não é possível excluir este plano. Existem 1 clientes associados a ele.");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();

  // Once its only client is gone, the plan can be deleted.
  await clientIdByEmail(page, email);
  await confirmDelete(page, `Excluir ${clientName}`);
  await expectToast(page, "Cliente excluído com sucesso!");

  await page.goto("/admin/plans");
  await confirmDelete(page, `Excluir ${name}`);
  await expectToast(page, "Plano excluído com sucesso!");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("plan errors when the plan is deleted elsewhere meanwhile", async ({ adminPage: page, context }) => {
  const name = unique("Plano Sumido");
  await createPlan(page, name);
  const id = await planIdByName(page, name);
  const other = await context.newPage();
  await other.goto("/admin/plans");

  // This page still shows the plan's form; the other tab deletes the plan.
  await page.goto(`/admin/plans/edit/${id}`);
  await confirmDelete(other, `Excluir ${name}`);
  await expectToast(other, "Plano excluído com sucesso!");

  await page.getByRole("button", { name: "Salvar Plano" }).click();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await expectToast(page, "Erro ao atualizar plano");

  // A list rendered before the delete: deleting again fails.
  const again = unique("Plano Duplo");
  await createPlan(page, again);
  await other.goto("/admin/plans");
  await confirmDelete(page, `Excluir ${again}`);
  await expectToast(page, "Plano excluído com sucesso!");
  await confirmDelete(other, `Excluir ${again}`);
  await expectToast(other, "Erro ao excluir plano");
});
