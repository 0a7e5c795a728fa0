import { createClientViaForm, expectToast, unique } from "../../support/admin";
import { expectNoA11yViolations, gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { signInToClientArea } from "../../support/client-area-e2e";
import { waitForMail } from "../../support/mail";

// Issue 32 "Done when", E2E step 3 at 390 px with the SMTP test server: the client asks to cancel
// with a reason; the admin sees it in /admin/requests and accepts; the client sees the answer on
// /cliente and gets the e-mail.

const PHONE = { width: 390, height: 844 };

test("a client asks to cancel, the admin accepts, the client sees the answer and gets the e-mail", async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("pedido-cliente");
  const name = unique("Dona Pedido");
  await createClientViaForm(adminPage, {
    name,
    email,
    business: unique("Cantina do Pedido"),
    plan: "Premium",
  });

  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInToClientArea(page, email);

  // The request, with a reason from the list and text; a missing reason is refused first.
  const section = page.getByRole("region", { name: "Alterar ou cancelar o plano" });
  await section.getByLabel("O que você quer?").selectOption("cancelamento");
  await section.getByRole("button", { name: "Continuar" }).click();
  await section.getByRole("button", { name: "Enviar pedido" }).click();
  await expect(section.getByText("Escolha um motivo.").first()).toBeVisible();
  await section.getByLabel("Motivo").selectOption({ label: "Vou fechar ou vender o negócio" });
  await section.getByLabel("Conte mais (opcional)").fill("Vamos fechar em dezembro.");
  await section.getByRole("button", { name: "Enviar pedido" }).click();
  await expectToast(page, "Pedido enviado. Nossa equipe vai responder por e-mail.");
  await expect(section.getByRole("listitem").first()).toContainText("Aguardando resposta");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);

  // The admin sees it in "Solicitações" and accepts it (at the end of the period, the default).
  await gotoReady(adminPage, "/admin/requests");
  const card = adminPage.getByRole("article", { name: `Cancelamento de ${name}` });
  await expect(card).toContainText("Vamos fechar em dezembro.");
  // A cancellation cannot be refused (issue 46): only when it takes effect is chosen.
  await expect(card.getByRole("radio", { name: "Recusar" })).toHaveCount(0);
  await expect(
    card.getByRole("radio", { name: /^Ao fim do período pago \(\d{2}\/\d{2}\/\d{4}\)$/ }),
  ).toBeChecked();
  await card.getByLabel("Mensagem ao cliente (opcional)").fill("Sentiremos sua falta!");
  await card.getByRole("button", { name: "Aceitar cancelamento" }).click();
  await expectToast(adminPage, "Solicitação aceita. O cliente foi avisado por e-mail.");
  await expect(adminPage.getByRole("article", { name: `Cancelamento de ${name}` })).toContainText("Aceita");

  // The client sees the answer, and gets it by e-mail.
  await gotoReady(page, "/cliente");
  const answered = page
    .getByRole("region", { name: "Alterar ou cancelar o plano" })
    .getByRole("listitem")
    .first();
  await expect(answered).toContainText("Aceita");
  await expect(answered).toContainText("Sentiremos sua falta!");
  const [answer] = await waitForMail(
    (m) => m.to.includes(email) && m.subject === "Sua solicitação de cancelamento foi aceita",
  );
  expect(answer.text).toContain("Sentiremos sua falta!");
  expect(answer.text).toMatch(/A assinatura termina em \d{2}\/\d{2}\/\d{4}, ao fim do período pago/);
  await context.close();
});
