import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "../../support/e2e";

for (const path of ["/", "/blog", "/blog/como-montar-um-cardapio-digital-que-vende-mais", "/blog?q=xyzzy"]) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expectNoA11yViolations(page);
  });
}

test("no axe violations with the representative modal or the phone menu open", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Seja um representante" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoA11yViolations(page);
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await expect(page.locator("#menu-mobile")).toBeVisible();
  await expectNoA11yViolations(page);
});
