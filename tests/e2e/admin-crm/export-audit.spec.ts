// Issue #15 items 7 and 8: the filtered leads list exported as CSV (downloaded and parsed), and the
// audit page showing the changes by the signed-in admin.
import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { expectNoA11yViolations, loginAsAdmin, uniqueEmail } from "../../support/e2e";

async function newLead(page: Page, prefix: string) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const lead = { name: `${prefix} ${suffix}`, business: `Cantina ${suffix}`, email: uniqueEmail("export") };
  // A fresh "/" each time: after a send the form is folded under the confirmation.
  await page.goto("/");
  const form = page.getByRole("form", { name: "Formulário de contato" });
  await form.getByLabel("Nome completo").fill(lead.name);
  await form.getByLabel("Nome do estabelecimento").fill(lead.business);
  await form.getByLabel("WhatsApp", { exact: true }).pressSequentially("11987654321");
  await form.getByLabel(/^E-?mail$/).fill(lead.email);
  await form.getByLabel("Plano de interesse").selectOption({ label: "Premium" });
  await form.getByRole("button", { name: "Enviar mensagem" }).click();
  await expect(
    page.getByText("Mensagem enviada com sucesso! Em breve entraremos em contato.").first(),
  ).toBeVisible();
  return lead;
}

async function downloadCsv(page: Page, linkName = "Exportar CSV") {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)], "UTF-8 BOM").toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(bytes, { bom: true, delimiter: ";" });
  return { filename: download.suggestedFilename(), rows };
}

test("the filtered funnel is exported as a CSV, and the audit page shows the move by the signed-in admin", async ({
  page,
}) => {
  test.slow();
  const lead = await newLead(page, "Lead Exportado");
  await loginAsAdmin(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(lead.email)}`);
  await page
    .getByRole("article", { name: lead.name })
    .getByRole("button", { name: "Marcar como contatado" })
    .click();
  await expect(page.getByText("Lead movido para Contatados").first()).toBeVisible();

  const { filename, rows } = await downloadCsv(page);
  expect(filename).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...data] = rows;
  expect(header.slice(0, 6)).toEqual([
    "Nome",
    "E-mail",
    "Telefone",
    "Negócio",
    "Plano de interesse",
    "Etapa",
  ]);
  // Only the searched lead: the export honours the funnel's search.
  expect(data).toHaveLength(1);
  const row = Object.fromEntries(header.map((h, i) => [h, data[0][i]]));
  expect(row).toMatchObject({
    Nome: lead.name,
    "E-mail": lead.email,
    Negócio: lead.business,
    "Plano de interesse": "Premium",
    Etapa: "Contatados",
  });
  expect(row["Recebido em"]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

  // The audit page, from the sidebar, filtered by the signed-in admin.
  await page.getByRole("link", { name: "Auditoria" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Auditoria" })).toBeVisible();
  await page.getByLabel("Pessoa", { exact: true }).selectOption({ label: "Administrador" });
  await page.getByLabel("Ação", { exact: true }).selectOption({ label: "Lead movido de etapa" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/pessoa=.+&.*acao=lead\.moved/);
  const entry = page.getByRole("row").filter({ hasText: lead.name });
  await expect(entry).toContainText("Administrador");
  await expect(entry).toContainText("Lead movido de etapa");
  await expect(entry).toContainText(/Etapa: Novos Leads →\s*(para )?Contatados/);
  await expectNoA11yViolations(page);
});

test("the clients list is exported with its search, each client with the current subscription", async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto("/admin/clients?q=nao-existe-nenhum-cliente-assim");
  const { filename, rows } = await downloadCsv(page);
  expect(filename).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain("Assinatura atual: valor mensal (R$)");
  await page.goto("/admin/referrals");
  const referrals = await downloadCsv(page);
  expect(referrals.rows[0][0]).toBe("Negócio");
  expect(referrals.rows[0]).toContain("Comissão (R$)");
});
