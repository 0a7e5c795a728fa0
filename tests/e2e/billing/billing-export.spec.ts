// Issue 29 "Done when" step 8: Financeiro filtered on screen, exported as CSV, and the file parses
// with the filter honoured.
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { expect, test } from "../../support/fixtures";
import { gotoReady, uniqueEmail } from "../../support/e2e";
import { createClientViaForm, expectToast, unique } from "../../support/admin";

async function downloadCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Exportar CSV" }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)], "UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(bytes, { bom: true, delimiter: ";" });
  const [header, ...data] = rows;
  return {
    filename: download.suggestedFilename(),
    header,
    records: data.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))),
  };
}

test("Financeiro filtered by client and status is exported as a CSV that parses", async ({
  adminPage: page,
}) => {
  const name = unique("Cliente CSV");
  const clientId = await createClientViaForm(page, {
    name,
    email: uniqueEmail("cobranca-csv"),
    business: unique("Pizzaria CSV"),
    plan: "Premium",
  });
  await page.goto(`/admin/clients/edit/${clientId}`);
  await page.getByRole("link", { name: "Ver no Financeiro" }).click();
  await expect(page).toHaveURL(/\/admin\/billing\?client=/);

  const filters = page.getByRole("form", { name: "Filtrar cobranças" });
  await filters.getByLabel("Status").selectOption({ label: "A vencer" });
  await filters.getByLabel("Tipo").selectOption({ label: "Ativação" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/status=pendente/);
  const table = page.getByRole("table", { name: "Cobranças" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const number = (await table.getByRole("row").nth(1).getByRole("cell").first().innerText()).trim();

  const { filename, header, records } = await downloadCsv(page);
  expect(filename).toMatch(/^cobrancas-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(header.slice(0, 6)).toEqual(["Número", "Cliente", "Negócio", "CPF/CNPJ", "Status", "Itens"]);
  expect(records).toHaveLength(1);
  expect(records[0]).toMatchObject({ Número: number, Cliente: name, Status: "A vencer" });
  expect(records[0].Itens).toContain("Taxa de ativação");
  expect(records[0]["Valor (R$)"]).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);

  // Another status for the same client: the file follows, header only.
  await filters.getByLabel("Status").selectOption({ label: "Paga" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/status=paga/);
  await expect(page.getByText("Nenhuma cobrança encontrada para este filtro.")).toBeVisible();
  const none = await downloadCsv(page);
  expect(none.header[0]).toBe("Número");
  expect(none.records).toHaveLength(0);
});

test("Financeiro: a one-off charge for a client found by the picker, then a confirmed discount", async ({
  adminPage: page,
}) => {
  const name = unique("Cliente Avulsa");
  const business = unique("Cantina Avulsa");
  const clientId = await createClientViaForm(page, {
    name,
    email: uniqueEmail("cobranca-avulsa"),
    business,
    plan: "Básico",
  });
  // The picker filters its options as the search is typed (a hydrated page): a choice made before
  // hydration is lost when React renders the options again.
  await gotoReady(page, "/admin/billing");
  await page.getByText("Nova cobrança avulsa").click();
  const form = page.getByRole("form", { name: "Nova cobrança avulsa" });
  await form.getByLabel("Buscar cliente").fill(name);
  const picker = form.getByLabel("Cliente", { exact: true });
  await expect(picker.getByRole("option", { name: `${name} · ${business}` })).toHaveCount(1);
  await picker.selectOption({ label: `${name} · ${business}` });
  await form.getByLabel("Descrição").fill("Fotos do cardápio");
  await form.getByLabel("Valor (R$)").fill("350,00");
  await form.getByLabel("Vencimento").fill("31/12/2030");
  await form.getByRole("button", { name: "Criar cobrança" }).click();
  await expectToast(page, "Cobrança criada com sucesso!");

  await gotoReady(page, `/admin/billing?client=${clientId}&kind=avulsa`);
  const table = page.getByRole("table", { name: "Cobranças" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText("R$ 350,00")).toBeVisible();
  const number = (await table.getByRole("row").nth(1).getByRole("cell").first().innerText()).trim();

  // What it is for, on its line: the one-off's own description, marked "Avulsa" (issue 45).
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("Avulsa");
  await expect(row).toContainText("Fotos do cardápio");

  // "Alterar valor" is in the row's menu; its dialog names the client, the charge and the amount.
  await row.getByRole("button", { name: `Mais ações da cobrança ${number}` }).click();
  await page.getByRole("menuitem", { name: "Alterar valor" }).click();
  const editing = page.getByRole("dialog", { name: "Alterar valor" });
  await expect(editing).toContainText(`Cobrança ${number} de ${name} (${business}): R$ 350,00.`);

  // Zero is refused with its reason, nothing changes.
  const amount = editing.getByRole("form", { name: `Novo valor da cobrança ${number}` });
  await amount.getByLabel("Novo valor (R$)").fill("0,00");
  await amount.getByRole("button", { name: "Alterar valor" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirmar novo valor" }).click();
  await expectToast(page, "O novo valor deve ser maior que zero. Para não cobrar, cancele a cobrança.");
  await expect(editing).toContainText(`Cobrança ${number} de ${name} (${business}): R$ 350,00.`);

  await amount.getByLabel("Novo valor (R$)").fill("300,00");
  await amount.getByRole("button", { name: "Alterar valor" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`A cobrança ${number} passa de R$ 350,00 para R$ 300,00`);
  await dialog.getByRole("button", { name: "Confirmar novo valor" }).click();
  await expectToast(page, "Valor da cobrança alterado com sucesso!");
  // Done: the dialog closes on the row's new amount.
  await expect(editing).toBeHidden();
  await expect(table.getByText("R$ 300,00")).toBeVisible();
});
