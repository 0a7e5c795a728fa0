import { expect, test } from "../../support/fixtures";
import { expectNoA11yViolations, uniqueEmail } from "../../support/e2e";
import {
  addDays,
  addSubscription,
  createClientViaForm,
  formatIsoDate,
  startDateEndingOn,
  todayInSaoPaulo,
  unique,
} from "../../support/admin";

test("dashboard: stat cards with real comparisons, funnel, recent clients and quick actions", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("O que pede atenção hoje, e os números do negócio.")).toBeVisible();
  const cards = page.getByRole("region", { name: "Indicadores" });
  for (const title of ["Total de Clientes", "Clientes Ativos", "Planos Disponíveis", "Leads Novos"]) {
    await expect(cards.getByRole("heading", { name: title })).toBeVisible();
  }
  // The three demo plans exist; each caption says what its figure is (issue 28).
  await expect(cards.getByText(/^\d+ criados? nos últimos 30 dias$/)).toBeVisible();
  await expect(cards.getByText(/^Comparado com o total de 30 dias atrás: \d+$/)).toBeVisible();
  await expect(
    cards.getByText(/^Aguardando o primeiro contato\. Recebidos: \d+ nos últimos 30 dias/),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Funil de Conversão" })).toBeVisible();
  for (const stage of [
    "Novos Leads",
    "Contatados",
    "Qualificados",
    "Em negociação",
    "Convertidos",
    "Perdidos",
  ]) {
    await expect(page.getByText(stage, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Clientes Recentes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ver todos" })).toHaveAttribute("href", "/admin/clients");
  await expect(page.getByRole("link", { name: "Novo Cliente" })).toHaveAttribute(
    "href",
    "/admin/clients/new",
  );
  await expect(page.getByRole("link", { name: "Novo Plano" })).toHaveAttribute("href", "/admin/plans/new");
  await expect(page.getByRole("link", { name: "Novo Post" })).toHaveAttribute("href", "/admin/blog/new");
  await expectNoA11yViolations(page);
});

test("dashboard: subscriptions ending soon, red at 2 days and yellow at 5", async ({ adminPage: page }) => {
  const today = todayInSaoPaulo();
  const soon = { name: unique("Vence Logo"), email: uniqueEmail("vence2"), business: unique("Bar") };
  const later = { name: unique("Vence Depois"), email: uniqueEmail("vence5"), business: unique("Bar") };

  const soonId = await createClientViaForm(page, soon);
  await page.goto(`/admin/clients/edit/${soonId}`);
  const in2 = addDays(today, 2);
  await addSubscription(page, "Premium", startDateEndingOn(in2, 1));
  await expect(page.getByRole("row", { name: /Premium/ }).getByText("Vence em 2 dias")).toBeVisible();

  const laterId = await createClientViaForm(page, later);
  await page.goto(`/admin/clients/edit/${laterId}`);
  const in5 = addDays(today, 5);
  await addSubscription(page, "Black", startDateEndingOn(in5, 1));

  await page.goto("/admin/dashboard");
  const table = page.getByRole("table", { name: "Assinaturas ativas que vencem nos próximos 7 dias" });
  const soonRow = table.getByRole("row", { name: new RegExp(soon.name) });
  await expect(soonRow.getByRole("link", { name: soon.name })).toHaveAttribute(
    "href",
    `/admin/clients/edit/${soonId}`,
  );
  await expect(soonRow).toContainText("Premium");
  await expect(soonRow).toContainText(formatIsoDate(in2));
  const red = soonRow.getByText("2 dias", { exact: true });
  await expect(red).toHaveClass(/bg-red-100/);
  const laterRow = table.getByRole("row", { name: new RegExp(later.name) });
  await expect(laterRow.getByText("5 dias", { exact: true })).toHaveClass(/bg-yellow-100/);
  await expect(laterRow).toContainText(formatIsoDate(in5));

  await soonRow.getByRole("link", { name: soon.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/edit/${soonId}$`));
  await expect(page.getByRole("region", { name: "Resumo do cliente" })).toBeVisible();
});
