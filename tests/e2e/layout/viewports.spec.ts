import type { Page } from "@playwright/test";
import { createClientViaForm } from "../../support/admin";
import { gotoReady, loginAsAdmin, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { newLead } from "../../support/leads";

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

/**
 * Where the admin's dark rail ends and the document ends, in document coordinates, at the current
 * scroll position and scrolled to the bottom.
 */
async function railReach(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector('aside nav[aria-label="Menu administrativo"]');
    const rail = nav?.closest("aside");
    if (!rail) return null;
    const measure = () => ({
      railBottom: Math.round(rail.getBoundingClientRect().bottom + scrollY),
      pageBottom: document.documentElement.scrollHeight,
    });
    scrollTo(0, 0);
    const top = measure();
    scrollTo(0, document.documentElement.scrollHeight);
    const end = measure();
    scrollTo(0, 0);
    return { top, end };
  });
}

// Issue 45 item 3: the long admin pages (the dashboard's "Hoje", Financeiro, Receita) with long
// names, at a laptop and at a touch phone: no sideways scroll, the rail as tall as the page (it
// ended after one screen), and no name cut on "Hoje" when there is room for it.
test("the dashboard, Financeiro and Receita fit a laptop and a touch phone; the rail fills the page", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  const lead = await newLead(page, "Rodrigo Henrique de Albuquerque Vasconcellos Bittencourt");
  await createClientViaForm(page, {
    name: "Maria Aparecida dos Santos Figueiredo Albuquerque",
    email: uniqueEmail("restaurante-e-pizzaria-do-bairro"),
    business: "Restaurante, Pizzaria e Lanchonete Sabor da Vila Mariana Delivery",
    plan: "Premium",
  });
  const paths = ["/admin/dashboard", "/admin/billing", "/admin/revenue"];

  await page.setViewportSize({ width: 1366, height: 768 });
  for (const path of paths) {
    await gotoReady(page, path);
    await expectFits(page, `${path} @1366`);
    const reach = await railReach(page);
    expect(reach, `${path}: the admin rail`).not.toBeNull();
    for (const at of [reach!.top, reach!.end])
      expect(at.railBottom, `${path}: the rail reaches the bottom of the page`).toBeGreaterThanOrEqual(
        at.pageBottom - 1,
      );
  }
  // Receita whole at 1366 px: its tables need no sideways scroll, its figures stay in their cards.
  await gotoReady(page, "/admin/revenue");
  const cut = await page.evaluate(() => [
    ...[...document.querySelectorAll("#conteudo table")]
      .filter((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)
      .map((t) => `table "${t.querySelector("caption")?.textContent}"`),
    ...[...document.querySelectorAll('section[aria-label="Agora"] p')]
      .filter((p) => p.scrollWidth > p.parentElement!.clientWidth)
      .map((p) => `card "${p.textContent}"`),
  ]);
  expect(cut, "/admin/revenue @1366: cut off").toEqual([]);

  await gotoReady(page, "/admin/dashboard");
  const hoje = page.locator("#hoje").locator("xpath=..");
  const leadName = hoje.getByText(lead.name, { exact: true });
  // "Hoje" lists the oldest leads first: when this one is among them, its whole name shows.
  if (await leadName.count()) await expect(leadName).toBeVisible();
  const clipped = await hoje.evaluate((card) =>
    [...card.querySelectorAll("li a span")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );
  expect(clipped, "names cut on 'Hoje' at 1366 px").toEqual([]);

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const mobile = await phone.newPage();
  await loginAsAdmin(mobile);
  for (const path of paths) {
    await gotoReady(mobile, path);
    await expectFits(mobile, `${path} @390 (touch)`);
  }
  await phone.close();
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
