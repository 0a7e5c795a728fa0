import { expect, test } from "@playwright/test";
import { uniqueEmail } from "../../support/e2e";

/**
 * Issue 17 item 9: the landing's copy ships as HTML only and the contact form's code arrives when
 * the form is about to be used; nothing a visitor does is lost on the way.
 */
const SUCCESS = "Mensagem enviada com sucesso! Em breve entraremos em contato.";
const isFormCode = (url: string) => /\/assets\/contact-section-[^/]+\.js$/.test(url);

test("the contact form's code loads only when the visitor gets near the form", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (r) => loaded.push(r.url()));
  await page.goto("/", { waitUntil: "networkidle" });
  expect(loaded.filter(isFormCode)).toEqual([]);
  // The copy is there without its code: the hero, the plans, the FAQ.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Venda pelo seu próprio delivery");
  await expect(page.getByRole("link", { name: /Quero o plano/ }).first()).toBeVisible();

  const code = page.waitForRequest((r) => isFormCode(r.url()));
  await page.getByRole("heading", { name: "Vamos colocar o seu cardápio no ar?" }).scrollIntoViewIfNeeded();
  await code;
  await page.getByLabel("WhatsApp", { exact: true }).pressSequentially("41988887777");
  await expect(page.getByLabel("WhatsApp", { exact: true })).toHaveValue("(41) 98888-7777");
});

test("a plan button picks the plan in the form before the form's code was loaded", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Quero o plano Premium" }).click();
  await expect(page.getByLabel("Plano de interesse")).toHaveValue(/.+/);
  await expect(page.getByLabel("Plano de interesse").locator("option:checked")).toHaveText("Premium");
  await expect(page.getByLabel("Nome completo")).toBeFocused();
});

test("what was typed and sent before the form's code arrived is kept and sent once", async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => isFormCode(url.href),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const posts: string[] = [];
  page.on("request", (r) => r.method() === "POST" && posts.push(r.url()));
  await page.goto("/#contato", { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() =>
    Object.keys(document.getElementById("conteudo") ?? {}).some((k) => k.startsWith("__reactFiber")),
  );
  const email = uniqueEmail("ilha");
  await page.getByLabel("Nome completo").fill("Paula Ribeiro");
  await page.getByLabel("Nome do estabelecimento").fill("Açaí da Paula");
  await page.getByLabel("WhatsApp", { exact: true }).fill("41988887777");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  // Held: no full-page POST went out while the code was missing.
  await page.waitForTimeout(300);
  expect(posts).toEqual([]);
  release();
  await expect(page.getByText(SUCCESS).first()).toBeVisible();
  expect(posts).toHaveLength(1);
  await expect(page.getByLabel("Nome completo")).toHaveValue("");
});

test("arriving on / by a link from another page shows the whole landing", async ({ page }) => {
  await page.goto("/blog", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "CardápioDigital" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Venda pelo seu próprio delivery");
  await expect(page.getByRole("link", { name: /Quero o plano/ })).not.toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/blog$/);
  await page.goForward();
  await expect(page.getByRole("heading", { name: "Perguntas frequentes" })).toBeVisible();
});
