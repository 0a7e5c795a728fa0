import { addBusinessDays } from "../../../app/lib/business-days";
import { addDays, addMonths, isoToBrDate, todayInSaoPaulo } from "../../../app/lib/dates";
import { decodeBrCode } from "../../../app/modules/billing/pix-code";
import { createClientViaForm, expectToast, unique } from "../../support/admin";
import { expectNoA11yViolations, gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { linkIn, waitForMail } from "../../support/mail";

// Issue 32 "Done when", E2E steps 1, 2 and 4 at 390 px with the SMTP test server: a client asks
// for the link, opens it from the e-mail and sees the open charge; the PIX code copied from the
// page decodes to the charge's amount; axe finds nothing on every /cliente page.

const PHONE = { width: 390, height: 844 };
const cents = (money: string) => Number(money.replace(/\D/g, ""));

test("a client signs in by e-mailed link, sees the open charge and copies a PIX code of its amount", async ({
  adminPage,
  browser,
}) => {
  test.setTimeout(120_000);
  // The company's PIX data (Configurações → Financeiro), as billing's own spec sets it.
  await gotoReady(adminPage, "/admin/settings/billing");
  await adminPage.getByLabel("Chave PIX").fill("financeiro@cardapio.dev");
  await adminPage.getByLabel("Nome do beneficiário").fill("Cardapio Digital");
  await adminPage.getByLabel("Cidade do beneficiário").fill("Sao Paulo");
  await adminPage.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectToast(adminPage, "Configurações financeiras salvas com sucesso!");
  // A client on Premium: its first charge is issued (and e-mailed, with a link to /cliente).
  const email = uniqueEmail("area-cliente");
  const clientId = await createClientViaForm(adminPage, {
    name: unique("Dona Área"),
    email,
    business: unique("Cantina da Área"),
    plan: "Premium",
  });
  const today = todayInSaoPaulo();
  const [issued] = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith("Nova cobrança"));
  // "Acessar a área do cliente": the sign-in page with the address filled in (issue 46).
  expect(issued.html).toMatch(/href="http:\/\/[^"]+\/cliente\/entrar\?email=[^"]+"/);
  const amount = Number(/: (R\$\s[\d.,]+), vencimento/.exec(issued.subject)?.[1].replace(/\D/g, ""));
  // Issue 46: due three business days after it is issued, with each line and the total.
  const due = isoToBrDate(addBusinessDays(today, 3));
  expect(issued.subject).toContain(`vencimento ${due}`);
  const period = `${isoToBrDate(today)} a ${isoToBrDate(addDays(addMonths(today, 1), -1))}`;
  const monthly = new RegExp(`Plano Premium · Mensal · ${period}: (R\\$\\s[\\d.,]+)`).exec(issued.text)?.[1];
  expect(monthly, "the month's line").toBeTruthy();
  expect(issued.text).toMatch(/Taxa de ativação: R\$\s[\d.,]+/);
  expect(cents(/Total: (R\$\s[\d.,]+)/.exec(issued.text)?.[1] ?? "")).toBe(amount);

  const context = await browser.newContext({
    viewport: PHONE,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  // 1. Ask for the link; the same answer as for anyone.
  await gotoReady(page, "/cliente/entrar");
  await expectNoA11yViolations(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Receber link de acesso" }).click();
  await expect(page.getByRole("status").filter({ hasText: "enviamos um link de acesso" })).toBeVisible();
  await expectNoA11yViolations(page);

  const [mail] = await waitForMail((m) => m.to.includes(email) && m.subject.includes("link de acesso"));
  const href = /href="(http[^"]+\/cliente\/entrar\/confirmar\?token=[^"]+)"/.exec(mail.html)?.[1];
  expect(href, "the sign-in link").toBeTruthy();
  const link = linkIn(mail.html, href!.replaceAll("&amp;", "&"));
  await gotoReady(page, new URL(link).pathname + new URL(link).search);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Entrar na Área do Cliente" }).click();
  await expect(page).toHaveURL(/\/cliente$/);
  await expectToast(page, "Bem-vindo à Área do Cliente!");

  // The open charge, its amount, its PIX QR and copia e cola.
  const charges = page.getByRole("region", { name: "Cobranças" });
  const open = charges.locator("li[data-charge]").first();
  await expect(open).toContainText("A vencer");
  expect(cents(await open.locator("p").first().innerText())).toBe(amount);
  await expect(open.getByRole("img", { name: /QR Code do PIX/ })).toBeVisible();
  // Its lines and total, and the plan's price and next charge (issue 46), as the owner reads them.
  await expect(open).toContainText(`vence em ${due}`);
  const items = open.getByRole("list", { name: /Itens da cobrança/ });
  await expect(
    items.getByRole("listitem").filter({ hasText: `Plano Premium · Mensal · ${period}` }),
  ).toContainText(monthly!);
  await expect(items.getByRole("listitem").filter({ hasText: "Taxa de ativação" })).toBeVisible();
  expect(cents(await items.getByRole("listitem").filter({ hasText: "Total" }).innerText())).toBe(amount);
  const plan = page.getByRole("region", { name: "Seu plano" });
  await expect(plan).toContainText("Premium");
  await expect(plan.locator("dd").filter({ hasText: "/mês" })).toHaveText(`${monthly!}/mês`);
  await expect(plan).toContainText(`Próxima cobrança: ${monthly!} em ${isoToBrDate(addMonths(today, 1))}`);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page);

  // 2. The copied code decodes to the charge's amount.
  await open.getByRole("button", { name: "Copiar código PIX" }).click();
  await expect(open.getByRole("status")).toHaveText("Código PIX copiado!");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const decoded = decodeBrCode(copied);
  expect(decoded.ok && decoded.pix.amountCents).toBe(amount);

  // The admin records the payment: the charge moves to "Pagas" with its printable receipt.
  await gotoReady(adminPage, `/admin/clients/edit/${clientId}`);
  const number = (await open.getAttribute("data-charge"))!;
  const item = adminPage
    .getByRole("list", { name: "Cobranças do cliente" })
    .locator(":scope > li")
    .filter({ hasText: number });
  await item.getByRole("button", { name: "Registrar pagamento" }).click();
  await item
    .getByRole("form", { name: `Pagamento da cobrança ${number}` })
    .getByRole("button", { name: "Confirmar pagamento" })
    .click();
  await expectToast(adminPage, "Pagamento registrado com sucesso!");
  await gotoReady(page, "/cliente");
  await expect(charges).toContainText("Nenhuma cobrança em aberto");
  await charges.getByRole("link", { name: `Recibo da cobrança ${number}` }).click();
  await expect(page.getByRole("heading", { name: "Recibo de pagamento" })).toBeVisible();
  await expect(page.getByText(`Cobrança ${number}`)).toBeVisible();
  await expectNoA11yViolations(page);

  // "Seus dados": the client changes the contact phone (issue 32 item 3).
  await gotoReady(page, "/cliente");
  await page.getByRole("link", { name: "Seus dados" }).click();
  await expect(page.getByRole("heading", { name: "Seus dados" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByLabel("Telefone").fill("123");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Telefone inválido. Use (99) 99999-9999.")).toBeVisible();
  await page.getByLabel("Telefone").fill("(21) 97777-6666");
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expectToast(page, "Dados atualizados.");
  await gotoReady(adminPage, `/admin/clients/edit/${clientId}`);
  await expect(adminPage.getByRole("region", { name: "Resumo do cliente" })).toContainText("(21) 97777-6666");
  await gotoReady(page, "/cliente");

  // A used link does not open a second session.
  const other = await browser.newContext({ viewport: PHONE });
  const again = await other.newPage();
  await gotoReady(again, new URL(link).pathname + new URL(link).search);
  await again.getByRole("button", { name: "Entrar na Área do Cliente" }).click();
  await expect(again.getByRole("alert")).toContainText("Este link de acesso expirou ou já foi usado.");
  await other.close();

  // "Sair de todos os dispositivos" ends the session; /cliente asks for a link again.
  await page.getByRole("button", { name: "Sair de todos os dispositivos" }).click();
  await expect(page).toHaveURL(/\/cliente\/entrar$/);
  await gotoReady(page, "/cliente");
  await expect(page).toHaveURL(/\/cliente\/entrar$/);
  await context.close();
});
