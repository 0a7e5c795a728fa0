import { expect, test } from "@playwright/test";
import { expectNoA11yViolations, uniqueEmail } from "../../support/e2e";

// Issue 17 item 2: /contato is a page of its own (it was a 301 to /#contato with canonical "/").
const SUCCESS = "Mensagem enviada com sucesso! Em breve entraremos em contato.";

test("/contato: its own title, description and canonical, and a working contact form", async ({ page }) => {
  const res = await page.request.get("/contato", { maxRedirects: 0 });
  expect(res.status()).toBe(200);

  await page.goto("/contato");
  // The exact title is checked by the settings spec (the one test that overrides it, on this
  // shared server) and by the SEO integration test.
  await expect(page).toHaveTitle(/ \| CardápioDigital$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/contato$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /Peça seu cardápio digital/,
  );
  await expect(
    page.getByRole("heading", { level: 1, name: "Vamos colocar o seu cardápio no ar?" }),
  ).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByLabel("Nome completo").fill("Rita Contato");
  await page.getByLabel("Nome do estabelecimento").fill("Café da Rita");
  await page.getByLabel("WhatsApp", { exact: true }).pressSequentially("11987654321");
  await page.getByLabel("E-mail").fill(uniqueEmail("contato-pagina"));
  await page.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await page.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(page.getByRole("status").filter({ hasText: SUCCESS })).toBeVisible();
  // One confirmation: the form's, no toast over it.
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  await expect(page).toHaveURL(/\/contato#contato$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/contato posts to itself and answers on the same page", async ({ page }) => {
    await page.goto("/contato");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page.getByText("Informe seu nome completo.")).toBeVisible();
    await expect(page).toHaveURL(/\/contato#contato$/);
  });
});
