import { expect, test } from "@playwright/test";
import { expectNoA11yViolations } from "../../support/e2e";
import { gotoHydrated } from "./hydration";

for (const path of ["/", "/blog", "/blog/como-montar-um-cardapio-digital-que-vende-mais", "/blog?q=xyzzy"]) {
  test(`no axe violations on ${path}`, async ({ page }) => {
    await gotoHydrated(page, path);
    await expectNoA11yViolations(page);
  });
}

test("no axe violations with the representative modal open", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("link", { name: "Seja um representante" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoA11yViolations(page);
});
