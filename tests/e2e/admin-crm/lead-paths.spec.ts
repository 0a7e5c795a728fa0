// Issue 45 item 5: the lead's paths. The lead page's stage bar moves the lead (forward, and back
// where the funnel allows), the card's menu has "Mover para", and the conversion dialog says what
// will be charged and e-mailed: the amount the server then charges (demo Premium: R$ 89,90 a month
// plus R$ 149,00 of activation fee).
import type { Page } from "@playwright/test";
import { expectNoA11yViolations, gotoReady } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { newLead } from "../../support/leads";
import { waitForMail } from "../../support/mail";
import { MIN_TARGET, smallTouchTargets } from "../../support/touch-targets";

const bar = (page: Page) => page.getByRole("list", { name: "Etapa do lead" });
const currentStage = (page: Page) => bar(page).locator('[aria-current="step"]');
const column = (page: Page, label: string) => page.getByRole("region", { name: new RegExp(`^${label}`) });
const chargeText = (email: string) =>
  `Ao confirmar, a primeira cobrança, de R$ 238,90 (R$ 89,90 do primeiro mês + R$ 149,00 de taxa de ativação), é emitida e enviada na hora por e-mail para ${email}.`;

async function movedTo(page: Page, stage: string) {
  await expect(page.getByText(`Lead movido para ${stage}`).first()).toBeVisible();
  await expect(currentStage(page)).toContainText(stage);
}

/** Opens the card's "Mover para" submenu and picks `stage` in it. */
async function moveFromMenu(page: Page, name: string, stage: string) {
  // The previous move has been answered and the board re-rendered: no card is busy.
  await expect(page.locator("article[aria-busy]")).toHaveCount(0);
  await page
    .getByRole("article", { name })
    .getByRole("button", { name: `Ações de ${name}` })
    .click();
  await page.getByRole("menuitem", { name: "Mover para" }).click();
  await page.getByRole("menuitem", { name: stage, exact: true }).click();
}

test("the stage bar moves the lead forward and back, and the conversion dialog tells the charge", async ({
  adminPage: page,
}) => {
  const lead = await newLead(page, "Lead Caminhos");
  await gotoReady(page, `/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await page.getByRole("article", { name: lead.name }).getByRole("link", { name: lead.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  await expect(currentStage(page)).toContainText("Novos Leads");

  // From Novos Leads: any later open stage (skipping is allowed) or Perdidos; not Convertidos.
  await expect(bar(page).getByRole("button")).toHaveText([
    "Mover para Contatados",
    "Mover para Qualificados",
    "Mover para Em negociação",
    "Mover para Perdidos",
  ]);
  await expectNoA11yViolations(page);

  // Forward two stages at once, from the keyboard.
  await bar(page).getByRole("button", { name: "Mover para Qualificados" }).focus();
  await page.keyboard.press("Enter");
  await movedTo(page, "Qualificados");
  // Back one stage; two stages back is not a path of the funnel.
  await expect(bar(page).getByRole("button", { name: /Novos Leads/ })).toHaveCount(0);
  await bar(page).getByRole("button", { name: "Mover para Contatados" }).click();
  await movedTo(page, "Contatados");
  await bar(page).getByRole("button", { name: "Mover para Em negociação" }).click();
  await movedTo(page, "Em negociação");

  // Convertidos opens the conversion dialog, which says what the conversion charges and mails.
  await bar(page).getByRole("button", { name: "Mover para Convertidos" }).click();
  const dialog = page.getByRole("dialog", { name: "Converter em cliente" });
  await expect(dialog.getByLabel("Plano do cliente").locator("option:checked")).toHaveText(/^Premium/);
  await expect(dialog).toContainText(chargeText(lead.email));
  await dialog.getByLabel("Plano do cliente").selectOption({ label: "Sem plano" });
  await expect(dialog).toContainText("Sem plano: nenhuma cobrança é emitida.");
  await expect(dialog).not.toContainText("primeira cobrança");
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await expect(currentStage(page)).toContainText("Em negociação");

  // Perdidos asks why, as its own button does.
  await bar(page).getByRole("button", { name: "Mover para Perdidos" }).click();
  const lost = page.getByRole("dialog", { name: "Marcar como perdido" });
  await lost.getByRole("radio", { name: "Escolheu concorrente" }).check();
  await lost.getByRole("button", { name: "Confirmar perda" }).click();
  await movedTo(page, "Perdidos");
  // A lost lead only goes back to Novos Leads.
  await expect(bar(page).getByRole("button")).toHaveText(["Mover para Novos Leads"]);
  await bar(page).getByRole("button", { name: "Mover para Novos Leads" }).click();
  await movedTo(page, "Novos Leads");
});

test("'Mover para' in the card's menu moves the lead, and converting charges what the dialog said", async ({
  adminPage: page,
}) => {
  const lead = await newLead(page, "Lead Menu");
  await gotoReady(page, `/admin/leads?q=${encodeURIComponent(lead.email)}`);
  const card = page.getByRole("article", { name: lead.name });
  await expect(column(page, "Novos Leads").getByRole("article", { name: lead.name })).toBeVisible();

  // The submenu lists the stages the lead can go to, in funnel order.
  await card.getByRole("button", { name: `Ações de ${lead.name}` }).click();
  await page.getByRole("menuitem", { name: "Mover para" }).click();
  await expect(page.getByRole("menu").last().getByRole("menuitem")).toHaveText([
    "Contatados",
    "Qualificados",
    "Em negociação",
    "Perdidos",
  ]);
  await page.getByRole("menuitem", { name: "Em negociação", exact: true }).click();
  await expect(page.getByText("Lead movido para Em negociação").first()).toBeVisible();
  await expect(column(page, "Em negociação").getByRole("article", { name: lead.name })).toBeVisible();

  // Back one stage, from the keyboard: the submenu opens with the right arrow.
  await expect(page.locator("article[aria-busy]")).toHaveCount(0);
  await card.getByRole("button", { name: `Ações de ${lead.name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Abrir página do lead" })).toBeFocused();
  // One key at a time, each move seen before the next key (as a person reads the focus ring).
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Voltar etapa" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Mover para" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("menuitem", { name: "Qualificados", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Lead movido para Qualificados").first()).toBeVisible();
  await expect(column(page, "Qualificados").getByRole("article", { name: lead.name })).toBeVisible();

  await moveFromMenu(page, lead.name, "Em negociação");
  await expect(column(page, "Em negociação").getByRole("article", { name: lead.name })).toBeVisible();
  await moveFromMenu(page, lead.name, "Convertidos");
  const dialog = page.getByRole("dialog", { name: "Converter em cliente" });
  await expect(dialog).toContainText(chargeText(lead.email));
  await dialog.getByRole("button", { name: "Confirmar conversão" }).click();
  await expect(page.getByText("Lead convertido em cliente com sucesso!").first()).toBeVisible();
  await expect(column(page, "Convertidos").getByRole("article", { name: lead.name })).toBeVisible();

  // The charge the dialog announced reached the lead's address.
  const [mail] = await waitForMail((m) => m.to.includes(lead.email) && m.subject.startsWith("Nova cobrança"));
  expect(mail.subject).toMatch(/R\$\s238,90/);
});

test.describe("on a touch screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the stage bar and the 'Mover para' items are thumb-sized", async ({ adminPage: page }) => {
    const lead = await newLead(page, "Lead Toque Caminhos");
    await gotoReady(page, `/admin/leads?q=${encodeURIComponent(lead.email)}`);
    await page
      .getByRole("article", { name: lead.name })
      .getByRole("button", { name: `Ações de ${lead.name}` })
      .tap();
    await page.getByRole("menuitem", { name: "Mover para" }).tap();
    const items = page.getByRole("menu").last().getByRole("menuitem");
    await expect(items).toHaveText(["Contatados", "Qualificados", "Em negociação", "Perdidos"]);
    // Menu items are no buttons: app.css's minimum does not reach them, their own class does.
    for (const item of await page.getByRole("menuitem").all())
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
    await page.getByRole("menuitem", { name: "Contatados", exact: true }).tap();
    await expect(page.getByText("Lead movido para Contatados").first()).toBeVisible();

    await gotoReady(page, `/admin/leads?q=${encodeURIComponent(lead.email)}`);
    await page.getByRole("article", { name: lead.name }).getByRole("link", { name: lead.name }).tap();
    await expect(currentStage(page)).toContainText("Contatados");
    await expect(bar(page).getByRole("button")).toHaveCount(4);
    expect(await smallTouchTargets(page)).toEqual([]);
    await bar(page).getByRole("button", { name: "Mover para Novos Leads" }).tap();
    await movedTo(page, "Novos Leads");
  });
});
