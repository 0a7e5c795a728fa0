import { expect, test, type Page } from "@playwright/test";
import {
  expectNoA11yViolations,
  loginAsAdmin,
  registerAndLoginRepresentative,
  uniqueEmail,
  uniquePhone,
} from "../../support/e2e";
import { linkIn, refuseRecipient, waitForMail } from "../../support/mail";
import { completeReferral } from "../../support/referrals";

const INVALID_LINK = "Este link de redefinição de senha expirou ou já foi usado.";

async function login(page: Page, email: string, password: string) {
  await page.goto("/representante/login");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("forgot password: e-mail, link, new password; the old password and the link's second use fail", async ({
  browser,
  page,
  baseURL,
}) => {
  // Two browsers, a mail round trip and three sign-ins: ~50 s on a quiet machine.
  test.slow();
  const rep = await registerAndLoginRepresentative(page, "Rita Esquecida");
  // Someone else's browser: the portal session above must end when the password changes.
  const context = await browser.newContext();
  const anon = await context.newPage();
  await anon.goto("/representante/login");
  await anon.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(anon).toHaveURL(/\/representante\/esqueci-senha$/);
  await expectNoA11yViolations(anon);
  await anon.getByLabel("E-mail", { exact: true }).fill(rep.email);
  await anon.getByRole("button", { name: "Enviar link" }).click();
  await expect(anon.getByRole("status")).toContainText("Se houver uma conta com este e-mail");

  const [mail] = await waitForMail((m) => m.to.includes(rep.email) && m.subject === "Redefinição de senha");
  const link = linkIn(mail.html, `${baseURL}/representante/redefinir-senha?token=`);
  expect(mail.text).toContain(link);

  await anon.goto(link);
  await expect(anon.getByRole("heading", { name: "Criar nova senha" })).toBeVisible();
  await expectNoA11yViolations(anon);
  await anon.getByLabel("Nova senha", { exact: true }).fill("123");
  await anon.getByLabel("Confirmar nova senha").fill("123");
  await anon.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(anon.getByText("A senha deve ter pelo menos 6 caracteres")).toBeVisible();
  await anon.getByLabel("Nova senha", { exact: true }).fill("senha-nova-456");
  await anon.getByLabel("Confirmar nova senha").fill("senha-nova-456");
  await anon.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(anon).toHaveURL(/\/representante\/login$/);
  await expect(anon.getByText("Senha redefinida com sucesso! Faça login com a nova senha.")).toBeVisible();

  // The old session ended.
  await page.goto("/representante/dashboard");
  await expect(page).toHaveURL(/\/representante\/login$/);
  // The old password fails, the new one works.
  await login(anon, rep.email, rep.password);
  await expect(anon.getByRole("alert")).toHaveText("Email ou senha incorretos. Verifique suas credenciais.");
  await login(anon, rep.email, "senha-nova-456");
  await expect(anon).toHaveURL(/\/representante\/dashboard$/);

  // The link works once.
  await anon.goto(link);
  await expect(anon.getByText(INVALID_LINK)).toBeVisible();
  await anon.getByRole("link", { name: "Pedir um novo link" }).click();
  await expect(anon).toHaveURL(/\/representante\/esqueci-senha$/);
  await context.close();
});

test("the admin login has its own forgot-password page with the same answer for any address", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("ninguem"));
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByRole("status")).toContainText("Se houver uma conta com este e-mail");
  await page.goto("/admin/reset-password?token=inventado");
  await expect(page.getByText(INVALID_LINK)).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedir um novo link" })).toHaveAttribute(
    "href",
    "/admin/forgot-password",
  );
});

test("an admin completes a referral: the representative gets an e-mail with the commission", async ({
  page,
  browser,
}) => {
  const business = `Cantina Comissão ${Math.random().toString(36).slice(2, 8)}`;
  const rep = await registerAndLoginRepresentative(page, "Rui Comissão");
  await page.goto("/representante/nova-indicacao");
  await page.getByLabel("Nome do negócio").fill(business);
  await page.getByLabel("Nome do contato").fill("Contato Teste");
  await page.getByLabel("Telefone do contato").pressSequentially(uniquePhone());
  const value = await page
    .getByLabel("Plano")
    .locator("option", { hasText: "Premium" })
    .getAttribute("value");
  await page.getByLabel("Plano").selectOption(value!);
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page.getByRole("heading", { name: "Indicação cadastrada com sucesso!" })).toBeVisible();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await completeReferral(admin, business);

  const [mail] = await waitForMail(
    (m) => m.to.includes(rep.email) && m.subject === `Sua indicação ${business} agora está: Concluído`,
  );
  expect(mail.text).toMatch(/Comissão ganha:?\s*R\$\s?[\d.]+,\d{2}/);
  expect(mail.html).toContain("Comissão ganha");
  await context.close();
});

test("/admin/emails: filter, open a message, re-send a failed one", async ({ page, browser }) => {
  // A sign-up, two mail deliveries, reloads and two axe scans: past 60 s on a loaded machine.
  test.slow();
  const email = uniqueEmail("recusado");
  await refuseRecipient(email);
  // A representative signs up with an address the mail server refuses: the welcome mail fails.
  const signup = await browser.newContext();
  const form = await signup.newPage();
  await form.goto("/representante/register");
  await form.getByLabel("Nome completo").fill("Renata Recusada");
  await form.getByLabel("E-mail", { exact: true }).fill(email);
  await form.getByLabel("Senha", { exact: true }).fill("senha-rep-123");
  await form.getByLabel("Confirmar senha").fill("senha-rep-123");
  await form.getByRole("button", { name: "Cadastrar" }).click();
  await expect(form).toHaveURL(/\/representante\/login$/);
  await signup.close();

  await loginAsAdmin(page);
  await page
    .getByRole("navigation", { name: "Menu administrativo" })
    .getByRole("link", { name: "E-mails" })
    .click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page.getByRole("heading", { name: "E-mails", level: 1 })).toBeVisible();
  await page.getByLabel("Filtrar por status").selectOption({ label: "Falhou" });
  await expect(page).toHaveURL(/status=falhou/);
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText("Falhou");
  await expect(row).toContainText("550");
  await expectNoA11yViolations(page);

  await row.getByRole("link", { name: "Bem-vindo ao programa de representantes" }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
  const frame = page.locator('iframe[title="Corpo do e-mail em HTML"]');
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(
    page.frameLocator('iframe[title="Corpo do e-mail em HTML"]').getByText("Renata Recusada"),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Versão texto" })).toBeVisible();
  // The page around the sandboxed e-mail (the mail's own HTML is the sender's markup).
  await expectNoA11yViolations(page, { frames: false });

  await refuseRecipient(email, false);
  await page.getByRole("button", { name: "Reenviar" }).click();
  await expect(page.getByText("E-mail reenviado para a fila de envio")).toBeVisible();
  const [mail] = await waitForMail((m) => m.to.includes(email));
  expect(mail.subject).toBe("Bem-vindo ao programa de representantes");
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Enviado", { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Reenviar" })).toHaveCount(0);
});
