import { expect, test, type Page } from "@playwright/test";

// The landing is plain HTML (issue 26): these flows run with JavaScript on and, on a phone, off.
// With scripting off everything works but the busy label and the timed scrolls.

const PHONE = { width: 390, height: 844 };

test("the landing shows every section, plans by price with the popular one highlighted", async ({ page }) => {
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") cspErrors.push(m.text());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("comissão por pedido");
  for (const id of ["oferecemos", "beneficios", "depoimentos", "planos", "contato", "perguntas-frequentes"]) {
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }
  await expect(page.locator("#oferecemos li")).toHaveCount(6);
  await expect(page.locator("#beneficios li")).toHaveCount(6);
  await expect(page.locator("#depoimentos figure")).toHaveCount(3);
  await expect(page.locator("#depoimentos img")).toHaveCount(3);
  await expect(page.locator("#perguntas-frequentes details")).toHaveCount(7);

  const demo = page.locator("section").first().getByRole("link", { name: "Ver Demonstração" });
  await expect(demo).toHaveAttribute("href", /^https:\/\//);
  await expect(demo).toHaveAttribute("target", "_blank");

  // Other tests on this shared server add plans: check the demo plans' order among all cards.
  const cards = page.locator("#planos > div > ul > li");
  const names = await cards.locator("h3").allTextContents();
  expect(names.filter((n) => ["Básico", "Premium", "Black"].includes(n))).toEqual([
    "Básico",
    "Premium",
    "Black",
  ]);
  const premium = cards.filter({ has: page.getByRole("heading", { name: "Premium", exact: true }) });
  await expect(premium).toHaveAttribute("data-popular", "true");
  await expect(premium.getByText("Mais Popular")).toBeVisible();
  for (const card of await cards.all()) {
    const popular = (await card.getAttribute("data-popular")) === "true";
    await expect(card.getByText("Mais Popular")).toHaveCount(popular ? 1 : 0);
  }
  await expect(premium).toContainText("R$ 89,90/mês");
  await expect(premium).toContainText("Taxa de ativação: R$ 149,00");
  await expect(
    cards.filter({ has: page.getByRole("heading", { name: "Black", exact: true }) }),
  ).toContainText("Sem taxa de ativação");
  expect(cspErrors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
});

test("the floating WhatsApp button opens a chat with the fixed number and a prefilled message", async ({
  page,
}) => {
  for (const path of ["/", "/blog"]) {
    await page.goto(path);
    const wa = page.getByRole("link", { name: "Fale conosco pelo WhatsApp" });
    const url = new URL((await wa.getAttribute("href"))!);
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toMatch(/^\/55\d{10,11}$/);
    expect(url.searchParams.get("text")).toContain("cardápio digital");
    await expect(wa).toHaveAttribute("target", "_blank");
    await expect(wa).toHaveAttribute("rel", /noopener/);
  }
});

async function faqOneAtATime(page: Page) {
  await page.goto("/");
  const items = page.locator("#perguntas-frequentes details");
  const summary = (i: number) => items.nth(i).locator("summary");
  await summary(0).click();
  await expect(items.nth(0)).toHaveAttribute("open", "");
  await summary(2).click();
  await expect(items.nth(2)).toHaveAttribute("open", "");
  await expect(items.nth(0)).not.toHaveAttribute("open");
  await expect(page.locator("#perguntas-frequentes details[open]")).toHaveCount(1);
  await summary(2).click();
  await expect(page.locator("#perguntas-frequentes details[open]")).toHaveCount(0);
}

async function mobileMenu(page: Page) {
  await page.goto("/blog");
  const toggle = page.getByRole("button", { name: "Abrir menu" });
  const menu = page.locator("#menu-mobile");
  await toggle.click();
  await expect(menu).toBeVisible();
  for (const name of [
    "Funcionalidades",
    "Planos",
    "Contato",
    "Blog",
    "Seja um representante",
    "Área do representante",
    "Área do cliente",
  ]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  // The restaurant's own area, from the menu and the footer of every public page (issue 46).
  await expect(menu.getByRole("link", { name: "Área do cliente" })).toHaveAttribute(
    "href",
    "/cliente/entrar",
  );
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Área do cliente" })).toHaveAttribute(
    "href",
    "/cliente/entrar",
  );
  // The same button closes it (named "Fechar menu" once the script runs).
  await page.getByRole("navigation", { name: "Principal" }).getByRole("button").click();
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
}

async function representativeDialog(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Seja um representante" }).click();
  const dialog = page.getByRole("dialog", { name: "Seja um representante CardápioDigital" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("R$ 50,00");
  await expect(dialog).toContainText("por venda do plano Premium");
  await expect(dialog).toContainText("R$ 100,00");
  await expect(dialog).toContainText("por venda do plano Black");
  for (const perk of ["Material promocional", "Suporte dedicado", "Sem limite de indicações"]) {
    await expect(dialog).toContainText(perk);
  }
  await expect(dialog.locator("ol > li")).toHaveCount(3);
  await expect(dialog.getByRole("link", { name: "Quero me cadastrar" })).toHaveAttribute(
    "href",
    "/representante/register",
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Seja um representante" }).click();
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await expect(dialog).toBeHidden();
  return dialog;
}

test.describe("with JavaScript", () => {
  test("FAQ: one item open at a time; clicking the open one closes it", async ({ page }) => {
    await faqOneAtATime(page);
  });

  test("the header turns solid after scrolling past 50 px", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header[data-site-header]");
    await expect(header).toHaveAttribute("data-solid", "false");
    await page.evaluate(() => window.scrollTo({ top: 40, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-solid", "false");
    await page.evaluate(() => window.scrollTo({ top: 120, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-solid", "true");
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-solid", "false");
  });

  test("a header section link on /blog goes to / and scrolls to the section after 500 ms", async ({
    page,
  }) => {
    await page.goto("/blog");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Planos" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("#planos")).toBeInViewport({ ratio: 0.3 });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });

    test("the mobile menu opens, closes, and Escape gives the focus back to its button", async ({ page }) => {
      await mobileMenu(page);
      await expect(page.getByRole("button", { name: "Abrir menu" })).toBeFocused();
      await page.getByRole("button", { name: "Abrir menu" }).click();
      await expect(page.getByRole("button", { name: "Fechar menu" })).toBeVisible();
    });
  });

  test("representative modal: content, Escape, and 'Falar com a equipe' fills the form after 300 ms", async ({
    page,
  }) => {
    const dialog = await representativeDialog(page);
    await page.getByRole("button", { name: "Seja um representante" }).click();
    await dialog.getByRole("link", { name: "Falar com a equipe" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByLabel("Plano de interesse")).toHaveValue("representative");
    await expect(page.getByText("programa de representantes")).toBeVisible();
    await expect(page.getByLabel("Nome completo")).toBeFocused();
    await expect(page.locator("#contato")).toBeInViewport({ ratio: 0.2 });
  });

  test("a plan's button selects it in the contact form without a reload", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Quero o plano Black" }).click();
    await expect(page.getByLabel("Plano de interesse").locator("option:checked")).toHaveText("Black");
    await expect(page.getByLabel("Nome completo")).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("FAQ: one item open at a time", async ({ page }) => {
    await faqOneAtATime(page);
  });

  test("the mobile menu opens and closes", async ({ page }) => {
    await mobileMenu(page);
  });

  test("the representative modal opens and closes; 'Falar com a equipe' picks the form's plan", async ({
    page,
  }) => {
    const dialog = await representativeDialog(page);
    await page.getByRole("button", { name: "Seja um representante" }).click();
    await dialog.getByRole("link", { name: "Falar com a equipe" }).click();
    await expect(page.getByLabel("Plano de interesse")).toHaveValue("representative");
    await expect(page.getByText("programa de representantes")).toBeVisible();
    await expect(page.locator("#contato")).toBeInViewport({ ratio: 0.1 });
  });

  test("a plan's button selects it in the contact form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Quero o plano Black" }).click();
    await expect(page.getByLabel("Plano de interesse").locator("option:checked")).toHaveText("Black");
    await expect(page.locator("#contato")).toBeInViewport({ ratio: 0.1 });
  });
});
