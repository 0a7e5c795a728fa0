import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./hydration";

test("the landing shows every section, plans by price with the popular one highlighted", async ({ page }) => {
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") cspErrors.push(m.text());
  });
  await gotoHydrated(page, "/");
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
  // The badge shows exactly on the popular cards.
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

test("FAQ: one item open at a time; clicking the open one closes it", async ({ page }) => {
  await gotoHydrated(page, "/");
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
});

test("the header turns solid after scrolling past 50 px", async ({ page }) => {
  await gotoHydrated(page, "/");
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute("data-solid", "false");
  await page.evaluate(() => window.scrollTo(0, 120));
  await expect(header).toHaveAttribute("data-solid", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-solid", "false");
});

test("a header section link on /blog goes to / and scrolls to the section", async ({ page }) => {
  await gotoHydrated(page, "/blog");
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Planos" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#planos")).toBeInViewport({ ratio: 0.3 });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
});

test("the floating WhatsApp button opens a chat with the fixed number and a prefilled message", async ({
  page,
}) => {
  for (const path of ["/", "/blog"]) {
    await page.goto(path);
    const wa = page.getByRole("link", { name: "Fale conosco pelo WhatsApp" });
    const href = (await wa.getAttribute("href"))!;
    const url = new URL(href);
    expect(url.origin).toBe("https://wa.me");
    expect(url.pathname).toMatch(/^\/55\d{10,11}$/);
    expect(url.searchParams.get("text")).toContain("cardápio digital");
    await expect(wa).toHaveAttribute("target", "_blank");
    await expect(wa).toHaveAttribute("rel", /noopener/);
  }
});

test("representative modal: programme content, sign-up link, and 'talk to the team' fills the form", async ({
  page,
}) => {
  await gotoHydrated(page, "/");
  await page.getByRole("link", { name: "Seja um representante" }).click();
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

  await page.getByRole("link", { name: "Seja um representante" }).click();
  await dialog.getByRole("button", { name: "Falar com a equipe" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Plano de interesse")).toHaveValue("representative");
  await expect(page.getByText("programa de representantes")).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toBeFocused();
  await expect(page.locator("#contato")).toBeInViewport({ ratio: 0.2 });
});

test("a plan's button selects it in the contact form", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("link", { name: "Quero o plano Black" }).click();
  await expect(page.getByLabel("Plano de interesse").locator("option:checked")).toHaveText("Black");
  await expect(page.getByLabel("Nome completo")).toBeFocused();
});
