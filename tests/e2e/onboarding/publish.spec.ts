import jsQR from "jsqr";
import { PNG } from "pngjs";
import { createClientViaForm, expectToast, saveCompanyData, unique } from "../../support/admin";
import { expectNoA11yViolations, gotoReady, loginAsAdmin, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { waitForMail } from "../../support/mail";

// Issue 46, deliverables 3, 4 and 7, at 390 px with the SMTP test server: the admin publishes with
// the menu's address (asked again because checklist steps are open); the owner gets "Seu cardápio
// está no ar" with the link and its QR Code, answerable to the support address, opens the client
// area from it (the address already filled in) and sees the link and the QR there.

const PHONE = { width: 390, height: 844 };
const MENU = "https://cantina-e2e.exemplo.com.br/cardapio";

test("the admin publishes with the menu's address; the owner gets the link and its QR Code, and sees them in the client area", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);

  // Configurações: the support address (Reply-To) and the receipts' issuer.
  await gotoReady(admin, "/admin/settings/notifications");
  await admin.getByLabel("E-mail de atendimento").fill("nao-e-email");
  await admin.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Informe um e-mail válido para o atendimento")).toBeVisible();
  await admin.getByLabel("E-mail de atendimento").fill("atendimento@cardapio-e2e.dev");
  await admin.getByRole("button", { name: "Salvar" }).click();
  await expectToast(admin, "Notificações salvas com sucesso!");
  await expectNoA11yViolations(admin);
  await gotoReady(admin, "/admin/settings/billing/company");
  await expectNoA11yViolations(admin);
  await saveCompanyData(admin);

  const name = unique("Dona Publicada");
  const email = uniqueEmail("publicada");
  const clientId = await createClientViaForm(admin, { name, email, business: unique("Cantina No Ar") });
  await gotoReady(admin, `/admin/clients/edit/${clientId}`);
  await admin.getByRole("button", { name: "Pagamento confirmado" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Abrir implantação" }).click();
  await expectToast(admin, "Implantação aberta");

  // Publicar: the address is required and must be https; open steps ask again.
  await gotoReady(admin, `/admin/onboarding?q=${encodeURIComponent(name)}`);
  const card = admin.getByRole("article", { name: `Implantação de ${name}` });
  await card.locator("summary").filter({ hasText: "Publicar" }).click();
  await expect(card).toContainText("9 etapas do checklist em aberto.");
  await card.getByRole("button", { name: "Publicar" }).click();
  await expect(card.getByText("Informe o endereço público do cardápio (https://...).")).toBeVisible();
  await card.getByLabel("Endereço público do cardápio").fill("http://cantina-e2e.exemplo.com.br");
  await card.getByRole("button", { name: "Publicar" }).click();
  await expect(card.getByText("Use um endereço seguro, que comece com https://.")).toBeVisible();
  await card.getByLabel("Endereço público do cardápio").fill(MENU);
  await card.getByRole("button", { name: "Publicar" }).click();
  await expect(card.getByRole("alert")).toContainText(
    "9 etapas do checklist estão em aberto. Confira e confirme para publicar mesmo assim.",
  );
  await expect(card.getByRole("alert")).toContainText("Treinamento feito");
  await expectNoA11yViolations(admin);
  await card.getByRole("button", { name: "Publicar mesmo assim" }).click();
  await expectToast(admin, "Implantação publicada");
  const published = admin.getByRole("region", { name: "Publicado" }).getByRole("article", {
    name: `Implantação de ${name}`,
  });
  await expect(published).toContainText("publicado com 9 etapas em aberto");
  await expect(published.getByRole("link", { name: MENU })).toBeVisible();
  await expectNoA11yViolations(admin);

  // The owner's e-mail: the link, its QR Code, answerable to the support address.
  const [mail] = await waitForMail((m) => m.to.includes(email) && m.subject === "Seu cardápio está no ar");
  expect(mail.text).toContain(MENU);
  expect(mail.text).toContain("atendimento@cardapio-e2e.dev");
  const qr = mail.attachments.find((a) => a.contentType === "image/png" && a.cid);
  const png = PNG.sync.read(Buffer.from(qr!.base64, "base64"));
  expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(MENU);

  // "Acessar a área do cliente": the sign-in page with the address already filled in.
  const entry = [...mail.html.matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1].replaceAll("&amp;", "&"))
    .find((h) => h.includes("/cliente/entrar?email="));
  expect(entry, "the client area link").toBeTruthy();
  const ownerContext = await browser.newContext({ viewport: PHONE });
  const owner = await ownerContext.newPage();
  const target = new URL(entry!);
  await gotoReady(owner, target.pathname + target.search);
  await expect(owner.getByLabel("E-mail")).toHaveValue(email);
  await expectNoA11yViolations(owner);
  await owner.getByRole("button", { name: "Receber link de acesso" }).click();
  const [signIn] = await waitForMail((m) => m.to.includes(email) && m.subject.includes("link de acesso"));
  const href = /href="(http[^"]+\/cliente\/entrar\/confirmar\?token=[^"]+)"/.exec(signIn.html)?.[1];
  const link = new URL(href!.replaceAll("&amp;", "&"));
  await gotoReady(owner, link.pathname + link.search);
  await owner.getByRole("button", { name: "Entrar na Área do Cliente" }).click();
  await expect(owner).toHaveURL(/\/cliente$/);

  // The client area: the menu's link, its QR Code (to print) and how to reach the team.
  const section = owner.getByRole("region", { name: "Seu cardápio está no ar" });
  await expect(section.getByRole("link", { name: MENU })).toHaveAttribute("href", MENU);
  await expect(section.getByRole("img", { name: "QR Code do cardápio" })).toBeVisible();
  await expect(section.getByRole("link", { name: "Baixar QR Code para imprimir" })).toHaveAttribute(
    "download",
    "qr-code-cardapio.png",
  );
  await expect(section.getByRole("link", { name: "atendimento@cardapio-e2e.dev" })).toBeVisible();
  await expectNoA11yViolations(owner);
  await ownerContext.close();
  await adminContext.close();
});

test("without JavaScript, Publicar still asks for the address and for the open steps' confirmation", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const withJs = await browser.newContext({ viewport: PHONE });
  const setup = await withJs.newPage();
  await loginAsAdmin(setup);
  const name = unique("Dona Sem JS");
  const clientId = await createClientViaForm(setup, {
    name,
    email: uniqueEmail("sem-js"),
    business: unique("Cantina Sem JS"),
  });
  await gotoReady(setup, `/admin/clients/edit/${clientId}`);
  await setup.getByRole("button", { name: "Pagamento confirmado" }).click();
  await setup.getByRole("alertdialog").getByRole("button", { name: "Abrir implantação" }).click();
  await expectToast(setup, "Implantação aberta");
  const cookies = await withJs.cookies();
  await withJs.close();

  const noJs = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  await noJs.addCookies(cookies);
  const page = await noJs.newPage();
  await page.goto(`/admin/onboarding?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name: `Implantação de ${name}` });
  await card.locator("summary").filter({ hasText: "Publicar" }).click();
  await card.getByLabel("Endereço público do cardápio").fill("http://sem-js.exemplo.com.br");
  await card.getByRole("button", { name: "Publicar" }).click();
  // The board answers with the form again, the error beside the field.
  const panel = page.getByRole("region", { name: "Publicar implantação" });
  await expect(panel.getByText("Use um endereço seguro, que comece com https://.")).toBeVisible();
  await panel.getByLabel("Endereço público do cardápio").fill("https://sem-js.exemplo.com.br");
  await panel.getByRole("button", { name: "Publicar" }).click();
  await expect(panel.getByRole("alert")).toContainText("9 etapas do checklist estão em aberto");
  await expect(panel.getByLabel("Endereço público do cardápio")).toHaveValue("https://sem-js.exemplo.com.br");
  await panel.getByRole("button", { name: "Publicar mesmo assim" }).click();
  await expect(page).toHaveURL(/\/admin\/onboarding/);
  await page.goto(`/admin/onboarding?q=${encodeURIComponent(name)}`);
  const done = page
    .getByRole("region", { name: "Publicado" })
    .getByRole("article", { name: `Implantação de ${name}` });
  await expect(done).toContainText("publicado com 9 etapas em aberto");
  await noJs.close();
});
