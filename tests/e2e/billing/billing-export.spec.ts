// Issue 29 "Done when" step 8: Financeiro filtered on screen, exported as CSV, and the file parses
// with the filter honoured.
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import type { Page } from "@playwright/test";
import { expect, test } from "../../support/fixtures";
import { uniqueEmail } from "../../support/e2e";
import { createClientViaForm, unique } from "../../support/admin";

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
