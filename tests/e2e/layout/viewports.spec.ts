import { expect, test } from "../../support/fixtures";
import { layoutProblems } from "./support";

// Issue 17 item 3: every portal page at a 390 px phone and a 1366 px laptop: the page never
// scrolls sideways, and every table's last column can be reached (visible, or inside a card that
// scrolls horizontally). The admin pages are crawled on the demo business by admin-pages.spec.ts.
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

test("portal pages fit a phone and a laptop", async ({ representative }) => {
  const { page } = representative;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of [
      "/representante/dashboard",
      "/representante/indicacoes",
      "/representante/nova-indicacao",
      "/representante/materiais",
    ]) {
      await page.goto(path);
      await expect(page.locator("#conteudo")).toBeVisible();
      expect(await layoutProblems(page, `${path} @${viewport.width}`)).toEqual([]);
    }
  }
});

test.describe("admin menu on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is a drawer: closed by default and after a reload, closed by Escape and by navigating", async ({
    adminPage: page,
  }) => {
    await page.goto("/admin/dashboard");
    const menu = page.getByRole("navigation", { name: "Menu administrativo" });
    await expect(menu).toBeHidden();
    const open = page.getByRole("button", { name: "Abrir menu" });
    await open.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(open).toBeFocused();

    await open.click();
    await menu.getByRole("link", { name: "Clientes" }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await expect(menu).toBeHidden();
    await page.reload();
    await expect(menu).toBeHidden();
  });
});
