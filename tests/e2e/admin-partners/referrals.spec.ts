// Needs the portal branch (issue 6): the referral is created through the representative wizard.
import { expect, test, type Page } from "@playwright/test";
import {
  expectNoA11yViolations,
  loginAsAdmin,
  registerAndLoginRepresentative,
  uniquePhone,
} from "../../support/e2e";

async function createReferral(page: Page, business: string, planName: string) {
  await page.goto("/representante/nova-indicacao");
  await page.getByLabel("Nome do negócio").fill(business);
  await page.getByLabel("Nome do contato").fill("Contato Indicação");
  await page.getByLabel("Telefone do contato").pressSequentially(uniquePhone());
  const plan = page.getByLabel("Plano");
  await plan.selectOption((await plan.locator("option", { hasText: planName }).getAttribute("value"))!);
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page.getByRole("heading", { name: "Indicação cadastrada com sucesso!" })).toBeVisible();
}

test("an admin finds a referral by search and filter, sorts, and changes its status", async ({
  page,
  browser,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const a = `Alfa Lanches ${suffix}`;
  const b = `Beta Burguer ${suffix}`;
  const rep = await registerAndLoginRepresentative(page, `Rep Indicações ${suffix}`);
  await createReferral(page, b, "Black");
  await createReferral(page, a, "Básico");

  const admin = await (await browser.newContext()).newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/referrals?q=${suffix}`);
  const rows = admin.getByRole("row");
  // Newest first by default, with the joined representative and plan.
  await expect(rows.nth(1)).toContainText(a);
  await expect(rows.nth(1)).toContainText(rep.email);
  await expect(rows.nth(1)).toContainText("Básico");
  await expect(rows.nth(2)).toContainText(b);
  await expectNoA11yViolations(admin);

  await admin.getByRole("link", { name: /Negócio/ }).click();
  await expect(admin).toHaveURL(/sort=business_name&dir=asc/);
  await expect(rows.nth(1)).toContainText(a);
  await admin.getByRole("link", { name: /Negócio/ }).click();
  await expect(admin).toHaveURL(/dir=desc/);
  await expect(rows.nth(1)).toContainText(b);
  await expect(admin.getByRole("columnheader", { name: /Negócio/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );

  const select = admin.getByRole("combobox", { name: `Status da indicação de ${b}` });
  await expect(select).toHaveValue("analise");
  await select.selectOption({ label: "Em produção" });
  await expect(admin.getByText("Status atualizado para Em produção").first()).toBeVisible();

  await admin.getByLabel("Filtrar por status").selectOption({ label: "Em produção" });
  await expect(admin).toHaveURL(/status=producao/);
  await expect(admin).toHaveURL(new RegExp(`q=${suffix}`));
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(b);
  await admin.getByLabel("Filtrar por status").selectOption({ label: "Concluído" });
  await expect(admin.getByText("Nenhuma indicação encontrada.")).toBeVisible();

  // The representative sees the new status.
  await page.goto("/representante/indicacoes");
  await expect(page.getByRole("article", { name: b })).toContainText("Em produção");
  await admin.context().close();
});

test("'Concluído' asks first with the commission and the representative; leaving it asks too", async ({
  page,
  browser,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const business = `Cantina Confirma ${suffix}`;
  const repName = `Rep Confirma ${suffix}`;
  await registerAndLoginRepresentative(page, repName);
  await createReferral(page, business, "Premium");

  const admin = await (await browser.newContext()).newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/referrals?q=${encodeURIComponent(business)}`);
  const select = admin.getByRole("combobox", { name: `Status da indicação de ${business}` });
  await select.selectOption({ label: "Concluído" });
  const ask = admin.getByRole("alertdialog", { name: "Concluir indicação?" });
  await expect(ask).toContainText(`gera uma comissão de R$ 100,00 para ${repName}`);
  await expectNoA11yViolations(admin);
  // "Cancelar" changes nothing.
  await ask.getByRole("button", { name: "Cancelar" }).click();
  await expect(ask).toBeHidden();
  await expect(select).toHaveValue("analise");
  await admin.reload();
  await expect(select).toHaveValue("analise");

  await select.selectOption({ label: "Concluído" });
  await ask.getByRole("button", { name: "Concluir e gerar R$ 100,00" }).click();
  await expect(admin.getByText("Status atualizado para Concluído").first()).toBeVisible();
  await expect(select).toHaveValue("concluido");

  // Leaving "Concluído" cancels the commission: asked too.
  await select.selectOption({ label: "Em produção" });
  const undo = admin.getByRole("alertdialog", { name: "Cancelar a comissão?" });
  await expect(undo).toContainText(`A comissão de R$ 100,00 de ${repName} será cancelada`);
  await undo.getByRole("button", { name: "Cancelar a comissão" }).click();
  await expect(admin.getByText("Status atualizado para Em produção").first()).toBeVisible();
  await expect(select).toHaveValue("producao");
  await admin.context().close();
});
