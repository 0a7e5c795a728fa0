import { expect, test, type Page } from "@playwright/test";
import { expectNoA11yViolations, registerAndLoginRepresentative, uniquePhone } from "../../support/e2e";

const MSG = {
  business: "Nome do negócio deve ter pelo menos 3 caracteres",
  contact: "Nome do contato deve ter pelo menos 3 caracteres",
  phone: "Formato de telefone inválido. Use (99) 99999-9999 ou apenas números",
  plan: "Selecione um plano para a indicação",
};

function statCard(page: Page, label: string) {
  return page
    .getByRole("list", { name: "Resumo das indicações" })
    .getByRole("listitem")
    .filter({ hasText: label });
}

async function optionValue(page: Page, planName: string) {
  const value = await page.getByLabel("Plano").locator("option", { hasText: planName }).getAttribute("value");
  expect(value).toBeTruthy();
  return value!;
}

test("a new representative: empty dashboard, wizard with every check, success, redirect, referral in progress", async ({
  page,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const business = `Pizzaria E2E ${suffix}`;
  await registerAndLoginRepresentative(page, "Paula Portal");

  // Empty dashboard.
  await expect(page.getByRole("heading", { name: "Bem-vindo(a), Paula Portal!" })).toBeVisible();
  await expect(statCard(page, "Total de Indicações")).toContainText("0");
  await expect(statCard(page, "Indicações Ativas")).toContainText("0");
  await expect(statCard(page, "Indicações Concluídas")).toContainText("0");
  await expect(statCard(page, "Comissões Totais")).toContainText("R$ 0,00");
  const chart = page.getByRole("region", { name: "Distribuição por status" });
  for (const label of ["Em análise", "Aguardando pagamento", "Em produção", "Concluído"]) {
    await expect(chart.getByRole("listitem").filter({ hasText: label })).toContainText("0");
  }
  await expectNoA11yViolations(page);

  // Wizard, step 1: validated on every change.
  await page.getByRole("main").getByRole("link", { name: "Nova Indicação" }).click();
  await expect(page).toHaveURL(/\/representante\/nova-indicacao$/);
  await expect(page.getByRole("heading", { name: "Nova Indicação" })).toBeVisible();
  const businessInput = page.getByLabel("Nome do negócio");
  await businessInput.fill("ab");
  await expect(page.getByText(MSG.business)).toBeVisible();
  // Empty says what to fill in before the length rule (issue 28 item 7).
  await businessInput.fill("");
  await expect(page.getByText("Informe o nome do negócio")).toBeVisible();
  await expect(page.getByText(MSG.business)).toHaveCount(0);
  await businessInput.fill("  ab  ");
  await expect(page.getByText(MSG.business)).toBeVisible();
  await businessInput.fill(business);
  await expect(page.getByText(MSG.business)).toHaveCount(0);

  const contactInput = page.getByLabel("Nome do contato");
  await contactInput.fill("Jo");
  await expect(page.getByText(MSG.contact)).toBeVisible();
  await contactInput.fill("Giovanni Rossi");
  await expect(page.getByText(MSG.contact)).toHaveCount(0);

  // Phone: masked while typing, 10 then 11 digits.
  const phone = page.getByLabel("Telefone do contato");
  await phone.pressSequentially("1234");
  await expect(phone).toHaveValue("(12) 34");
  await expect(page.getByText(MSG.phone)).toBeVisible();
  await phone.fill("");
  await phone.pressSequentially("1134567890");
  await expect(phone).toHaveValue("(11) 3456-7890");
  await expect(page.getByText(MSG.phone)).toHaveCount(0);
  await phone.fill("");
  await phone.pressSequentially("11976543218");
  await expect(phone).toHaveValue("(11) 97654-3218");
  await phone.pressSequentially("99");
  await expect(phone).toHaveValue("(11) 97654-3218");
  // A number nobody referred yet: a retry of this test must not meet its own first referral.
  const digits = uniquePhone();
  const shown = `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  await phone.fill("");
  await phone.pressSequentially(digits);
  await expect(phone).toHaveValue(shown);

  // Plan: required; "Próximo" refuses to leave step 1 without it.
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByText(MSG.plan)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dados do estabelecimento indicado" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Plano").selectOption(await optionValue(page, "Premium"));
  await expect(page.getByText(MSG.plan)).toHaveCount(0);

  // Step 2 shows what will be sent; back keeps the data.
  await page.getByRole("button", { name: "Próximo" }).click();
  await expect(page.getByRole("heading", { name: "Confirme os dados da indicação" })).toBeVisible();
  const summary = page.getByRole("main").locator("dl");
  await expect(summary).toContainText(business);
  await expect(summary).toContainText("Giovanni Rossi");
  await expect(summary).toContainText(shown);
  await expect(summary).toContainText("Premium");
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Voltar" }).click();
  await expect(businessInput).toHaveValue(business);
  await expect(contactInput).toHaveValue("Giovanni Rossi");
  await expect(phone).toHaveValue(shown);
  await expect(page.getByLabel("Plano")).toHaveValue(await optionValue(page, "Premium"));

  // Submit: success screen, then the dashboard after about 2 seconds.
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page.getByRole("heading", { name: "Indicação cadastrada com sucesso!" })).toBeVisible();
  await expect(page).toHaveURL(/\/representante\/nova-indicacao$/);
  await expect(page).toHaveURL(/\/representante\/dashboard$/, { timeout: 6000 });
  await expect(statCard(page, "Total de Indicações")).toContainText("1");
  await expect(statCard(page, "Indicações Ativas")).toContainText("1");
  await expect(statCard(page, "Comissões Totais")).toContainText("R$ 0,00");
  await expect(chart.getByRole("listitem").filter({ hasText: "Em análise" })).toContainText("1");

  // Minhas Indicações: in progress, with search and status filter.
  await page
    .getByRole("navigation", { name: "Portal" })
    .getByRole("link", { name: "Minhas Indicações" })
    .click();
  await expect(page).toHaveURL(/\/representante\/indicacoes$/);
  const inProgress = page.getByRole("region", { name: /Em andamento/ });
  const completed = page.getByRole("region", { name: /Concluídas/ });
  const card = inProgress.getByRole("article", { name: business });
  await expect(card).toContainText("Giovanni Rossi");
  await expect(card).toContainText("Em análise");
  await expect(card).toContainText("Premium");
  await expect(completed.getByText("Nenhuma indicação encontrada.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel("Buscar").fill("giovanni");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/q=giovanni/);
  await expect(inProgress.getByRole("article", { name: business })).toBeVisible();
  await page.getByLabel("Buscar").fill("nao-existe-xyz");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(inProgress.getByText("Nenhuma indicação encontrada.")).toBeVisible();
  await page.getByRole("link", { name: "Limpar filtros" }).click();
  await expect(inProgress.getByRole("article", { name: business })).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "Concluído" });
  await expect(page).toHaveURL(/status=concluido/);
  await expect(inProgress.getByText("Nenhuma indicação encontrada.")).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "Em análise" });
  await expect(page).toHaveURL(/status=analise/);
  await expect(inProgress.getByRole("article", { name: business })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nova Indicação" }).last()).toHaveAttribute(
    "href",
    "/representante/nova-indicacao",
  );
});

test("materials page: tabs, back link, empty text when a tab has nothing, accessible", async ({ page }) => {
  await registerAndLoginRepresentative(page, "Mário Materiais");
  await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Materiais" }).click();
  await expect(page).toHaveURL(/\/representante\/materiais$/);
  await expect(page.getByRole("tab", { name: "Links" })).toHaveAttribute("aria-selected", "true");
  // Other specs may add materials to this shared server: whichever state a tab is in, it must say so.
  for (const tab of ["Links", "Textos"]) {
    await page.getByRole("tab", { name: tab }).click();
    const panel = page.getByRole("tabpanel", { name: tab });
    await expect(panel).toBeVisible();
    const items = await panel.getByRole("listitem").count();
    if (items === 0) await expect(panel.getByText("Nenhum material disponível no momento.")).toBeVisible();
    else await expect(panel.getByText("Nenhum material disponível no momento.")).toHaveCount(0);
    await expectNoA11yViolations(page);
  }
  await page.getByRole("link", { name: "Voltar ao dashboard" }).click();
  await expect(page).toHaveURL(/\/representante\/dashboard$/);
});

test("portal guard: anonymous visitors go to the login; a signed-in representative skips it", async ({
  page,
}) => {
  await page.goto("/representante/indicacoes");
  await expect(page).toHaveURL(/\/representante\/login$/);
  await expect(
    page.getByText("Você precisa estar autenticado como representante para acessar esta área"),
  ).toBeVisible();
  await registerAndLoginRepresentative(page);
  await page.goto("/representante");
  await expect(page).toHaveURL(/\/representante\/dashboard$/);
  await page.goto("/representante/login");
  await expect(page).toHaveURL(/\/representante\/dashboard$/);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/representante\/login$/);
  await page.goto("/representante/nova-indicacao");
  await expect(page).toHaveURL(/\/representante\/login$/);
});

test("submitting after the session is gone: the spec's authentication error and the login page", async ({
  page,
  context,
}) => {
  await registerAndLoginRepresentative(page);
  await page.goto("/representante/nova-indicacao");
  await page.getByLabel("Nome do negócio").fill("Bar Sessão Expirada");
  await page.getByLabel("Nome do contato").fill("Carlos Lima");
  await page.getByLabel("Telefone do contato").pressSequentially(uniquePhone());
  await page.getByLabel("Plano").selectOption(await optionValue(page, "Black"));
  await page.getByRole("button", { name: "Próximo" }).click();
  await context.clearCookies();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page).toHaveURL(/\/representante\/login$/);
  await expect(page.getByText("Erro de autenticação. Por favor, faça login novamente.")).toBeVisible();
});
