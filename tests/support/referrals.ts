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
