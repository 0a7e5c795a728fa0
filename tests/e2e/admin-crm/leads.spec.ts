// Depends on other branches: the public contact form on "/" (site, issue 3) creates the lead, and
// the client list /admin/clients with ?q= search (admin part 1, issue 4) shows the converted client.
import { expect, test, type Page } from "@playwright/test";
import { expectNoA11yViolations, loginAsAdmin, uniqueEmail } from "../../support/e2e";

async function submitContactForm(page: Page, lead: { name: string; business: string; email: string }) {
  // A fresh "/" each time: after a send the form is folded under the confirmation.
  await page.goto("/");
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome completo").fill(lead.name);
  await form.getByLabel("Nome do estabelecimento").fill(lead.business);
  await form.getByLabel("WhatsApp", { exact: true }).pressSequentially("11987654321");
  await form.getByLabel(/^E-?mail$/).fill(lead.email);
  await form.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await form.getByLabel(/Mensagem/).fill("Quero o cardápio digital.");
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(
    page.getByText("Mensagem enviada com sucesso! Em breve entraremos em contato.").first(),
  ).toBeVisible();
}

function column(page: Page, label: string) {
  return page.getByRole("region", { name: new RegExp(`^${label}`) });
}

async function move(page: Page, name: string, button: string, toColumn: string) {
  await page.getByRole("article", { name }).getByRole("button", { name: button }).click();
  // "Marcar como perdido" asks for an optional reason (issue #15): just confirming moves it.
  if (toColumn === "Perdidos") {
    await page.getByRole("dialog").getByRole("button", { name: "Confirmar perda" }).click();
  }
  await expect(page.getByText(`Lead movido para ${toColumn}`).first()).toBeVisible();
  await expect(column(page, toColumn).getByRole("article", { name })).toBeVisible();
}

test("a lead from the public form goes through the funnel and becomes a client", async ({
  page,
  context,
}) => {
  // The whole funnel, now with the lost and conversion dialogs (issue #15): a long journey.
  test.slow();
  const suffix = Math.random().toString(36).slice(2, 8);
  const lead = {
    name: `Lead Funil ${suffix}`,
    business: `Pizzaria Funil ${suffix}`,
    email: uniqueEmail("funil"),
  };
  await submitContactForm(page, lead);

  await loginAsAdmin(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(lead.email)}`);
  const card = page.getByRole("article", { name: lead.name });
  await expect(column(page, "Novos Leads").getByRole("article", { name: lead.name })).toBeVisible();
  await expect(card).toContainText(lead.business);
  await expect(card).toContainText("Premium");
  // The drag handle (issue #15), then only novo's buttons: forward and lost; the rest is in the
  // card's actions menu (issue 28).
  await expect(card.getByRole("button", { name: `Mover ${lead.name}` })).toBeVisible();
  const labelled = card.getByRole("button").filter({ hasText: /./ });
  await expect(labelled).toHaveText(["Marcar como contatado", "Marcar como perdido"]);
  await expect(column(page, "Contatados")).toContainText("Nenhum lead neste estágio");
  await expectNoA11yViolations(page);

  // WhatsApp opens a chat with the lead's digits and the 55 prefix.
  await context.route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
  const popupEvent = context.waitForEvent("page");
  await card.getByRole("button", { name: `Ações de ${lead.name}` }).click();
  await page.getByRole("menuitem", { name: "WhatsApp" }).click();
  const popup = await popupEvent;
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/^https:\/\/wa\.me\/5511987654321\?text=/);
  await popup.close();

  // Lost and back ('Retomar'), then forward stage by stage.
  await move(page, lead.name, "Marcar como perdido", "Perdidos");
  await expect(labelled).toHaveText(["Retomar"]);
  await move(page, lead.name, "Retomar", "Novos Leads");
  await move(page, lead.name, "Marcar como contatado", "Contatados");
  await move(page, lead.name, "Marcar como qualificado", "Qualificados");
  await move(page, lead.name, "Iniciar negociação", "Em negociação");
  await expect(labelled).toHaveText(["Converter em cliente", "Marcar como perdido"]);
  await card.getByRole("button", { name: `Ações de ${lead.name}` }).click();
  await expect(page.getByRole("menuitem", { name: "Voltar etapa para Qualificados" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The count tab of the stage shows it alone.
  await page
    .getByRole("navigation", { name: "Estágios do funil" })
    .getByRole("link", { name: /Em negociação/ })
    .click();
  await expect(page).toHaveURL(/etapa=negociando/);
  await expect(page.getByRole("main").getByRole("region")).toHaveCount(1);

  await card.getByRole("button", { name: "Converter em cliente" }).click();
  // The dialog preselects the lead's plan (Premium): confirming converts.
  await expect(page.getByRole("dialog").getByLabel("Plano do cliente")).toHaveValue(/.+/);
  await page.getByRole("dialog").getByRole("button", { name: "Confirmar conversão" }).click();
  await expect(page.getByText("Lead convertido em cliente com sucesso!").first()).toBeVisible();
  await page
    .getByRole("navigation", { name: "Estágios do funil" })
    .getByRole("link", { name: /Convertidos/ })
    .click();
  await expect(column(page, "Convertidos").getByRole("article", { name: lead.name })).toBeVisible();
  // Nothing leaves Convertidos: no drag handle, no move; only the actions menu.
  await expect(card.getByRole("button")).toHaveCount(1);
  await expect(card.getByRole("button", { name: `Ações de ${lead.name}` })).toBeVisible();

  // The client exists, active, in the client list (admin part 1).
  await page.goto(`/admin/clients?q=${encodeURIComponent(lead.email)}`);
  await expect(page.getByRole("cell", { name: lead.email })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(lead.name) })).toContainText(/ativo/i);
});

test("a second lead with a client's e-mail is refused on conversion", async ({ page }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = uniqueEmail("duplicado");
  const first = { name: `Primeiro ${suffix}`, business: `Bar ${suffix}`, email };
  const second = { name: `Segundo ${suffix}`, business: `Bar Dois ${suffix}`, email };
  await submitContactForm(page, first);
  await submitContactForm(page, second);
  await loginAsAdmin(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(email)}`);
  for (const lead of [first, second]) {
    await move(page, lead.name, "Marcar como contatado", "Contatados");
    await move(page, lead.name, "Marcar como qualificado", "Qualificados");
    await move(page, lead.name, "Iniciar negociação", "Em negociação");
  }
  await page
    .getByRole("article", { name: first.name })
    .getByRole("button", { name: "Converter em cliente" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirmar conversão" }).click();
  await expect(page.getByText("Lead convertido em cliente com sucesso!").first()).toBeVisible();
  await page
    .getByRole("article", { name: second.name })
    .getByRole("button", { name: "Converter em cliente" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirmar conversão" }).click();
  await expect(page.getByText("Já existe um cliente com este e-mail!").first()).toBeVisible();
  await expect(column(page, "Em negociação").getByRole("article", { name: second.name })).toBeVisible();
});
