// Issue 30 items 1–2: a referral made in the wizard is a lead in "Novos Leads" ("Indicação de …");
// the admin converts it, giving the e-mail a referral lacks, and the referral follows on its own:
// "Aguardando pagamento", then "Em produção" once the client's first charge is paid. Each step
// reaches the representative's e-mail.
import { expect, test, type Page } from "@playwright/test";
import {
  gotoReady,
  loginAsAdmin,
  registerAndLoginRepresentative,
  uniqueEmail,
  uniquePhone,
} from "../../support/e2e";
import { waitForMail } from "../../support/mail";

const column = (page: Page, label: string) => page.getByRole("region", { name: new RegExp(`^${label}`) });

async function move(page: Page, name: string, button: string, toColumn: string) {
  await page.getByRole("article", { name }).getByRole("button", { name: button }).click();
  await expect(page.getByText(`Lead movido para ${toColumn}`).first()).toBeVisible();
  await expect(column(page, toColumn).getByRole("article", { name })).toBeVisible();
}

test("a wizard referral becomes a lead, and its conversion and first payment move it for the representative", async ({
  page,
  browser,
}) => {
  // Wizard, funnel moves, conversion, payment and two portal checks: a long journey.
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const business = `Cantina Pipeline ${suffix}`;
  const contact = `Carla Pipeline ${suffix}`;
  const rep = await registerAndLoginRepresentative(page, `Rep Pipeline ${suffix}`);

  // 1. The representative submits a referral in the wizard.
  await page.goto("/representante/nova-indicacao");
  await page.getByLabel("Nome do negócio").fill(business);
  await page.getByLabel("Nome do contato").fill(contact);
  await page.getByLabel("Telefone do contato").pressSequentially(uniquePhone("21"));
  // The options read "Premium - R$ …": pick it by its text.
  const premium = await page
    .getByLabel("Plano")
    .locator("option", { hasText: "Premium" })
    .getAttribute("value");
  await page.getByLabel("Plano").selectOption(premium!);
  await page.getByRole("button", { name: "Próximo" }).click();
  await page.getByRole("button", { name: "Confirmar Indicação" }).click();
  await expect(page.getByRole("heading", { name: "Indicação cadastrada com sucesso!" })).toBeVisible();

  // 2. The lead is in Novos Leads, "Indicação de {representante}", on its card and its page.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/leads?q=${encodeURIComponent(business)}`);
  const card = column(admin, "Novos Leads").getByRole("article", { name: contact });
  await expect(card).toContainText(`Indicação de ${rep.name}`);
  await card.getByRole("link", { name: contact }).click();
  await expect(admin.getByRole("region", { name: "Origem" })).toContainText(`Indicação de ${rep.name}`);
  await admin.goto(`/admin/leads?q=${encodeURIComponent(business)}`);

  // 3. The admin moves it and converts it: the dialog asks for the e-mail a referral lacks.
  await move(admin, contact, "Marcar como contatado", "Contatados");
  await move(admin, contact, "Marcar como qualificado", "Qualificados");
  await move(admin, contact, "Iniciar negociação", "Em negociação");
  await admin
    .getByRole("article", { name: contact })
    .getByRole("button", { name: "Converter em cliente" })
    .click();
  const dialog = admin.getByRole("dialog", { name: "Converter em cliente" });
  await dialog.getByRole("button", { name: "Confirmar conversão" }).click();
  await expect(
    dialog.getByText("Informe o e-mail do cliente: este lead veio de uma indicação e não tem e-mail."),
  ).toBeVisible();
  await dialog.getByLabel("E-mail do cliente").fill(uniqueEmail("pipeline"));
  await dialog.getByRole("button", { name: "Confirmar conversão" }).click();
  await expect(admin.getByText("Lead convertido em cliente com sucesso!").first()).toBeVisible();

  // 4. The representative's referral shows "Aguardando pagamento", and the e-mail says so.
  await page.goto("/representante/indicacoes");
  await expect(page.getByRole("article", { name: business })).toContainText("Aguardando pagamento");
  await waitForMail(
    (m) =>
      m.to.includes(rep.email) && m.subject === `Sua indicação ${business} agora está: Aguardando pagamento`,
  );

  // 5. The admin records the first charge's payment on the client page: "Em produção".
  await column(admin, "Convertidos")
    .getByRole("article", { name: contact })
    .getByRole("link", { name: /Ver cliente/ })
    .click();
  await expect(admin.getByRole("region", { name: "Resumo do cliente" })).toBeVisible();
  await admin.getByRole("button", { name: "Registrar pagamento" }).first().click();
  await admin.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expect(admin.getByText("Pagamento registrado com sucesso!").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("article", { name: business })).toContainText("Em produção");
  await waitForMail(
    (m) => m.to.includes(rep.email) && m.subject === `Sua indicação ${business} agora está: Em produção`,
  );

  // 6. The onboarding opened by that payment is ticked and published: the referral is "Concluído"
  //    and its commission is the representative's to receive.
  await gotoReady(admin, `/admin/onboarding?q=${encodeURIComponent(contact)}`);
  const onboarding = admin.getByRole("article", { name: `Implantação de ${contact}` });
  for (const item of [
    "Cardápio recebido",
    // The client's own steps (issue 46), ticked here by the team as if received another way.
    "Logo recebido",
    "Horários de funcionamento recebidos",
    "Áreas e taxas de entrega recebidas",
    "Chave PIX do restaurante recebida",
    "Cardápio montado",
    "Pagamentos configurados",
    "Link e app publicados",
    "Treinamento feito",
  ]) {
    // Saved on the server as it is ticked: the box shows ticked once the answer arrives.
    await onboarding.getByRole("checkbox", { name: item }).click();
    await expect(onboarding.getByRole("checkbox", { name: item })).toBeChecked();
  }
  // "Publicar" asks for the menu's public address (issue 46).
  await onboarding.locator("summary").filter({ hasText: "Publicar" }).click();
  await onboarding.getByLabel("Endereço público do cardápio").fill("https://cantina.exemplo.com.br");
  await onboarding.getByRole("button", { name: "Publicar" }).click();
  await expect(
    admin
      .getByRole("region", { name: "Publicado" })
      .getByRole("article", { name: `Implantação de ${contact}` }),
  ).toBeVisible();
  await page.goto("/representante/indicacoes");
  await expect(page.getByRole("article", { name: business })).toContainText("Concluído");
  await waitForMail(
    (m) => m.to.includes(rep.email) && m.subject === `Sua indicação ${business} agora está: Concluído`,
  );
  await page.goto("/representante/dashboard");
  const toReceive = page.getByRole("list", { name: "Comissões" }).getByRole("listitem").first();
  await expect(toReceive).toContainText("A receber");
  await expect(toReceive).not.toContainText("R$ 0,00");
  await adminContext.close();
});
