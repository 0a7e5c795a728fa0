import type { Page, Response } from "@playwright/test";
import { formatMoney } from "../../../app/lib/format";
import { createClientViaForm, expectToast, unique } from "../../support/admin";
import { signInToClientArea } from "../../support/client-area-e2e";
import { gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { plainHtmlProblems } from "../security/support";

// Issue 46 item 6 (decision 046): the client area is plain HTML. With JavaScript off, at 390 px,
// the owner signs in by the e-mailed link, reads the PIX code as text, asks for a plan change
// after reading its preview, sends the menu, saves its data, opens the receipt and signs out;
// no page of the area loads a framework script, with JavaScript on or off.

const PHONE = { width: 390, height: 844 };
const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** The page as served: plain (data-plain), no module script or preload, every inline script allowed. */
async function expectPlain(page: Page, res?: Response | null) {
  await expect(page.locator("html[data-plain]")).toBeAttached();
  await expect(
    page.locator('script[src], script[type="module"], link[rel="modulepreload"]'),
    page.url(),
  ).toHaveCount(0);
  if (res) {
    const csp = res.headers()["content-security-policy"] ?? "";
    expect(plainHtmlProblems(await res.text(), csp), page.url()).toEqual([]);
  }
}

test("without JavaScript the owner uses the whole client area, and no page loads a framework script", async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(150_000);
  // The company's PIX data, so the open charge carries a copia e cola code.
  await gotoReady(adminPage, "/admin/settings/billing");
  await adminPage.getByLabel("Chave PIX").fill("financeiro@cardapio.dev");
  await adminPage.getByLabel("Nome do beneficiário").fill("Cardapio Digital");
  await adminPage.getByLabel("Cidade do beneficiário").fill("Sao Paulo");
  await adminPage.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectToast(adminPage, "Configurações financeiras salvas com sucesso!");
  const email = uniqueEmail("sem-js");
  const clientId = await createClientViaForm(adminPage, {
    name: unique("Dona Sem JS"),
    email,
    business: unique("Cantina Sem JS"),
    plan: "Premium",
  });

  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  const page = await context.newPage();
  // The sign-in pages work and are plain too.
  await expectPlain(page, await page.goto("/cliente/entrar"));
  await signInToClientArea(page, email);
  await expectToast(page, "Bem-vindo à Área do Cliente!");
  await expectPlain(page, await page.goto("/cliente"));

  // The PIX code as text to select and copy; the copy button needs script and is not shown.
  const open = page.getByRole("region", { name: "Cobranças" }).locator("li[data-charge]").first();
  await expect(open.getByLabel("PIX copia e cola")).toBeVisible();
  await expect(open.getByLabel("PIX copia e cola")).toHaveValue(/^000201/);
  await expect(open.getByRole("button", { name: "Copiar código PIX" })).toBeHidden();

  // The first payment (by the admin) opens the paid period and the onboarding.
  await gotoReady(adminPage, `/admin/billing?client=${clientId}`);
  await adminPage.getByRole("button", { name: "Registrar pagamento" }).first().click();
  await adminPage.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expectToast(adminPage, "Pagamento registrado com sucesso!");

  // A plan change: chosen, its cost shown by the server, then sent.
  await page.goto("/cliente");
  let section = page.getByRole("region", { name: "Alterar ou cancelar o plano" });
  await section.getByLabel("O que você quer?").selectOption("troca_plano");
  await section.getByRole("button", { name: "Continuar" }).click();
  // No plan chosen: the step comes back with its message.
  await expect(section.getByText("Escolha o novo plano.")).toBeVisible();
  await section.getByLabel("Novo plano").selectOption({ label: `Black (${formatMoney(14_990)}/mês)` });
  await section.getByRole("button", { name: "Continuar" }).click();
  await expect(page).toHaveURL(/\/cliente\?kind=troca_plano&planId=[^#]+#alterar-plano$/);
  await expectPlain(page);
  await expect(section.getByText(/^R\$\s[\d.,]+ hoje, depois R\$\s149,90 por mês$/)).toBeVisible();
  await expect(section.getByLabel("Motivo")).toHaveCount(0);
  await section.getByLabel("Conte mais (opcional)").fill("Queremos o delivery próprio.");
  await section.getByRole("button", { name: "Enviar pedido" }).click();
  await expect(page).toHaveURL(/\/cliente#alterar-plano$/);
  await expectToast(page, "Pedido enviado. Nossa equipe vai responder por e-mail.");
  section = page.getByRole("region", { name: "Alterar ou cancelar o plano" });
  await expect(section.getByRole("listitem").first()).toContainText("Troca de plano para Black");
  await expect(section.getByRole("listitem").first()).toContainText("Aguardando resposta");

  // The menu, sent from /cliente as multipart.
  const menu = page.getByRole("form", { name: "Enviar cardápio" });
  await menu
    .getByLabel("Arquivo do cardápio")
    .setInputFiles({ name: "cardapio.pdf", mimeType: "application/pdf", buffer: PDF });
  await menu.getByRole("button", { name: "Enviar arquivo" }).click();
  await expect(page).toHaveURL(/\/cliente\/implantacao\?enviado=cardapio/);
  await expect(
    page.getByRole("status").filter({ hasText: "Arquivo enviado. Nossa equipe foi avisada." }).first(),
  ).toBeVisible();
  await expectPlain(page, await page.goto("/cliente/implantacao"));

  // "Seus dados": refused, then saved (the toast comes with the redirect).
  await expectPlain(page, await page.goto("/cliente/dados"));
  await page.getByLabel("Telefone").fill("123");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Telefone inválido. Use (99) 99999-9999.")).toBeVisible();
  await page.getByLabel("Telefone").fill("(21) 97777-6666");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page).toHaveURL(/\/cliente\/dados$/);
  await expectToast(page, "Dados atualizados.");
  await expect(page.getByLabel("Telefone")).toHaveValue("(21) 97777-6666");

  // The receipt of the paid charge ("Imprimir" needs script), and a page that does not exist.
  await page.goto("/cliente");
  await page.getByRole("link", { name: /^Recibo da cobrança/ }).click();
  await expect(page.getByRole("heading", { name: "Recibo de pagamento" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
  await expectPlain(page, await page.reload());
  const missing = await page.goto("/cliente/nao-existe");
  expect(missing?.status()).toBe(404);
  await expectPlain(page, missing);

  // With JavaScript on (the same session), the pages run only the area's own inline script.
  const withJs = await browser.newContext({ viewport: PHONE, storageState: await context.storageState() });
  const again = await withJs.newPage();
  for (const path of ["/cliente", "/cliente/dados", "/cliente/implantacao"]) {
    await expectPlain(again, await again.goto(path));
    await expect(again.locator("script:not([src])")).toHaveCount(1);
  }
  await withJs.close();

  // "Sair": back to the sign-in page, with the toast; the area asks for a link again.
  await page.goto("/cliente");
  await page.getByRole("button", { name: "Sair", exact: true }).click();
  await expect(page).toHaveURL(/\/cliente\/entrar$/);
  await expectToast(page, "Você saiu da Área do Cliente.");
  await page.goto("/cliente");
  await expect(page).toHaveURL(/\/cliente\/entrar$/);
  await context.close();
});
