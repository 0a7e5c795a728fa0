// Issue 14 item 4: the representative copies their link; an anonymous visitor opens it and sends
// the contact form; the representative sees the new referral and the admin sees who referred it.
import { expect, test } from "@playwright/test";
import { loginAsAdmin, registerAndLoginRepresentative, uniqueEmail, uniquePhone } from "../../support/e2e";

const SUCCESS = "Mensagem enviada com sucesso! Em breve entraremos em contato.";

test("a visitor who opens a representative's link and sends the contact form becomes their referral", async ({
  page,
  browser,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const business = `Padaria do Link ${suffix}`;
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const rep = await registerAndLoginRepresentative(page, `Rep Link ${suffix}`);

  // The portal shows the link; "Copiar link" puts it on the clipboard.
  const shown = page.getByTestId("referral-link");
  await expect(page.getByRole("heading", { name: "Seu link de indicação" })).toBeVisible();
  await expect(shown).toHaveText(/^http:\/\/localhost:\d+\/\?ref=[a-z0-9]{8}$/);
  await page.getByRole("button", { name: "Copiar link" }).click();
  await expect(page.getByText("Link copiado!").first()).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await shown.textContent());
  const whatsapp = page.getByRole("link", { name: "Enviar pelo WhatsApp" });
  await expect(whatsapp).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent((await whatsapp.getAttribute("href"))!.split("?text=")[1])).toContain(link);

  // An anonymous browser opens the link: it lands on the home page without the code in the URL.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/$/);
  const cookies = await visitorContext.cookies();
  const ref = cookies.find((c) => c.name === "__indicacao");
  expect(ref?.value).toBe(link.split("ref=")[1]);
  expect(ref?.httpOnly).toBe(true);

  // The attribution survives navigation: the visitor sends the form of the contact page.
  await visitor.goto("/contato");
  await visitor.getByLabel("Nome completo").fill("Paula Padeira");
  await visitor.getByLabel("Nome do estabelecimento").fill(business);
  await visitor.getByLabel("WhatsApp", { exact: true }).pressSequentially(uniquePhone("41"));
  await visitor.getByLabel("E-mail").fill(uniqueEmail("link"));
  await visitor.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await visitor.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(visitor.getByText(SUCCESS).first()).toBeVisible();
  await visitorContext.close();

  // The representative sees the new referral, in analysis.
  await page.goto("/representante/indicacoes");
  await expect(page.getByRole("article", { name: business })).toContainText("Em análise");

  // The admin sees who referred the lead.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/leads?q=${encodeURIComponent(business)}`);
  await admin.getByRole("link", { name: "Paula Padeira" }).first().click();
  await expect(admin.getByText("Indicado por")).toBeVisible();
  await expect(admin.getByText(rep.name, { exact: true })).toBeVisible();
  await adminContext.close();
});
