// Issue 17 item 8: small things found by using the product.
import { expect, test } from "../../support/fixtures";
import { gotoHydrated } from "../site/hydration";

test("the mobile menu closes with Escape and gives the focus back to its button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/");
  const toggle = page.getByRole("button", { name: "Abrir menu" });
  await toggle.click();
  const menu = page.locator("#menu-mobile");
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Blog" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();
});

test("the blog admin list searches on the server", async ({ adminPage: page }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Busca no admin ${suffix}`;
  await page.goto("/admin/blog/new");
  await page.getByLabel("Título", { exact: true }).fill(title);
  await page.getByLabel("Resumo").fill("Resumo do post da busca.");
  await page.getByRole("button", { name: "Salvar Post" }).click();
  await expect(page.getByText("Post criado com sucesso!").first()).toBeVisible();

  await page.getByRole("searchbox", { name: "Buscar posts" }).fill(`BUSCA NO ADMIN ${suffix.toUpperCase()}`);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\?q=/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar posts" }).fill("nada-disso-existe-xyz");
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText('Nenhum post encontrado para "nada-disso-existe-xyz".')).toBeVisible();
});
