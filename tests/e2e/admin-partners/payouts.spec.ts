import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoA11yViolations, loginAsAdmin, registerAndLoginRepresentative } from "../../support/e2e";
import { completeReferral } from "../../support/referrals";

// Issue 14: commission per plan, the A receber → payout → Recebido lifecycle and the statement.

async function adminPage(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await loginAsAdmin(page);
  return page;
}

function summaryCard(page: Page, label: "A receber" | "Recebido") {
  return page.getByRole("list", { name: "Comissões" }).getByRole("listitem").filter({ hasText: label });
}

test("the landing's modal shows each plan's commission, as configured on the plans", async ({
  page,
  browser,
}) => {
  test.slow();
  const admin = await adminPage(browser);
  await admin.goto("/admin/plans");
  const planRow = admin.getByRole("row").filter({ hasText: "Premium" }).first();
  await planRow.getByRole("link", { name: /Editar/ }).click();
  await expect(admin.getByLabel("Comissão do representante (R$)")).toHaveValue("100,00");
  await admin.goto("/admin/plans");
  await admin
    .getByRole("row")
    .filter({ hasText: "Básico" })
    .first()
    .getByRole("link", { name: /Editar/ })
    .click();
  await expect(admin.getByLabel("Comissão do representante (R$)")).toHaveValue("50,00");

  await page.goto("/");
  await page.getByRole("button", { name: "Seja um representante" }).click();
  const terms = page.getByRole("dialog").getByRole("list", { name: "Comissão por plano" });
  await expect(terms.getByRole("listitem").filter({ hasText: "por venda do plano Básico" })).toContainText(
    "R$ 50,00",
  );
  await expect(terms.getByRole("listitem").filter({ hasText: "por venda do plano Premium" })).toContainText(
    "R$ 100,00",
  );
  await expect(terms.getByRole("listitem").filter({ hasText: "por venda do plano Black" })).toContainText(
    "R$ 100,00",
  );
});

test("completed → A receber R$ 100,00 → PIX payout → Recebido R$ 100,00, listed in the statement and its CSV", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const business = `Cantina Pagamento ${suffix}`;
  const repName = `Paula Pix ${suffix}`;
  await registerAndLoginRepresentative(page, repName);
  // Payout details on "Minha conta": a PIX key validated by type.
  await page.goto("/representante/conta");
  await page.getByLabel("Tipo da chave PIX").selectOption({ label: "CPF" });
  await page.getByLabel("Chave PIX", { exact: true }).fill("529.982.247-24");
  await page.getByRole("button", { name: "Salvar dados de pagamento" }).click();
  await expect(page.getByText("Chave PIX inválida: CPF com dígitos verificadores incorretos.")).toBeVisible();
  await page.getByLabel("Tipo da chave PIX").selectOption({ label: "E-mail" });
  await page.getByLabel("Chave PIX", { exact: true }).fill(`pix-${suffix}@exemplo.com.br`);
  await page.getByLabel("Telefone / WhatsApp").fill("(11) 98765-4321");
  await page.getByRole("button", { name: "Salvar dados de pagamento" }).click();
  await expect(page.getByText("Dados de pagamento salvos.")).toBeVisible();
  await page.goto("/representante/nova-indicacao");
  await page.getByLabel("Nome do negócio").fill(business);
  await page.getByLabel("Nome do contato").fill("Contato Teste");
  await page.getByLabel("Telefone do contato").pressSequentially(`119${String(Date.now()).slice(-8)}`);
  const value = await page
    .getByLabel("Plano")
    .locator("option", { hasText: "Premium" })
    .getAttribute("value");
  await page.getByLabel("Plano").selectOption(value!);
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page).toHaveURL(/\/representante\/dashboard$/, { timeout: 6000 });

  const admin = await adminPage(browser);
  await completeReferral(admin, business);

  await page.reload();
  await expect(summaryCard(page, "A receber")).toContainText("R$ 100,00");
  await expect(summaryCard(page, "Recebido")).toContainText("R$ 0,00");

  await admin.goto(`/admin/representatives?q=${encodeURIComponent(repName)}`);
  await admin.getByRole("link", { name: repName }).click();
  await expect(admin.getByRole("heading", { name: repName })).toBeVisible();
  await expect(admin.getByText(`E-mail: pix-${suffix}@exemplo.com.br`)).toBeVisible();
  await expect(admin.getByText("(11) 98765-4321")).toBeVisible();
  await expect(admin.getByRole("checkbox", { name: new RegExp(business) })).toBeChecked();
  await admin.getByLabel("Forma de pagamento").selectOption({ label: "PIX" });
  await admin.getByLabel("Referência / comprovante").fill(`E2E-${suffix}`);
  await admin.getByRole("button", { name: `Registrar pagamento de R$ 100,00 a ${repName}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Confirmar pagamento?" });
  await expect(confirm).toContainText(`via PIX, chave E-mail: pix-${suffix}@exemplo.com.br`);
  await confirm.getByRole("button", { name: "Registrar R$ 100,00" }).click();
  await expect(admin.getByText("Pagamento registrado.", { exact: true })).toBeVisible();
  const payouts = admin.getByRole("table", { name: "Pagamentos" });
  await expect(payouts.getByRole("row").filter({ hasText: `E2E-${suffix}` })).toContainText("R$ 100,00");
  await expect(admin.getByText("Nenhuma comissão a pagar.")).toBeVisible();
  await expectNoA11yViolations(admin);

  await page.reload();
  await expect(summaryCard(page, "A receber")).toContainText("R$ 0,00");
  await expect(summaryCard(page, "Recebido")).toContainText("R$ 100,00");
  await page.getByRole("link", { name: "Ver extrato de comissões" }).click();
  await expect(page).toHaveURL(/\/representante\/comissoes$/);
  const statement = page.getByRole("table", { name: "Extrato de comissões" });
  await expect(statement.getByRole("row").filter({ hasText: business })).toContainText("Paga em");
  await expect(statement.getByRole("row").filter({ hasText: `E2E-${suffix}` })).toContainText("R$ 100,00");
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Baixar CSV" }).click(),
  ]);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain("Data;Tipo;Descrição;Valor (R$);Situação");
  expect(csv).toMatch(
    new RegExp(`\\d{2}/\\d{2}/\\d{4};Comissão;Indicação ${business} \\(plano Premium\\);100,00;Paga em`),
  );
});
