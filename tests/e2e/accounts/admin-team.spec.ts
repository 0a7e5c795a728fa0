import { expect, test } from "../../support/fixtures";
import { ADMIN, expectNoA11yViolations, gotoReady, uniqueEmail } from "../../support/e2e";
import { waitForMail } from "../../support/mail";

// One file, in order: the first test leaves the invitee deactivated, so in the second the E2E
// admin is the only active admin (no other spec creates admins).
test.describe.configure({ mode: "serial" });

const DEACTIVATED = "Esta conta está desativada. Fale com um administrador.";

test("invite → e-mail → set password → sign in → deactivated by another admin → refused on the next request", async ({
  adminPage,
  browser,
}) => {
  // Several sign-ins (password hashing) in two browsers: slow on a loaded machine.
  test.slow();
  const email = uniqueEmail("convidada");
  const name = `Convidada ${Date.now()}`;
  await gotoReady(adminPage, "/admin/users");
  await adminPage.getByRole("textbox", { name: "Nome", exact: true }).fill(name);
  await adminPage.getByLabel("E-mail", { exact: true }).fill(email);
  await adminPage.getByRole("button", { name: "Enviar convite", exact: true }).click();
  // SMTP is configured in E2E: the message says the e-mail is queued, not that it was sent.
  await expect(adminPage.getByText("Convite criado — o e-mail está na fila")).toBeVisible();
  const row = adminPage.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Convite pendente");
  await expect(row).toContainText("Nunca");
  await expectNoA11yViolations(adminPage);

  const [mail] = await waitForMail((m) => m.to.includes(email));
  expect(mail.subject).toBe("Convite para o painel administrativo");
  const link = /href="([^"]*\/admin\/invite\?token=[A-Za-z0-9_-]{43})"/.exec(mail.html)?.[1];
  expect(link).toBeTruthy();
  const invitePath = new URL(link!.replaceAll("&amp;", "&")).pathname + new URL(link!).search;

  const ctx = await browser.newContext();
  const invitee = await ctx.newPage();
  await invitee.goto(invitePath);
  await expect(invitee.getByText(`Convite para o painel administrativo: ${email}`)).toBeVisible();
  await expect(invitee.getByRole("textbox", { name: "Nome", exact: true })).toHaveValue(name);
  await expectNoA11yViolations(invitee);
  await invitee.getByLabel("Senha", { exact: true }).fill("senha-convidada-1");
  await invitee.getByLabel("Confirmar senha").fill("senha-convidada-1");
  await invitee.getByRole("button", { name: "Definir senha" }).click();
  await expect(invitee).toHaveURL(/\/admin\/login$/);
  await expect(invitee.getByText("Senha definida! Entre com seu e-mail e a nova senha.")).toBeVisible();

  // The link works once.
  await invitee.goto(invitePath);
  await expect(invitee.getByRole("heading", { name: "Convite inválido" })).toBeVisible();

  await invitee.goto("/admin/login");
  await invitee.getByLabel("E-mail", { exact: true }).fill(email);
  await invitee.getByLabel("Senha").fill("senha-convidada-1");
  await invitee.getByRole("button", { name: "Entrar" }).click();
  await expect(invitee).toHaveURL(/\/admin\/dashboard$/);

  // Another admin deactivates the invitee.
  await gotoReady(adminPage, "/admin/users");
  await expect(row).toContainText("Ativo");
  await row.getByRole("button", { name: `Desativar ${name}` }).click();
  await adminPage.getByRole("alertdialog").getByRole("button", { name: "Desativar" }).click();
  await expect(adminPage.getByText("Acesso desativado: as sessões abertas foram encerradas.")).toBeVisible();
  await expect(row).toContainText("Desativado");

  // The invitee's open session is refused on its next request, and signing in again too.
  await invitee.goto("/admin/clients");
  await expect(invitee).toHaveURL(/\/admin\/login$/);
  await expect(invitee.getByText("Você precisa estar autenticado para acessar esta área")).toBeVisible();
  await invitee.getByLabel("E-mail", { exact: true }).fill(email);
  await invitee.getByLabel("Senha").fill("senha-convidada-1");
  await invitee.getByRole("button", { name: "Entrar" }).click();
  await expect(invitee.getByText(DEACTIVATED).first()).toBeVisible();
  await expect(invitee).toHaveURL(/\/admin\/login$/);
  await ctx.close();
});

test("one's own row offers no 'Desativar' (the server refuses it too)", async ({ adminPage }) => {
  await gotoReady(adminPage, "/admin/users");
  const row = adminPage.getByRole("row").filter({ hasText: ADMIN.email });
  await expect(row).toContainText("Ativo");
  await expect(row).toContainText("(você)");
  await expect(row.getByRole("button", { name: /^Desativar/ })).toHaveCount(0);
  await expectNoA11yViolations(adminPage);
});
