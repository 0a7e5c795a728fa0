import type { Page } from "@playwright/test";
import { createClientViaForm } from "../../support/admin";
import { expect, test } from "../../support/fixtures";

// Issue 17 item 3: every admin and portal page at a 390 px phone and a 1366 px laptop, with
// realistic (long) data: the page never scrolls sideways, and every table's last column can be
// reached (visible, or inside a card that scrolls horizontally).
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

async function expectFits(page: Page, path: string) {
  const report = await page.evaluate(() => {
    const doc = document.documentElement;
    const tables = [...document.querySelectorAll("table")].map((table) => {
      const lastHead = table.querySelector("thead tr th:last-child");
      if (!lastHead) return null;
      let box: HTMLElement | null = table.parentElement;
      while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      const cell = lastHead.getBoundingClientRect();
      const inView = cell.right <= window.innerWidth + 1;
      // Reachable by scrolling its card: the card scrolls and holds the cell within its width.
      const scrollable =
        !!box &&
        box.scrollWidth > box.clientWidth &&
        box.getBoundingClientRect().right <= window.innerWidth + 1;
      return inView || scrollable ? null : (lastHead.textContent ?? "?").trim();
    });
    // For the failure message: the outermost elements that stick out on the right.
    const wide = [...document.querySelectorAll("#conteudo *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .filter(
        (el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= window.innerWidth + 1,
      )
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
    return {
      pageWidth: doc.scrollWidth,
      viewWidth: window.innerWidth,
      unreachable: tables.filter(Boolean),
      wide,
    };
  });
  expect(
    report.pageWidth,
    `${path}: the page scrolls sideways (${report.wide.join(" | ")})`,
  ).toBeLessThanOrEqual(report.viewWidth);
  expect(report.unreachable, `${path}: last column out of reach`).toEqual([]);
}

test("admin pages fit a phone and a laptop", async ({ adminPage: page }) => {
  test.setTimeout(180_000);
  const long = `contato.financeiro.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const clientId = await createClientViaForm(page, {
    name: "Maria Aparecida dos Santos Figueiredo Albuquerque",
    email: `${long}@restaurante-e-pizzaria-do-bairro.com.br`,
    business: "Restaurante, Pizzaria e Lanchonete Sabor da Vila Mariana Delivery",
  });
  const paths = [
    "/admin/dashboard",
    "/admin/clients",
    "/admin/clients/new",
    `/admin/clients/edit/${clientId}`,
    "/admin/plans",
    "/admin/plans/new",
    "/admin/leads",
    "/admin/blog",
    "/admin/blog/new",
    "/admin/settings",
    "/admin/referrals",
    "/admin/representatives",
  ];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("#conteudo")).toBeVisible();
      await expectFits(page, `${path} @${viewport.width}`);
    }
  }
});

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
      await expectFits(page, `${path} @${viewport.width}`);
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
