import type { Locator, Page } from "@playwright/test";
import { addMonths, daysBetween } from "../../../app/lib/dates";
import { formatMoney } from "../../../app/lib/format";
import { proratedCents } from "../../../app/modules/billing/proration";
import { addDays, createClientViaForm, expectToast, todayInSaoPaulo, unique } from "../../support/admin";
import { signInToClientArea } from "../../support/client-area-e2e";
import { serverClock } from "../../support/clock";
import { expectNoA11yViolations, gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";

// Issue 46, item 5: ten days into a paid month, the admin's "Trocar plano" shows what "Agora"
// costs before confirming ("R$ X hoje, depois R$ Y por mês") and confirming charges it as its own
// line; the client's request form (390 px) shows the same for an upgrade, asks no reason for it,
// and asks a downgrade's own reasons (never "Vou fechar ou vender o negócio").

const PHONE = { width: 390, height: 844 };
const PREMIUM = 8990;
const BLACK = 14_990;

const chargeItem = (page: Page, text: string | RegExp) =>
  page.getByRole("list", { name: "Cobranças do cliente" }).locator(":scope > li").filter({ hasText: text });

async function payCharge(item: Locator) {
  const number = await item.locator(".font-mono").first().innerText();
  await item.getByRole("button", { name: "Registrar pagamento" }).click();
  await item
    .getByRole("form", { name: `Pagamento da cobrança ${number}` })
    .getByRole("button", { name: "Confirmar pagamento" })
    .click();
}

/** A money text as a pattern: "R$" escaped, Intl's no-break space or a plain one. */
const money = (cents: number) => formatMoney(cents).replace(/[$.]/g, "\\$&").replace(/\s/g, "\\s");

test.afterEach(async ({ adminPage: page }) => {
  await serverClock(page.request, { reset: "1" });
});

test("an upgrade 'Agora' ten days into a paid month is previewed, then charged as its own line; the client's request shows it too", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(150_000);
  await serverClock(page.request, { reset: "1" });
  const start = todayInSaoPaulo();
  const periodEnd = addDays(addMonths(start, 1), -1);
  const daysInPeriod = daysBetween(start, periodEnd) + 1;
  const email = uniqueEmail("troca-plano");
  const clientId = await createClientViaForm(page, {
    name: unique("Dona Troca"),
    email,
    business: unique("Cantina da Troca"),
    plan: "Premium",
  });
  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  await payCharge(chargeItem(page, "Taxa de ativação"));
  await expectToast(page, "Pagamento registrado com sucesso!");

  // Ten days later: 10 days used, the rest left.
  const day = addDays(start, 10);
  await serverClock(page.request, { at: `${day}T12:00:00-03:00` });
  const left = daysInPeriod - 10;
  const upgrade = proratedCents(BLACK - PREMIUM, left, daysInPeriod);
  const preview = new RegExp(`^${money(upgrade)} hoje, depois ${money(BLACK)} por mês$`);

  // The client asks, from a phone: the upgrade's cost is shown, no reason is asked.
  const context = await browser.newContext({ viewport: PHONE });
  const phone = await context.newPage();
  await signInToClientArea(phone, email);
  const section = phone.getByRole("region", { name: "Alterar ou cancelar o plano" });
  // The area is plain HTML (decision 046): the choice is sent, the page answers with its cost.
  const choose = async (kind: string, plan?: string) => {
    await section.getByLabel("O que você quer?").selectOption(kind);
    if (plan) await section.getByLabel("Novo plano").selectOption({ label: plan });
    await section.getByRole("button", { name: "Continuar" }).click();
  };
  await choose("troca_plano", `Black (${formatMoney(BLACK)}/mês)`);
  await expect(section.getByText(preview)).toBeVisible();
  await expect(section.getByLabel("Motivo")).toHaveCount(0);
  // A cheaper plan: a credit, and the downgrade's reasons.
  await section.getByRole("link", { name: "Mudar" }).click();
  await choose("troca_plano", `Básico (${formatMoney(4990)}/mês)`);
  await expect(section.getByText(/hoje e crédito de R\$\s[\d.,]+ na próxima cobrança/)).toBeVisible();
  const reasons = await section.getByLabel("Motivo").locator("option").allInnerTexts();
  expect(reasons).toContain("Não uso todos os recursos do meu plano");
  expect(reasons).not.toContain("Vou fechar ou vender o negócio");
  // A cancellation asks its own.
  await section.getByRole("link", { name: "Mudar" }).click();
  await choose("cancelamento");
  expect(await section.getByLabel("Motivo").locator("option").allInnerTexts()).toContain(
    "Vou fechar ou vender o negócio",
  );
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(phone);
  await context.close();

  // The admin changes it "Agora" from the client page, reading the same figures first.
  await gotoReady(page, `/admin/clients/edit/${clientId}`);
  await page.getByRole("button", { name: "Trocar plano da assinatura Premium" }).click();
  const dialog = page.getByRole("dialog", { name: "Trocar plano" });
  await dialog.getByLabel("Novo plano").selectOption({ label: `Black (${formatMoney(BLACK)}/mês)` });
  await expect(dialog.getByText(preview)).toBeVisible();
  await expectNoA11yViolations(page);
  await dialog.getByRole("button", { name: "Trocar plano" }).click();
  await expectToast(page, "Plano trocado para Black.");

  // The difference is a charge of its own, with its line, due today.
  const adjustment = chargeItem(page, "Diferença da troca de plano Premium → Black");
  await expect(adjustment).toContainText(`${left} de ${daysInPeriod} dias`);
  await expect(adjustment).toContainText(new RegExp(money(upgrade)));
});
