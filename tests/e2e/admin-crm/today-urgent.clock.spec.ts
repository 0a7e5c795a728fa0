import type { Locator, Page } from "@playwright/test";
import { businessDaysBetween } from "../../../app/lib/business-days";
import { daysBetween, parseBrDate } from "../../../app/lib/dates";
import { effectiveDueDate } from "../../../app/modules/billing/due-dates";
import { addDays, createClientViaForm, expectToast, formatIsoDate, unique } from "../../support/admin";
import { signInToClientArea } from "../../support/client-area-e2e";
import { serverClock } from "../../support/clock";
import { gotoReady, uniqueEmail } from "../../support/e2e";
import { expect, test } from "../../support/fixtures";
import { newLead } from "../../support/leads";

// Issue 45 "Done when": the dashboard's "Hoje" lists an overdue charge, a late onboarding, a
// pending request and a follow-up due today, each made here through the product's own forms and
// each one click from where it is handled; the sidebar counts them. The counts are global, so this
// spec moves the server's clock (the onboarding opened two weeks ago) and runs alone: what it adds
// is exactly what the counts gain.

/** The counted menu entries: label, then the words of one and of several. */
const COUNTED = [
  ["Funil de Leads", "lead novo", "leads novos"],
  ["Financeiro", "cobrança vencida", "cobranças vencidas"],
  ["Implantação", "implantação atrasada", "implantações atrasadas"],
  ["Solicitações", "solicitação pendente", "solicitações pendentes"],
] as const;

const menuEntry = (page: Page, label: string) =>
  page
    .getByRole("navigation", { name: "Menu administrativo" })
    .getByRole("link", { name: new RegExp(`^${label}(\\s?\\(|$)`) });

/** Each counted entry's count as the menu says it ("Financeiro (2 cobranças vencidas)"), 0 when none. */
async function menuCounts(page: Page): Promise<number[]> {
  const counts: number[] = [];
  for (const [label] of COUNTED) {
    const text = (await menuEntry(page, label).textContent()) ?? "";
    counts.push(Number(/\((\d+) /.exec(text)?.[1] ?? 0));
  }
  return counts;
}

/** The "Hoje" line of `name` in the group `group`. */
const todayItem = (page: Page, group: string, name: string) =>
  page.getByRole("region", { name: group }).getByRole("listitem").filter({ hasText: name });

/** Follows the item's link, checks the page it opens, and comes back to the dashboard. */
async function follow(page: Page, item: Locator, href: RegExp, check: () => Promise<void>) {
  await item.getByRole("link").click();
  await expect(page).toHaveURL(href);
  await check();
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Hoje", level: 2 })).toBeVisible();
}

test.afterEach(async ({ adminPage: page }) => {
  await serverClock(page.request, { reset: "1" });
});

test("'Hoje' lists an overdue charge, a late onboarding, a pending request and a follow-up due today, each one click from its action; the sidebar counts them", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The daily job's marking first: charges earlier specs left past due are counted before.
  const { today } = await serverClock(page.request, { reset: "1", run: "overdue" });
  await gotoReady(page, "/admin/dashboard");
  const before = await menuCounts(page);

  // A late onboarding: a client who signed up and paid two weeks ago (the server's clock then).
  const late = {
    name: unique("Dona Implantação Atrasada"),
    email: uniqueEmail("hoje-atrasada"),
    business: unique("Cantina Atrasada"),
  };
  await serverClock(page.request, { at: `${addDays(today, -14)}T12:00:00-03:00` });
  const lateId = await createClientViaForm(page, { ...late, plan: "Básico" });
  await gotoReady(page, `/admin/billing?client=${lateId}`);
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await page
    .getByRole("dialog", { name: "Registrar pagamento" })
    .getByRole("button", { name: "Confirmar pagamento" })
    .click();
  await expectToast(page, "Pagamento registrado com sucesso!");
  await serverClock(page.request, { reset: "1" });

  // An overdue charge: a one-off due a month ago, marked "Vencida" by the daily job.
  const owing = {
    name: unique("Seu Cobrança Vencida"),
    email: uniqueEmail("hoje-vencida"),
    business: unique("Lanches Vencidos"),
  };
  const owingId = await createClientViaForm(page, { ...owing, plan: "Básico" });
  const due = addDays(today, -30);
  await gotoReady(page, `/admin/clients/edit/${owingId}`);
  await page.getByText("Nova cobrança avulsa").click();
  const oneOff = page.getByRole("form", { name: "Nova cobrança avulsa" });
  await oneOff.getByLabel("Descrição").fill("Cardápio impresso");
  await oneOff.getByLabel("Valor (R$)").fill("149,90");
  await oneOff.getByLabel("Vencimento").fill(formatIsoDate(due));
  await oneOff.getByRole("button", { name: "Criar cobrança" }).click();
  await expectToast(page, "Cobrança criada com sucesso!");
  expect((await serverClock(page.request, { reset: "1", run: "overdue" })).marked).toBe(1);

  // A pending request: the late client asks to cancel, from the client area.
  const clientArea = await browser.newContext();
  const client = await clientArea.newPage();
  await signInToClientArea(client, late.email);
  const requests = client.getByRole("region", { name: "Alterar ou cancelar o plano" });
  await requests.getByLabel("O que você quer?").selectOption("cancelamento");
  await requests.getByRole("button", { name: "Continuar" }).click();
  await requests.getByLabel("Motivo").selectOption({ label: "Não estou satisfeito com o atendimento" });
  await requests.getByRole("button", { name: "Enviar pedido" }).click();
  await expectToast(client, "Pedido enviado. Nossa equipe vai responder por e-mail.");
  await clientArea.close();

  // A follow-up due today: a lead from the site, to call back tonight.
  const lead = await newLead(page, "Retorno Hoje");
  await gotoReady(page, `/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await page.getByRole("article", { name: lead.name }).getByRole("link", { name: lead.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  const [y, m, d] = today.split("-");
  await page.getByLabel("Próximo contato").pressSequentially(`${d}${m}${y}2359`);
  await page.getByRole("button", { name: "Salvar próximo contato" }).click();
  await expectToast(page, "Próximo contato salvo!");

  await gotoReady(page, "/admin/dashboard");

  // The overdue charge: amount and days late; to Financeiro, on the client's overdue charge.
  const charge = todayItem(page, "Cobranças vencidas", owing.name);
  const daysLate = daysBetween(effectiveDueDate(due), today);
  await expect(charge).toContainText(owing.business);
  await expect(charge).toContainText(new RegExp(`R\\$\\s149,90 · ${daysLate} dias de atraso`));
  await follow(page, charge, /\/admin\/billing\?status=vencida&client=/, async () => {
    const row = page
      .getByRole("table", { name: "Cobranças" })
      .getByRole("row")
      .filter({ hasText: owing.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Cardápio impresso");
    await expect(row).toContainText("Vencida");
    await expect(row.getByRole("button", { name: "Registrar pagamento" })).toBeVisible();
  });

  // The late onboarding: business days late; to the Implantação board, at the client's card.
  const onboarding = todayItem(page, "Implantações atrasadas ou com prazo hoje", late.name);
  const dueOn = parseBrDate(/Prazo (\d{2}\/\d{2}\/\d{4})/.exec(await onboarding.innerText())?.[1] ?? "");
  expect(dueOn, "the onboarding's due date").not.toBeNull();
  const businessDaysLate = businessDaysBetween(dueOn!, today);
  expect(businessDaysLate).toBeGreaterThan(0);
  await expect(onboarding).toContainText(
    `Atrasada há ${businessDaysLate} ${businessDaysLate === 1 ? "dia útil" : "dias úteis"}`,
  );
  await follow(page, onboarding, /\/admin\/onboarding\?q=.+#implantacao-[0-9a-f-]{36}$/, async () => {
    const card = page.getByRole("article", { name: `Implantação de ${late.name}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText("atrasada");
    await expect(card).toContainText(formatIsoDate(dueOn!));
  });

  // The pending request: to Solicitações, at its card with the answer buttons.
  const request = todayItem(page, "Solicitações de clientes", late.name);
  await expect(request).toContainText("Cancelamento");
  await follow(page, request, /\/admin\/requests\?status=aberta#solicitacao-[0-9a-f-]{36}$/, async () => {
    const card = page.getByRole("article", { name: `Cancelamento de ${late.name}` });
    await expect(card).toContainText("Não estou satisfeito com o atendimento");
    await expect(card.getByRole("button", { name: "Aceitar cancelamento" })).toBeVisible();
  });

  // The follow-up: tonight's time; to the lead's page, where the contact is recorded.
  const followUp = todayItem(page, "Contatos para hoje", lead.name);
  await expect(followUp).toContainText(lead.business);
  await expect(followUp).toContainText(new RegExp(`${d}/${m}/${y},? 23:59`));
  await follow(page, followUp, /\/admin\/leads\/[0-9a-f-]{36}$/, async () => {
    await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
    await expect(page.getByLabel("Próximo contato")).toHaveValue(`${d}/${m}/${y} 23:59`);
  });

  // The sidebar: one more on each counted entry, said to a screen reader and shown as a badge.
  for (const [i, [label, one, many]] of COUNTED.entries()) {
    const n = before[i] + 1;
    const entry = menuEntry(page, label);
    await expect(entry).toHaveAccessibleName(new RegExp(`^${label}\\s?\\(${n} ${n === 1 ? one : many}\\)$`));
    await expect(entry.getByText(n > 99 ? "99+" : String(n), { exact: true })).toBeVisible();
  }
});
