import { createClientViaForm, expectToast, unique } from "../../support/admin";
import { signInToClientArea } from "../../support/client-area-e2e";
import { ADMIN, expectNoA11yViolations, gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { waitForMail } from "../../support/mail";

// Issue 46 item 2 (decision 041), at 390 px with the SMTP test server: after the first payment,
// the owner sends the menu (PDF) and the logo (PNG) and fills the hours in /cliente; a renamed
// file is refused with its message; the team gets the e-mails and sees everything on the
// onboarding card (Implantação), where the files download back.

const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);

test("the owner sends the menu, the logo and the hours; the team sees them on the onboarding card", async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("envio-cardapio");
  const name = unique("Dona Envio");
  const business = unique("Cantina do Envio");
  const clientId = await createClientViaForm(adminPage, { name, email, business, plan: "Premium" });
  // The first payment opens the onboarding.
  await gotoReady(adminPage, `/admin/billing?client=${clientId}`);
  await adminPage.getByRole("button", { name: "Registrar pagamento" }).first().click();
  await adminPage.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expectToast(adminPage, "Pagamento registrado com sucesso!");

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInToClientArea(page, email);
  const section = page.getByRole("region", { name: "Implantação: o que precisamos de você" });
  await expect(section).toContainText("Cardápio (pendente)");
  await expect(section).toContainText("Envie até");
  await expectNoA11yViolations(page);

  // Over 10 MB: refused before it is sent, with the limit's message.
  const menuForm = section.getByRole("form", { name: "Enviar cardápio" });
  await menuForm.getByLabel("Arquivo do cardápio").setInputFiles({
    name: "cardapio-grande.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
  });
  await menuForm.getByRole("button", { name: "Enviar arquivo" }).click();
  await expect(menuForm).toContainText("O arquivo passa de 10 MB.");

  // A PNG renamed .pdf: refused, with the reason, beside the form.
  await section
    .getByRole("form", { name: "Enviar cardápio" })
    .getByLabel("Arquivo do cardápio")
    .setInputFiles({ name: "cardapio.pdf", mimeType: "application/pdf", buffer: PNG });
  await section
    .getByRole("form", { name: "Enviar cardápio" })
    .getByRole("button", { name: "Enviar arquivo" })
    .click();
  await expect(page).toHaveURL(/\/cliente\/implantacao$/);
  const refused = page.getByRole("form", { name: "Enviar cardápio" });
  await expect(refused).toContainText(
    "O arquivo tem a extensão .pdf, mas o conteúdo é uma imagem PNG. Envie o arquivo original, sem renomear.",
  );
  await expectNoA11yViolations(page);

  // The menu, as a PDF.
  await refused
    .getByLabel("Arquivo do cardápio")
    .setInputFiles({ name: "cardapio-cantina.pdf", mimeType: "application/pdf", buffer: PDF });
  await refused.getByRole("button", { name: "Enviar arquivo" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Arquivo enviado. Nossa equipe foi avisada." }),
  ).toBeVisible();
  const steps = page.getByRole("region", { name: "Implantação: o que precisamos de você" });
  await expect(steps).toContainText("Cardápio (enviado)");
  await expect(steps.getByRole("link", { name: "cardapio-cantina.pdf" })).toBeVisible();

  // The logo, as a PNG.
  await page
    .getByRole("form", { name: "Enviar logo" })
    .getByLabel("Arquivo do logo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await page
    .getByRole("form", { name: "Enviar logo" })
    .getByRole("button", { name: "Enviar arquivo" })
    .click();
  await expect(steps).toContainText("Logo (enviado)");

  // The hours.
  const hours = page.getByRole("form", { name: "Enviar horários de funcionamento" });
  await hours.getByLabel("Horários de funcionamento").fill("Terça a domingo, das 18h às 23h");
  await hours.getByRole("button", { name: "Enviar" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Informações enviadas. Nossa equipe foi avisada." }),
  ).toBeVisible();
  await expect(steps).toContainText("Horários de funcionamento (enviado)");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);
  // Back on /cliente, the section says the same.
  await gotoReady(page, "/cliente");
  await expect(page.getByRole("region", { name: "Implantação: o que precisamos de você" })).toContainText(
    "Logo (enviado)",
  );
  await expectNoA11yViolations(page);

  // The team's e-mails.
  const [menuMail] = await waitForMail(
    (m) => m.to.includes(ADMIN.email) && m.subject === `Implantação: ${business} enviou cardápio`,
  );
  expect(menuMail.text).toContain("cardapio-cantina.pdf");
  await waitForMail(
    (m) =>
      m.to.includes(ADMIN.email) && m.subject === `Implantação: ${business} enviou horários de funcionamento`,
  );

  // The onboarding card shows what was sent, ticked, and the menu downloads back.
  await gotoReady(adminPage, `/admin/onboarding?q=${encodeURIComponent(name)}`);
  const card = adminPage
    .getByRole("region", { name: "Em andamento" })
    .getByRole("article", { name: `Implantação de ${name}` });
  await expect(card).toContainText("Enviado pelo cliente");
  await expect(card).toContainText("Terça a domingo, das 18h às 23h");
  await expect(card).toContainText("Checklist (3/9)");
  await expect(card.getByRole("checkbox", { name: "Cardápio recebido" })).toBeChecked();
  await expect(card.getByRole("checkbox", { name: "Logo recebido" })).toBeChecked();
  await expect(card.getByRole("checkbox", { name: "Horários de funcionamento recebidos" })).toBeChecked();
  const menuLink = card.getByRole("link", { name: "cardapio-cantina.pdf" });
  const response = await adminPage.request.get((await menuLink.getAttribute("href"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="cardapio-cantina.pdf"/);
  // The route sets it on the file (as the CSV exports do) and the server on every answer.
  expect(response.headers()["x-content-type-options"]).toMatch(/^nosniff(, nosniff)?$/);
  expect(Buffer.compare(await response.body(), PDF)).toBe(0);
  // The client's own link serves it to the client; the admin's session does not open the client's.
  const own = await page.request.get(
    (await menuLink.getAttribute("href"))!.replace("/admin/onboarding/", "/cliente/implantacao/"),
  );
  expect(own.status()).toBe(200);
  await context.close();
});

test("without JavaScript the forms still post: a file and the PIX key are sent, a bad key is refused", async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("envio-sem-js");
  const name = unique("Dono Sem JS");
  const clientId = await createClientViaForm(adminPage, { name, email, business: unique("Bar Sem JS") });
  await gotoReady(adminPage, `/admin/billing?client=${clientId}`);
  await adminPage.getByRole("button", { name: "Registrar pagamento" }).first().click();
  await adminPage.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expectToast(adminPage, "Pagamento registrado com sucesso!");

  // Signed in as usual, then the same session in a browser with JavaScript off.
  const signIn = await browser.newContext({ viewport: PHONE });
  await signInToClientArea(await signIn.newPage(), email);
  const context = await browser.newContext({
    viewport: PHONE,
    javaScriptEnabled: false,
    storageState: await signIn.storageState(),
  });
  await signIn.close();
  const page = await context.newPage();
  await page.goto("/cliente");
  const menu = page.getByRole("form", { name: "Enviar cardápio" });
  await menu
    .getByLabel("Arquivo do cardápio")
    .setInputFiles({ name: "cardapio.pdf", mimeType: "application/pdf", buffer: PDF });
  await menu.getByRole("button", { name: "Enviar arquivo" }).click();
  await expect(page).toHaveURL(/\/cliente\/implantacao\?enviado=cardapio/);
  await expect(page.getByText("Arquivo enviado. Nossa equipe foi avisada.")).toBeVisible();
  await expect(page.getByRole("link", { name: "cardapio.pdf" })).toBeVisible();

  // Over 10 MB without JavaScript: the server stops reading and answers its page with the limit.
  await page.goto("/cliente/implantacao");
  const logo = page.getByRole("form", { name: "Enviar logo" });
  await logo.getByLabel("Arquivo do logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(11 * 1024 * 1024),
  });
  await logo.getByRole("button", { name: "Enviar arquivo" }).click();
  await expect(page.getByRole("alert")).toContainText("O arquivo passa de 10 MB.");
  await page.goto("/cliente/implantacao");

  const pix = page.getByRole("form", { name: "Enviar chave pix do restaurante" });
  await pix.getByRole("textbox").fill("123.456.789-00");
  await pix.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("form", { name: "Enviar chave pix do restaurante" })).toContainText(
    "CPF inválido.",
  );
  await page
    .getByRole("form", { name: "Enviar chave pix do restaurante" })
    .getByRole("textbox")
    .fill("+55 11 98765-4321");
  await page
    .getByRole("form", { name: "Enviar chave pix do restaurante" })
    .getByRole("button", { name: "Enviar" })
    .click();
  await expect(page.getByText("Informações enviadas. Nossa equipe foi avisada.")).toBeVisible();
  await expect(
    page.getByRole("form", { name: "Enviar chave pix do restaurante" }).getByRole("textbox"),
  ).toHaveValue("+5511987654321");
  await context.close();
});
