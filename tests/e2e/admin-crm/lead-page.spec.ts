// Issue 28 item 1: the lead page is where a lead is worked: the stage bar moves it with the board's
// rules, and after conversion the lead and the client link to each other.
import { expect, test, type Page } from "@playwright/test";
import { expectNoA11yViolations, loginAsAdmin } from "../../support/e2e";
import { waitForToastsToLeave } from "../../support/admin";
import { newLead } from "../../support/leads";

const currentStage = (page: Page) =>
  page.getByRole("list", { name: "Etapa do lead" }).locator('[aria-current="step"]');

async function moveHere(page: Page, button: string | RegExp, stage: string) {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByText(`Lead movido para ${stage}`).first()).toBeVisible();
  await expect(currentStage(page)).toContainText(stage);
}

test("from the lead page alone: forward, back, lost with a reason, resume, convert, then client and back", async ({
  page,
}) => {
  test.slow();
  const lead = await newLead(page, "Lead Trabalhado");
  await loginAsAdmin(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await page.getByRole("article", { name: lead.name }).getByRole("link", { name: lead.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();

  const stages = page.getByRole("list", { name: "Etapa do lead" }).getByRole("listitem");
  await expect(stages).toHaveText([
    /Novos Leads/,
    /Contatados/,
    /Qualificados/,
    /Em negociação/,
    /Convertidos/,
    /Perdidos/,
  ]);
  await expect(currentStage(page)).toContainText("Novos Leads");
  // A new lead cannot go back, nor be converted yet.
  await expect(page.getByRole("button", { name: /^Voltar etapa/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Converter em cliente" })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await moveHere(page, "Marcar como contatado", "Contatados");
  await moveHere(page, "Voltar etapa para Novos Leads", "Novos Leads");

  await page.getByRole("button", { name: "Marcar como perdido" }).click();
  const lost = page.getByRole("dialog", { name: "Marcar como perdido" });
  await lost.getByRole("radio", { name: "Escolheu concorrente" }).check();
  await lost.getByRole("button", { name: "Confirmar perda" }).click();
  await expect(page.getByText("Lead movido para Perdidos").first()).toBeVisible();
  await expect(currentStage(page)).toContainText("Perdidos");
  await expect(page.getByRole("list", { name: "Histórico" })).toContainText("Motivo: Escolheu concorrente");
  // A lost lead only resumes.
  await expect(page.getByRole("button", { name: "Marcar como perdido" })).toHaveCount(0);

  await moveHere(page, "Retomar", "Novos Leads");
  await moveHere(page, "Marcar como contatado", "Contatados");
  await moveHere(page, "Marcar como qualificado", "Qualificados");
  await moveHere(page, "Iniciar negociação", "Em negociação");

  await page.getByRole("button", { name: "Converter em cliente" }).click();
  const convert = page.getByRole("dialog", { name: "Converter em cliente" });
  await expect(convert.getByLabel("Plano do cliente").locator("option:checked")).toHaveText(/^Premium/);
  await convert.getByRole("button", { name: "Confirmar conversão" }).click();
  await expect(page.getByText("Lead convertido em cliente com sucesso!").first()).toBeVisible();
  // The notification speaks pt-BR to a screen reader too.
  await expect(page.getByRole("button", { name: "Fechar notificação" }).first()).toBeAttached();
  await expect(currentStage(page)).toContainText("Convertidos");
  // Nothing leaves Convertidos.
  await expect(page.getByRole("button", { name: /^Marcar como|^Voltar etapa|^Retomar/ })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: "Ver cliente" }).click();
  await expect(page.getByRole("region", { name: "Resumo do cliente" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Premium/ })).toContainText("Ativa");
  await waitForToastsToLeave(page);
  await page.getByRole("link", { name: /Ver lead de origem/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  await expect(currentStage(page)).toContainText("Convertidos");
});

test("a stale move from the lead page is refused by the server and the page shows where the lead is", async ({
  page,
  browser,
}) => {
  const lead = await newLead(page, "Lead Concorrido");
  await loginAsAdmin(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await page.getByRole("article", { name: lead.name }).getByRole("link", { name: lead.name }).click();
  await expect(currentStage(page)).toContainText("Novos Leads");

  // Another admin moves it on the board meanwhile.
  const other = await browser.newPage();
  await loginAsAdmin(other);
  await other.goto(`/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await other
    .getByRole("article", { name: lead.name })
    .getByRole("button", { name: "Marcar como contatado" })
    .click();
  await expect(other.getByText("Lead movido para Contatados").first()).toBeVisible();
  await other.close();

  // This page still offers "Marcar como contatado" (from Novos Leads): the server says no.
  await page.getByRole("button", { name: "Marcar como contatado" }).click();
  await expect(
    page
      .getByText(
        "Erro ao atualizar status: o lead já tinha sido movido por outra pessoa. O funil foi atualizado.",
      )
      .first(),
  ).toBeVisible();
  await expect(currentStage(page)).toContainText("Contatados");
});
