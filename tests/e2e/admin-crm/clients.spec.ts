import { expect, test } from "../../support/fixtures";
import { expectNoA11yViolations, uniqueEmail } from "../../support/e2e";
import {
  addDays,
  addSubscription,
  clientIdByEmail,
  confirmDelete,
  createClientViaForm,
  expectToast,
  formatIsoDate,
  selectByText,
  startDateEndingOn,
  todayInSaoPaulo,
  unique,
} from "../../support/admin";

test("client form: required fields, phone mask, duplicate email, create, search, edit, delete", async ({
  adminPage: page,
}) => {
  const name = unique("Cliente E2E");
  const business = unique("Pizzaria Forno");
  const email = uniqueEmail("cliente");

  await page.goto("/admin/clients");
  await page.getByRole("link", { name: "Novo Cliente" }).click();
  await expect(page.getByRole("heading", { name: "Novo Cliente" })).toBeVisible();
  await page.getByRole("button", { name: "Criar Cliente" }).click();
  for (const message of [
    "Informe o nome do cliente.",
    "Informe o e-mail.",
    "Informe o telefone.",
    "Informe o nome do negócio.",
    "Selecione um plano.",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel("Nome", { exact: true })).toBeFocused();

  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email.toUpperCase());
  await page.getByLabel("Telefone").pressSequentially("11987654321");
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 98765-4321");
  await page.getByLabel("Nome do negócio").fill(business);
  await selectByText(page, "Plano", "Básico");
  await expect(page.getByLabel("Status")).toHaveValue("ativo");
  await page.getByLabel("Status").selectOption("pendente");
  await expect(page.getByText("Exibição:").getByText("Pendente")).toHaveClass(/bg-yellow-100/);
  await page.getByLabel("Status").selectOption("ativo");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Criar Cliente" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expectToast(page, "Cliente criado com sucesso!");

  // The same email again (any case): a clear message, the typed values kept.
  await page.goto("/admin/clients/new");
  await page.getByLabel("Nome", { exact: true }).fill("Outra Pessoa");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Telefone").fill("1133334444");
  await page.getByLabel("Nome do negócio").fill("Outro Negócio");
  await selectByText(page, "Plano", "Premium");
  await page.getByRole("button", { name: "Criar Cliente" }).click();
  await expect(page.getByText("Já existe um cliente com este e-mail!")).toBeVisible();
  await expectToast(page, "Erro ao criar cliente");
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Outra Pessoa");
  await expect(page.getByLabel("Telefone")).toHaveValue("(11) 3333-4444");

  // Search: case-insensitive on the business name, the state in the URL.
  await page.goto("/admin/clients");
  await page.getByRole("searchbox", { name: "Buscar clientes" }).fill(business.toUpperCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\?q=/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(email);
  await expect(row).toContainText("Básico");
  await expect(row.getByText("Ativo")).toHaveClass(/bg-green-100/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByRole("link", { name: /^Nome/ }).click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("searchbox", { name: "Buscar clientes" }).fill("nada-disso-existe-xyz");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText('Nenhum cliente encontrado para "nada-disso-existe-xyz".')).toBeVisible();

  // Edit.
  const id = await clientIdByEmail(page, email);
  await page.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/edit/${id}$`));
  // An overview first; "Editar dados" opens the form, which shows the plan without changing it.
  const summary = page.getByRole("region", { name: "Resumo do cliente" });
  await expect(summary).toContainText(email);
  await expect(summary).toContainText("Básico");
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveCount(0);
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Editar dados" }).click();
  await expect(page.getByRole("heading", { name: "Editar Cliente" })).toBeVisible();
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(email);
  await expect(page.getByRole("combobox", { name: "Plano", exact: true })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Editar Cliente" })).toContainText("Básico");
  await expectNoA11yViolations(page);
  await page.getByRole("link", { name: "Cancelar" }).click();
  await expect(page.getByRole("heading", { name: "Editar Cliente" })).toHaveCount(0);
  await page.getByRole("link", { name: "Editar dados" }).click();
  await page.getByLabel("Status").selectOption("inativo");
  await page.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expectToast(page, "Cliente atualizado com sucesso!");

  // Another client's email on edit.
  const otherEmail = uniqueEmail("outro");
  await createClientViaForm(page, { name: unique("Outro"), email: otherEmail, business: "Outro" });
  await page.goto(`/admin/clients/edit/${id}?editar`);
  await page.getByLabel("E-mail", { exact: true }).fill(otherEmail);
  await page.getByRole("button", { name: "Salvar Alterações" }).click();
  await expect(page.getByText("Já existe um cliente com este e-mail!")).toBeVisible();
  await expectToast(page, "Erro ao atualizar cliente");

  // Delete with confirmation (Cancel first keeps it).
  await page.goto(`/admin/clients?q=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: `Excluir ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  await confirmDelete(page, `Excluir ${name}`);
  await expectToast(page, "Cliente excluído com sucesso!");
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

  await page.goto(`/admin/clients/edit/${id}`);
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expectToast(page, "Erro ao carregar dados do cliente");
});

test("client subscriptions and notes", async ({ adminPage: page }) => {
  const today = todayInSaoPaulo();
  const name = unique("Assinante");
  const id = await createClientViaForm(page, { name, email: uniqueEmail("assinante"), business: "Lanches" });
  await page.goto(`/admin/clients/edit/${id}`);

  // The first subscription was created with the client: ativa, mensal, from today.
  const subs = page.getByRole("table", { name: "Assinaturas do cliente" });
  const first = subs.getByRole("row", { name: /Básico/ });
  await expect(first).toContainText(formatIsoDate(today));
  await expect(first).toContainText("Mensal");
  await expect(first.getByText("Ativa")).toHaveClass(/bg-green-100/);

  // The end date is derived and shown before saving, month-end safe.
  await expect(page.getByLabel("Data de início")).toHaveValue(formatIsoDate(today));
  await expect(page.getByLabel("Tipo de renovação")).toHaveValue("mensal");
  // dd/mm/aaaa whatever the browser's locale (issue 17 item 5).
  await page.getByLabel("Data de início").fill("");
  await page.getByLabel("Data de início").pressSequentially("31012026");
  await expect(page.getByLabel("Data de início")).toHaveValue("31/01/2026");
  await expect(page.getByText("Data de término: 28/02/2026")).toBeVisible();
  await page.getByLabel("Tipo de renovação").selectOption({ label: "Trimestral" });
  await expect(page.getByText("Data de término: 30/04/2026")).toBeVisible();
  await page.getByLabel("Tipo de renovação").selectOption({ label: "Anual" });
  await expect(page.getByText("Data de término: 31/01/2027")).toBeVisible();

  await page.getByRole("button", { name: "Adicionar Assinatura" }).click();
  await expect(page.getByText("Selecione um plano.")).toBeVisible();

  const in4 = addDays(today, 4);
  await addSubscription(page, "Premium", startDateEndingOn(in4, 3), "Trimestral");
  const soon = subs.getByRole("row", { name: /Premium/ });
  await expect(soon).toContainText(formatIsoDate(in4));
  await expect(soon).toContainText("Vence em 4 dias");
  await expect(page.getByLabel("Data de início")).toHaveValue(formatIsoDate(today));

  await addSubscription(page, "Black", "10/01/2025", "Mensal");
  const expired = subs.getByRole("row", { name: /Black/ });
  await expect(expired).toContainText("10/02/2025");
  await expect(expired).toContainText("(vencido)");
  // Newest first.
  await expect(subs.getByRole("row").nth(1)).toContainText("Black");
  await expectNoA11yViolations(page);

  await confirmDelete(page, "Excluir assinatura Black de 10/01/2025");
  await expectToast(page, "Assinatura excluída com sucesso!");
  await expect(expired).toHaveCount(0);

  // Notes: non-empty after trim, newest first with a pt-BR date-time, delete with confirmation.
  await page.getByLabel("Nova anotação").fill("   ");
  await page.getByRole("button", { name: "Adicionar Anotação" }).click();
  await expect(page.getByText("Escreva a anotação antes de adicionar.")).toBeVisible();
  await page.getByLabel("Nova anotação").fill("Primeira anotação do teste");
  await page.getByRole("button", { name: "Adicionar Anotação" }).click();
  await expectToast(page, "Anotação adicionada com sucesso!");
  await expect(page.getByLabel("Nova anotação")).toHaveValue("");
  await page.getByLabel("Nova anotação").fill("Segunda anotação do teste");
  await page.getByRole("button", { name: "Adicionar Anotação" }).click();
  const notes = page.getByRole("list", { name: "Anotações do cliente" });
  await expect(notes.getByRole("listitem")).toHaveCount(2);
  await expect(notes.getByRole("listitem").first()).toContainText("Segunda anotação do teste");
  await expect(notes.getByRole("listitem").first()).toContainText(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
  const label = await notes
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: /^Excluir anotação/ })
    .getAttribute("aria-label");
  await confirmDelete(page, label!);
  await expectToast(page, "Anotação excluída com sucesso!");
  await expect(notes.getByRole("listitem")).toHaveCount(1);
});

test("client errors when data changes in another tab", async ({ adminPage: page, context }) => {
  const other = await context.newPage();
  const name = unique("Cliente Duas Abas");
  const id = await createClientViaForm(page, { name, email: uniqueEmail("abas"), business: "Abas" });
  await page.goto(`/admin/clients/edit/${id}`);
  await page.getByLabel("Nova anotação").fill("Nota compartilhada");
  await page.getByRole("button", { name: "Adicionar Anotação" }).click();
  await expectToast(page, "Anotação adicionada com sucesso!");

  // Both tabs show the same note and subscription; one deletes, the other then fails.
  await other.goto(`/admin/clients/edit/${id}`);
  const noteLabel = await page
    .getByRole("list", { name: "Anotações do cliente" })
    .getByRole("button", { name: /^Excluir anotação/ })
    .getAttribute("aria-label");
  await confirmDelete(page, noteLabel!);
  await expectToast(page, "Anotação excluída com sucesso!");
  await confirmDelete(other, noteLabel!);
  await expectToast(other, "Erro ao excluir anotação");

  const subLabel = `Excluir assinatura Básico de ${formatIsoDate(todayInSaoPaulo())}`;
  await other.goto(`/admin/clients/edit/${id}`);
  await confirmDelete(page, subLabel);
  await expectToast(page, "Assinatura excluída com sucesso!");
  await confirmDelete(other, subLabel);
  await expectToast(other, "Erro ao excluir assinatura");

  // The client is deleted from a list while its page is still open: adding fails.
  await page.goto(`/admin/clients/edit/${id}`);
  await other.goto(`/admin/clients/edit/${id}`);
  const list = await context.newPage();
  await list.goto(`/admin/clients?q=${encodeURIComponent(name)}`);
  const stale = await context.newPage();
  await stale.goto(`/admin/clients?q=${encodeURIComponent(name)}`);
  await confirmDelete(list, `Excluir ${name}`);
  await expectToast(list, "Cliente excluído com sucesso!");
  await confirmDelete(stale, `Excluir ${name}`);
  await expectToast(stale, "Erro ao excluir cliente");

  await page.getByLabel("Nova anotação").fill("Tarde demais");
  await page.getByRole("button", { name: "Adicionar Anotação" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expectToast(page, "Erro ao adicionar anotação");

  await selectByText(other, "Plano da assinatura", "Premium");
  await other.getByRole("button", { name: "Adicionar Assinatura" }).click();
  await expect(other).toHaveURL(/\/admin\/clients$/);
  await expectToast(other, "Erro ao adicionar assinatura");
});
