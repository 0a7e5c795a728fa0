// ─────────────────────────────────────────────────────────────────────────────────────────────
// These portal flows need the ADMIN pages of issue 5 (/admin/referrals and /admin/representatives):
// completion and materials are admin actions, and E2E drives only the real UI. They fail on the
// portal branch alone and pass once the admin branch is merged. Selectors expected from the admin UI:
//   /admin/referrals?q={business}  a <select> per row named "Status da indicação de {business}",
//                                  options labelled as SPEC §4 (Em análise … Concluído),
//                                  toast "Status atualizado para Concluído".
//   /admin/representatives         a button "Adicionar Material" opening a dialog with fields
//                                  "Título", "Descrição", "Tipo" (values link/text),
//                                  "URL do Google Drive", "Conteúdo do texto", a submit "Adicionar",
//                                  toast "Material adicionado com sucesso".
// ─────────────────────────────────────────────────────────────────────────────────────────────
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  expectNoA11yViolations,
  loginAsAdmin,
  registerAndLoginRepresentative,
  uniquePhone,
} from "../../support/e2e";
import { completeReferral } from "../../support/referrals";

async function createReferral(page: Page, business: string, planName: string) {
  await page.goto("/representante/nova-indicacao");
  await page.getByLabel("Nome do negócio").fill(business);
  await page.getByLabel("Nome do contato").fill("Contato Teste");
  await page.getByLabel("Telefone do contato").pressSequentially(uniquePhone());
  const value = await page.getByLabel("Plano").locator("option", { hasText: planName }).getAttribute("value");
  await page.getByLabel("Plano").selectOption(value!);
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page.getByRole("heading", { name: "Indicação cadastrada com sucesso!" })).toBeVisible();
  await expect(page).toHaveURL(/\/representante\/dashboard$/, { timeout: 6000 });
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

async function completeAsAdmin(admin: Page, business: string) {
  await completeReferral(admin, business);
}

function commissionCard(page: Page) {
  return page
    .getByRole("list", { name: "Resumo das indicações" })
    .getByRole("listitem")
    .filter({ hasText: "Comissões Totais" });
}

test("an admin completes referrals: they move to Concluídas and the commission adds up", async ({
  page,
  browser,
}) => {
  // Two referrals through the wizard and two confirmed completions: more than 60 s on a loaded machine.
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const premium = `Restaurante Premium ${suffix}`;
  const basico = `Lanchonete Básico ${suffix}`;
  await registerAndLoginRepresentative(page, "Rita Comissão");
  await createReferral(page, premium, "Premium");
  await createReferral(page, basico, "Básico");
  const admin = await adminPage(browser);

  await completeAsAdmin(admin, premium);
  await page.goto("/representante/indicacoes");
  const done = page.getByRole("region", { name: /Concluídas/ });
  await expect(done.getByRole("article", { name: premium })).toContainText("Comissão: R$ 100,00");
  await expect(
    page.getByRole("region", { name: /Em andamento/ }).getByRole("article", { name: basico }),
  ).toBeVisible();
  await page.goto("/representante/dashboard");
  await expect(commissionCard(page)).toContainText("R$ 100,00");

  await completeAsAdmin(admin, basico);
  await page.goto("/representante/indicacoes");
  await expect(done.getByRole("article", { name: basico })).toContainText("Comissão: R$ 50,00");
  await expectNoA11yViolations(page);
  await page.goto("/representante/dashboard");
  await expect(commissionCard(page)).toContainText("R$ 150,00");
  await admin.context().close();
});

test("materials added by an admin: link details modal and text copy", async ({ page, browser, context }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const linkTitle = `Apresentação ${suffix}`;
  const textTitle = `Mensagem WhatsApp ${suffix}`;
  const driveUrl = `https://drive.google.com/drive/folders/${suffix}`;
  const text = `Olá! Conheça o cardápio digital sem comissão por pedido (${suffix}).`;

  const admin = await adminPage(browser);
  await admin.goto("/admin/representatives");
  for (const m of [
    { title: linkTitle, type: "link", field: "URL do Google Drive", value: driveUrl },
    { title: textTitle, type: "text", field: "Conteúdo do texto", value: text },
  ]) {
    await admin.getByRole("button", { name: "Adicionar Material" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel("Título").fill(m.title);
    await dialog.getByLabel("Descrição").fill(`Descrição de ${m.title}`);
    await dialog.getByLabel("Tipo").selectOption(m.type);
    await dialog.getByLabel(m.field).fill(m.value);
    await dialog.getByRole("button", { name: "Adicionar" }).click();
    await expect(admin.getByText("Material adicionado com sucesso").first()).toBeVisible();
  }
  await admin.context().close();

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await registerAndLoginRepresentative(page, "Lia Materiais");
  await page.goto("/representante/materiais");

  // Links tab: the card opens a details modal with usage steps and the Drive link.
  await page
    .getByRole("tabpanel", { name: "Links" })
    .getByRole("button", { name: new RegExp(linkTitle) })
    .click();
  const modal = page.getByRole("dialog", { name: linkTitle });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Como usar" })).toBeVisible();
  await expect(modal.getByRole("listitem")).toHaveCount(4);
  await expect(modal.getByRole("link", { name: /Abrir no Google Drive/ })).toHaveAttribute("href", driveUrl);
  await expectNoA11yViolations(page);
  await modal.getByRole("button", { name: "Fechar" }).click();
  await expect(modal).toHaveCount(0);

  // Textos tab: copy puts the text on the clipboard, with the toast and a 2-second indicator.
  await page.getByRole("tab", { name: "Textos" }).click();
  const card = page.getByRole("tabpanel", { name: "Textos" }).getByRole("article", { name: textTitle });
  await expect(card).toContainText(text);
  await card.getByRole("button", { name: "Copiar texto" }).click();
  await expect(page.getByText("Texto copiado para a área de transferência!")).toBeVisible();
  await expect(card.getByRole("button", { name: "Copiado!" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
  await expect(card.getByRole("button", { name: "Copiar texto" })).toBeVisible({ timeout: 4000 });
  await expectNoA11yViolations(page);

  // A refused clipboard gives the spec's failure text.
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
  });
  await card.getByRole("button", { name: "Copiar texto" }).click();
  await expect(page.getByText("Não foi possível copiar o texto.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Copiar texto" })).toBeVisible();
});
