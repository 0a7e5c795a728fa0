import { expect, type Page } from "@playwright/test";

/**
 * An admin sets a referral to "Concluído" from the list's dropdown: the change creates a
 * commission, so it is confirmed in a dialog first (issue 28 item 4).
 */
export async function completeReferral(admin: Page, business: string) {
  await admin.goto(`/admin/referrals?q=${encodeURIComponent(business)}`);
  await admin
    .getByRole("combobox", { name: `Status da indicação de ${business}` })
    .selectOption({ label: "Concluído" });
  await admin
    .getByRole("alertdialog", { name: "Concluir indicação?" })
    .getByRole("button", { name: /^Concluir e gerar/ })
    .click();
  await expect(admin.getByText("Status atualizado para Concluído").first()).toBeVisible();
}

/** A representative sends a referral through the real wizard (step 1, then "Confirmar Indicação"). */
export async function sendReferral(page: Page, business: string, planName: string, phone: string) {
  await page.goto("/representante/nova-indicacao");
  await page.getByLabel("Nome do negócio").fill(business);
  await page.getByLabel("Nome do contato").fill("Contato Indicação");
  await page.getByLabel("Telefone do contato").pressSequentially(phone);
  const plan = page.getByLabel("Plano");
  await plan.selectOption((await plan.locator("option", { hasText: planName }).getAttribute("value"))!);
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page.getByRole("heading", { name: "Indicação cadastrada com sucesso!" })).toBeVisible();
}
