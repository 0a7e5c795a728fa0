import { expect, test } from "../../support/fixtures";
import {
  createClientViaForm,
  expectToast,
  formatIsoDate,
  todayInSaoPaulo,
  unique,
} from "../../support/admin";
import { gotoReady, uniqueEmail } from "../../support/e2e";
import { waitForMail } from "../../support/mail";
import { addBusinessDays } from "../../../app/lib/business-days";

/** "N publicadas" under the 30-day onboarding share on the dashboard. */
async function publishedIn30Days(page: import("@playwright/test").Page) {
  await gotoReady(page, "/admin/dashboard");
  const group = page.getByRole("group", { name: "Últimos 30 dias" });
  const hint = await group.getByText(/^\d+ publicadas/).textContent();
  return { group, count: Number(hint!.split(" ")[0]) };
}

// Issue 30 items 3–5: the first payment opens the onboarding with its due date in business days;
// the team ticks the checklist and publishes; the client hears about both; the dashboard counts it.
test("first payment → onboarding card with its due date → checklist → publish → counted on time", async ({
  adminPage: page,
}) => {
  const name = unique("Cliente Implantação");
  const email = uniqueEmail("implantacao");
  const before = await publishedIn30Days(page);
  const clientId = await createClientViaForm(page, { name, email, business: unique("Cantina") });

  // The first charge's payment, recorded in Financeiro.
  await gotoReady(page, `/admin/billing?client=${clientId}`);
  await page.getByRole("button", { name: "Registrar pagamento" }).first().click();
  await page.getByRole("button", { name: "Confirmar pagamento" }).click();
  await expectToast(page, "Pagamento registrado com sucesso!");

  const due = formatIsoDate(addBusinessDays(todayInSaoPaulo(), 5));
  await gotoReady(page, `/admin/onboarding?q=${encodeURIComponent(name)}`);
  const todo = page.getByRole("region", { name: "A fazer" });
  const card = todo.getByRole("article", { name: `Implantação de ${name}` });
  await expect(card).toContainText(due);
  await expect(card).toContainText("no prazo");
  await expect(card).toContainText("5 dias úteis restantes");

  // The client is told when the menu will be ready.
  await waitForMail(
    (m) => m.to.includes(email) && m.subject === `Pagamento confirmado — seu cardápio fica pronto até ${due}`,
  );

  // Ticking the checklist moves it to "Em andamento", with who ticked it.
  await card.getByRole("checkbox", { name: "Cardápio recebido" }).click();
  const doing = page
    .getByRole("region", { name: "Em andamento" })
    .getByRole("article", { name: `Implantação de ${name}` });
  await expect(doing).toBeVisible();
  for (const item of [
    "Cardápio montado",
    "Pagamentos configurados",
    "Link e app publicados",
    "Treinamento feito",
  ]) {
    await doing.getByRole("checkbox", { name: item }).click();
    await expect(doing.getByRole("checkbox", { name: item })).toBeChecked();
  }
  // The team's five; the client's own four (logo, hours, delivery, PIX) wait for the client.
  await expect(doing).toContainText("Checklist (5/9)");
  // Received another way (by e-mail, say), the team ticks them too: nothing is left open.
  for (const item of [
    "Logo recebido",
    "Horários de funcionamento recebidos",
    "Áreas e taxas de entrega recebidas",
    "Chave PIX do restaurante recebida",
  ]) {
    await doing.getByRole("checkbox", { name: item }).click();
    await expect(doing.getByRole("checkbox", { name: item })).toBeChecked();
  }
  await expect(doing).toContainText("Checklist (9/9)");

  // "Publicar" asks for the menu's public address (issue 46).
  await doing.locator("summary").filter({ hasText: "Publicar" }).click();
  await doing.getByLabel("Endereço público do cardápio").fill("https://cantina.exemplo.com.br");
  await doing.getByRole("button", { name: "Publicar" }).click();
  await expectToast(page, "Implantação publicada");
  const done = page
    .getByRole("region", { name: "Publicado" })
    .getByRole("article", { name: `Implantação de ${name}` });
  await expect(done).toContainText("no prazo");
  await expect(done).toContainText(/\d+ dias úteis|1 dia útil/);
  await waitForMail((m) => m.to.includes(email) && m.subject === "Seu cardápio está no ar");

  // The client page shows it too.
  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  await expect(page.getByRole("region", { name: "Implantação" })).toContainText("Publicado em");

  // The dashboard's "no prazo" share counts it.
  const after = await publishedIn30Days(page);
  expect(after.count).toBe(before.count + 1);
  await expect(after.group.getByText(/^\d+%$/).first()).toBeVisible();
});
