import { expect, test } from "@playwright/test";
import {
  expectNoA11yViolations,
  gotoReady,
  loginAsAdmin,
  registerAndLoginRepresentative,
  uniquePhone,
} from "../../support/e2e";
import { completeReferral, sendReferral } from "../../support/referrals";

// Issue 28 items 5 and 6: the representative on a phone (390 px, touch).
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test("at 390 px: the drawer opens and closes with Escape, the PIX banner shows the amount owed, and the statement shows its amounts", async ({
  page,
  browser,
}) => {
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const repName = `Paulo Celular ${suffix}`;
  const business = `Pizzaria Celular ${suffix}`;
  await registerAndLoginRepresentative(page, repName);
  await sendReferral(page, business, "Premium", uniquePhone());

  // The menu is one button that opens a drawer, not rows of links.
  await gotoReady(page, "/representante/dashboard");
  const open = page.getByRole("button", { name: "Abrir menu" });
  await expect(page.getByRole("link", { name: "Comissões", exact: true })).toHaveCount(0);
  await open.click();
  const drawer = page.getByRole("dialog", { name: "Portal do Representante" });
  await expect(drawer.getByRole("link", { name: "Comissões" })).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Sair" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(drawer).toHaveCount(0);
  await expect(open).toBeFocused();
  // No banner while nothing is owed.
  await expect(page.getByText(/Cadastre sua chave PIX/)).toHaveCount(0);

  const admin = await (await browser.newContext()).newPage();
  await loginAsAdmin(admin);
  await completeReferral(admin, business);
  await admin.context().close();

  // Money owed and no PIX key: the banner says how much and leads to the account page.
  await gotoReady(page, "/representante/dashboard");
  const banner = page.getByRole("link", { name: "Cadastre sua chave PIX para receber R$ 100,00" });
  await expect(banner).toBeVisible();
  await expectNoA11yViolations(page);

  // The statement as cards: amount and status visible, nothing cut off to the right.
  await open.click();
  await page.getByRole("dialog").getByRole("link", { name: "Comissões" }).click();
  await expect(page).toHaveURL(/\/representante\/comissoes$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const card = page.getByRole("list", { name: "Extrato de comissões" }).getByRole("listitem").filter({
    hasText: business,
  });
  await expect(card).toContainText("R$ 100,00");
  await expect(card).toContainText("A pagar");
  await expect(page.getByRole("table", { name: "Extrato de comissões" })).toHaveCount(0);
  const amount = card.getByText("R$ 100,00");
  const box = await amount.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page);

  // Following the banner: the account page, where the key is saved; then the banner is gone.
  await gotoReady(page, "/representante/dashboard");
  await banner.click();
  await expect(page).toHaveURL(/\/representante\/conta$/);
  await page.getByLabel("Tipo da chave PIX").selectOption({ label: "E-mail" });
  await page.getByLabel("Chave PIX", { exact: true }).fill(`pix-${suffix}@exemplo.com.br`);
  await page.getByRole("button", { name: "Salvar dados de pagamento" }).click();
  await expect(page.getByText("Dados de pagamento salvos.")).toBeVisible();
  await gotoReady(page, "/representante/dashboard");
  await expect(page.getByText(/Cadastre sua chave PIX/)).toHaveCount(0);
});
